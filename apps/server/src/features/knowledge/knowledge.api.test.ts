import type {
  BotDetail,
  KnowledgeOverview,
  KnowledgeSearchResponse,
  KnowledgeSource,
} from '@parley/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createdBot, registerOwner } from '../../../test/fixtures';
import { settledSource } from '../../../test/knowledge-sources';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PIECE_BYTES } from './upload-body';

const priceList = [
  'SKU,Product,Price,Category,Added',
  'SKU-1042,Red running shoes,59.90,Shoes,2026-01-15',
  'SKU-2001,Blue rain jacket,89.00,Jackets,2026-02-01',
  'SKU-2002,Green rain jacket,92.50,Jackets,2026-02-03',
  '"SKU-3001","Wool socks, pack of three",12.00,Socks,2026-03-10',
  'SKU-3002,"=HYPERLINK(""http://evil.example"")",1.00,Socks,2026-03-11',
].join('\n');

describe('CSV datasets', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let otherCompany: Record<string, string>;
  let bot: BotDetail;

  beforeAll(async () => {
    t = await createTestApp();
    headers = authHeader((await registerOwner(t)).auth.token);
    otherCompany = authHeader((await registerOwner(t, { company_name: 'Other' })).auth.token);
    bot = await createdBot(t, headers);
  });
  afterAll(() => t.close());

  const base = () => `/api/bots/${bot.id}/knowledge`;
  const upload = (
    body: string | Buffer,
    fileName = 'prices.csv',
    url = `${base()}/datasets`,
    method: 'POST' | 'PUT' = 'POST',
  ) =>
    t.request({
      method,
      url: `${url}?fileName=${encodeURIComponent(fileName)}`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });
  const settled = (id: string) => settledSource(t, headers, bot.id, { id, kind: 'csv' });
  const search = async (query: string, limit = 5) =>
    (
      await t.request({ method: 'POST', url: `${base()}/search`, headers, payload: { query, limit } })
    ).json<KnowledgeSearchResponse>();

  let prices: KnowledgeSource;

  it('takes a CSV file, processes it in the background, and previews its typed rows', async () => {
    const response = await upload(priceList);
    expect(response.statusCode).toBe(202);
    prices = response.json<KnowledgeSource>();
    expect(prices).toMatchObject({ name: 'prices', kind: 'csv', live: null });
    expect(prices.pending?.state).toMatch(/uploaded|processing/);
    expect(prices.pending?.sizeBytes).toBe(Buffer.byteLength(priceList));

    const preview = await settled(prices.id);
    expect(preview.source.pending).toBeNull();
    expect(preview.source.live).toMatchObject({
      state: 'ready',
      progress: 100,
      rowCount: 5,
      encoding: 'utf-8',
      delimiter: ',',
      error: null,
    });
    expect(preview.source.columns).toEqual([
      { name: 'SKU', type: 'text', searchable: true, filter: true },
      { name: 'Product', type: 'text', searchable: true, filter: false },
      { name: 'Price', type: 'number', searchable: false, filter: false },
      { name: 'Category', type: 'text', searchable: true, filter: true },
      { name: 'Added', type: 'date', searchable: false, filter: false },
    ]);
    expect(preview.rows[0]).toEqual({
      rowNumber: 1,
      cells: {
        SKU: 'SKU-1042',
        Product: 'Red running shoes',
        Price: 59.9,
        Category: 'Shoes',
        Added: '2026-01-15',
      },
    });
    expect(preview.rows[3]?.cells.Product).toBe('Wool socks, pack of three');
    // A formula is text, never run: said as a notice, stored as written.
    expect(preview.rows[4]?.cells.Product).toBe('=HYPERLINK("http://evil.example")');
    expect(preview.source.live?.notices.join()).toContain('1 cells start with =');

    const overview = (await t.request({ method: 'GET', url: base(), headers })).json<KnowledgeOverview>();
    expect(overview.sources.map((source) => source.id)).toEqual([prices.id]);
    expect(overview.search.semantic).toMatchObject({ enabled: false });
    expect(overview.search.semantic.reasons).toContain('no-embeddings-model');
  });

  it('narrows by a filter value the question names, then ranks full text; every result says where it is from', async () => {
    const bySku = await search('How much are the SKU-2002 jackets?');
    expect(bySku.results[0]).toMatchObject({
      sourceId: prices.id,
      sourceName: 'prices',
      rowNumber: 3,
      matchedFilters: [
        { column: 'SKU', value: 'SKU-2002' },
        { column: 'Category', value: 'Jackets' },
      ],
      cells: { Price: 92.5 },
    });
    // The filters narrowed the dataset to the row naming most of them: the other jacket is not ranked.
    expect(bySku.results).toHaveLength(1);
    expect(bySku.results[0]?.score).toBeGreaterThanOrEqual(0.5);

    const byWords = await search('rain jacket');
    expect(byWords.results.map((result) => result.rowNumber).sort()).toEqual([2, 3]);
    for (const result of byWords.results) {
      expect(result.score).toBeGreaterThan(0);
      expect(result.score).toBeLessThan(0.5);
      expect(result.matchedFilters).toEqual([]);
    }

    const byCategory = await search('which jackets do you have?');
    expect(byCategory.results.map((result) => result.rowNumber)).toEqual([2, 3]);

    const stemmed = await search('Do you sell sock packs?');
    expect(stemmed.results[0]?.rowNumber).toBe(4);
    expect((await search('helicopter')).results).toEqual([]);
  });

  it('searches only the columns chosen as searchable, and filters only by filter columns', async () => {
    const changed = await t.request({
      method: 'PATCH',
      url: `${base()}/datasets/${prices.id}`,
      headers,
      payload: {
        columns: [
          { name: 'Product', searchable: false, filter: false },
          { name: 'SKU', searchable: true, filter: false },
        ],
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<KnowledgeSource>().columns.find((column) => column.name === 'SKU')?.filter).toBe(
      false,
    );
    expect((await search('rain')).results).toEqual([]);
    expect((await search('SKU-2002')).results[0]?.matchedFilters).toEqual([]);

    const unknown = await t.request({
      method: 'PATCH',
      url: `${base()}/datasets/${prices.id}`,
      headers,
      payload: { columns: [{ name: 'Nope', searchable: true, filter: false }] },
    });
    expect(unknown.statusCode).toBe(400);
    await t.request({
      method: 'PATCH',
      url: `${base()}/datasets/${prices.id}`,
      headers,
      payload: {
        columns: [
          { name: 'Product', searchable: true, filter: false },
          { name: 'SKU', searchable: true, filter: true },
        ],
      },
    });
    expect((await search('rain jacket')).results).toHaveLength(2);
  });

  it('refuses a file over 10 MB while it streams in, with a named 413, and stores nothing', async () => {
    const before = (await t.request({ method: 'GET', url: base(), headers })).json<KnowledgeOverview>();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a,b\n');
    const response = await upload(big, 'big.csv');
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: { name: string } }>().error.name).toBe('PayloadTooLargeException');
    const after = (await t.request({ method: 'GET', url: base(), headers })).json<KnowledgeOverview>();
    expect(after.sources).toEqual(before.sources);
  });

  it('refuses an empty file and a body that is not a file', async () => {
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: { name: string } }>().error.name).toBe('ValidationException');
    const json = await t.request({
      method: 'POST',
      url: `${base()}/datasets?fileName=x.csv`,
      headers,
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(400);
  });

  it.each([
    ['a binary file named .csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 8, 0, 1, 2, 3]), /not text/, []],
    ['ragged rows', 'a,b,c\n1,2,3\n4,5\n6,7,8\n9\n', /3 columns/, [3, 5]],
    ['duplicate headers', 'Name,Price,name\nx,1,y\n', /unique.*“name”.*columns 1 and 3/, [1]],
    ['a 9 MB single line', 'x'.repeat(9 * 1024 * 1024), /longer than/, [1]],
    ['a header and no rows', 'a,b\n', /no rows/, []],
    ['an unclosed quote', 'a,b\n1,"two\n3,4\n', /never closed/, [3]],
    ['only blank lines', '\n\n \n', /empty/, []],
  ])('fails %s with the reason and the first bad lines, keeping no rows', async (_, body, reason, lines) => {
    const response = await upload(body, 'bad.csv');
    expect(response.statusCode).toBe(202);
    const source = response.json<KnowledgeSource>();
    const preview = await settled(source.id);
    expect(preview.source.live).toBeNull();
    expect(preview.source.pending).toMatchObject({ state: 'failed', errorLines: lines });
    expect(preview.source.pending?.error).toMatch(reason);
    expect(preview.rows).toEqual([]);
    const rows = await t.database.db
      .selectFrom('knowledge_rows')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('file_id', '=', preview.source.pending?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(0);
    await t.request({ method: 'DELETE', url: `${base()}/datasets/${source.id}`, headers });
  });

  it('reads semicolons, decimal commas and Windows-1252 text', async () => {
    const latin = Buffer.from(
      'Código;Descripción;Precio\nA-1;Café molido;4,50\nA-2;Té verde;3,20\n',
      'latin1',
    );
    const source = (await upload(latin, 'cafe.csv')).json<KnowledgeSource>();
    const preview = await settled(source.id);
    expect(preview.source.live).toMatchObject({ state: 'ready', encoding: 'windows-1252', delimiter: ';' });
    expect(preview.rows[0]?.cells).toEqual({ Código: 'A-1', Descripción: 'Café molido', Precio: 4.5 });
    await t.request({ method: 'DELETE', url: `${base()}/datasets/${source.id}`, headers });
  });

  it('stores a large body as pieces and reads every row back across their seams, characters cut there too', async () => {
    // A body that comes as one chunk (as `inject` or a client's framing sends it) is stored as
    // pieces of PIECE_BYTES, cut inside rows and inside emoji (four bytes, two UTF-16 halves).
    const rows = 2_500;
    const dessert = (n: number) => `Crème brûlée ${n} ${'🍮'.repeat(240)}`;
    const body = [
      'Number,Dessert',
      ...Array.from({ length: rows }, (_, index) => `${index + 1},${dessert(index + 1)}`),
    ].join('\n');
    const source = (await upload(body, 'desserts.csv')).json<KnowledgeSource>();
    const preview = await settled(source.id);
    expect(preview.source.live).toMatchObject({ state: 'ready', rowCount: rows });
    const fileId = preview.source.live?.id ?? '';
    const pieces = await t.database.db
      .selectFrom('knowledge_file_pieces')
      .select(sql<number>`octet_length(bytes)`.as('bytes'))
      .where('file_id', '=', fileId)
      .orderBy('seq')
      .execute();
    const size = Buffer.byteLength(body);
    const whole = Math.floor(size / PIECE_BYTES);
    expect(whole).toBeGreaterThan(2);
    expect(pieces.map((piece) => piece.bytes)).toEqual([
      ...Array.from({ length: whole }, () => PIECE_BYTES),
      size - whole * PIECE_BYTES,
    ]);
    const intact = await t.database.db
      .selectFrom('knowledge_rows')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('file_id', '=', fileId)
      .where(sql`cells->>'Dessert'`, '=', sql`'Crème brûlée ' || row_number || ' ' || repeat('🍮', 240)`)
      .executeTakeFirstOrThrow();
    expect(Number(intact.count)).toBe(rows);
    await t.request({ method: 'DELETE', url: `${base()}/datasets/${source.id}`, headers });
  });

  it('replaces a dataset’s file: the old rows answer until the new file is ready, then only the new', async () => {
    const replaced = await upload(
      'SKU,Product,Price,Category,Added\nSKU-9000,Yellow umbrella,25.00,Umbrellas,2026-04-01\n',
      'prices-april.csv',
      `${base()}/datasets/${prices.id}/file`,
      'PUT',
    );
    expect(replaced.statusCode).toBe(202);
    const during = replaced.json<KnowledgeSource>();
    expect(during.live?.rowCount).toBe(5);
    expect(during.pending?.fileName).toBe('prices-april.csv');
    const done = await settled(prices.id);
    expect(done.source.live).toMatchObject({ fileName: 'prices-april.csv', rowCount: 1 });
    expect(done.source.columns.find((column) => column.name === 'SKU')).toMatchObject({ filter: true });
    expect((await search('rain jacket')).results).toEqual([]);
    expect((await search('umbrella')).results[0]?.cells.SKU).toBe('SKU-9000');

    // A bad replacement fails beside the live file, which keeps answering.
    await upload('x,x\n1,2\n', 'broken.csv', `${base()}/datasets/${prices.id}/file`, 'PUT');
    const failed = await settled(prices.id);
    expect(failed.source.pending?.state).toBe('failed');
    expect(failed.source.live?.fileName).toBe('prices-april.csv');
    expect((await search('umbrella')).results).toHaveLength(1);
  });

  it('keeps each company to its own bots’ datasets', async () => {
    const asOther = (method: 'GET' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
      t.request({ method, url, headers: otherCompany, ...(payload ? { payload } : {}) });
    expect((await asOther('GET', base())).statusCode).toBe(404);
    expect((await asOther('GET', `${base()}/datasets/${prices.id}`)).statusCode).toBe(404);
    expect((await asOther('PATCH', `${base()}/datasets/${prices.id}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await asOther('DELETE', `${base()}/datasets/${prices.id}`)).statusCode).toBe(404);
    const theirs = await createdBot(t, otherCompany, 'B');
    const crossed = await t.request({
      method: 'GET',
      url: `/api/bots/${theirs.id}/knowledge/datasets/${prices.id}`,
      headers: otherCompany,
    });
    expect(crossed.statusCode).toBe(404);
    const searched = await t.request({
      method: 'POST',
      url: `/api/bots/${theirs.id}/knowledge/search`,
      headers: otherCompany,
      payload: { query: 'umbrella' },
    });
    expect(searched.json<KnowledgeSearchResponse>().results).toEqual([]);
  });

  it('deletes a dataset: its rows stop answering at once', async () => {
    const response = await t.request({ method: 'DELETE', url: `${base()}/datasets/${prices.id}`, headers });
    expect(response.statusCode).toBe(204);
    expect((await search('umbrella')).results).toEqual([]);
    expect(
      (await t.request({ method: 'GET', url: `${base()}/datasets/${prices.id}`, headers })).statusCode,
    ).toBe(404);
  });
});
