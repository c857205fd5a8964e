import type {
  BotDetail,
  DocstoreStatus,
  DocumentPreview,
  KnowledgeOverview,
  KnowledgeSearchResponse,
  KnowledgeSource,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createdBot, registerOwner } from '../../../test/fixtures';
import { settledSource } from '../../../test/knowledge-sources';
import { pdfFile } from '../../../test/pdf-file';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { retrieveRows } from './knowledge-search';

const returnsPolicy = [
  '# Returns',
  '',
  'You can return any item within **30 days** of delivery.',
  '',
  '## Refunds',
  '',
  'Refunds reach your card within five working days after the parcel arrives at the warehouse.',
  '',
  '- Keep the receipt',
  '- Pack the item in its box',
  '',
  '# Shipping',
  '',
  'Orders ship from Valencia every weekday.',
].join('\n');

const careGuide = `<!doctype html><html><head><title>Care</title><style>body{color:red}</style></head>
<body><nav>Home | Shop</nav><h1>Caring for wool</h1><p>Wash wool socks by hand in cold water.</p>
<script>alert('never text')</script><h2>Drying</h2><p>Dry them flat, away from the radiator.</p></body></html>`;

describe('knowledge documents and the published store', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let otherCompany: Record<string, string>;
  let bot: BotDetail;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await registerOwner(t);
    headers = authHeader(owner.auth.token);
    otherCompany = authHeader((await registerOwner(t, { company_name: 'Other' })).auth.token);
    bot = await createdBot(t, headers);
    companyId = (
      await t.database.db
        .selectFrom('bots')
        .select('company_id')
        .where('id', '=', bot.id)
        .executeTakeFirstOrThrow()
    ).company_id;
  });
  afterAll(() => t.close());

  const base = () => `/api/bots/${bot.id}/knowledge`;
  const upload = (
    body: string | Buffer,
    fileName: string,
    options: { url?: string; method?: 'POST' | 'PUT'; type?: string; as?: Record<string, string> } = {},
  ) =>
    t.request({
      method: options.method ?? 'POST',
      url: `${options.url ?? `${base()}/documents`}?fileName=${encodeURIComponent(fileName)}`,
      headers: { ...(options.as ?? headers), 'content-type': options.type ?? 'application/octet-stream' },
      payload: body,
    });
  const documentOf = async (id: string) =>
    (await t.request({ method: 'GET', url: `${base()}/documents/${id}`, headers })).json<DocumentPreview>();
  const settled = (id: string) => settledSource(t, headers, bot.id, { id, kind: 'document' });
  const uploaded = async (body: string | Buffer, fileName: string, type?: string) => {
    const response = await upload(body, fileName, type ? { type } : {});
    expect(response.statusCode).toBe(202);
    return settled(response.json<KnowledgeSource>().id);
  };
  const search = async (query: string) =>
    (
      await t.request({ method: 'POST', url: `${base()}/search`, headers, payload: { query, limit: 5 } })
    ).json<KnowledgeSearchResponse>();
  const overview = async () =>
    (await t.request({ method: 'GET', url: base(), headers })).json<KnowledgeOverview>();
  const retrieve = (query: string, published: boolean) =>
    retrieveRows(t.database.db, companyId, bot.id, { query, limit: 5, published });

  let returns: DocumentPreview;

  it('chunks a Markdown file under its headings, in the background, and previews the chunks', async () => {
    returns = await uploaded(returnsPolicy, 'returns.md', 'text/markdown');
    expect(returns.source).toMatchObject({ kind: 'document', name: 'returns', pending: null });
    expect(returns.source.live).toMatchObject({
      state: 'ready',
      format: 'markdown',
      progress: 100,
      chunkCount: 3,
      rowCount: null,
      error: null,
    });
    expect(returns.chunks).toEqual([
      { chunkNumber: 1, heading: 'Returns', text: 'You can return any item within **30 days** of delivery.' },
      {
        chunkNumber: 2,
        heading: 'Returns › Refunds',
        text: 'Refunds reach your card within five working days after the parcel arrives at the warehouse.\n\n- Keep the receipt\n- Pack the item in its box',
      },
      { chunkNumber: 3, heading: 'Shipping', text: 'Orders ship from Valencia every weekday.' },
    ]);
  });

  it('reads an HTML page’s visible text under its headings, and a PDF’s text by page', async () => {
    const care = await uploaded(careGuide, 'care.html', 'text/html');
    expect(care.chunks).toEqual([
      { chunkNumber: 1, heading: 'Caring for wool', text: 'Wash wool socks by hand in cold water.' },
      { chunkNumber: 2, heading: 'Caring for wool › Drying', text: 'Dry them flat, away from the radiator.' },
    ]);
    const manual = await uploaded(
      pdfFile(['Warranty', 'Every jacket has a two year warranty against seam failures.']),
      'manual.pdf',
      'application/pdf',
    );
    expect(manual.source.live).toMatchObject({ format: 'pdf', chunkCount: 1 });
    expect(manual.chunks[0]).toEqual({
      chunkNumber: 1,
      heading: 'Page 1',
      text: 'Warranty\nEvery jacket has a two year warranty against seam failures.',
    });
  });

  it('finds passages by their words and headings, each result saying its document and section', async () => {
    const found = await search('How long do refunds take?');
    expect(found.results[0]).toMatchObject({
      kind: 'chunk',
      sourceId: returns.source.id,
      sourceName: 'returns',
      rowNumber: 2,
      heading: 'Returns › Refunds',
      matchedFilters: [],
      cells: {},
    });
    expect(found.results[0]?.text).toContain('five working days');
    expect(found.results[0]?.score).toBeGreaterThan(0);
    expect((await search('warranty for seams')).results[0]).toMatchObject({
      sourceName: 'manual',
      heading: 'Page 1',
    });
    expect((await search('alert never')).results).toEqual([]);
  });

  it('makes pasted questions and answers a document, one chunk per pair under its question', async () => {
    const response = await t.request({
      method: 'POST',
      url: `${base()}/documents/qa`,
      headers,
      payload: {
        name: 'FAQ',
        pairs: [
          { question: 'Do you ship to the Canary Islands?', answer: 'Yes, in four to six days.' },
          { question: 'Can I pay on delivery?', answer: 'No, we take cards and bank transfers.' },
        ],
      },
    });
    expect(response.statusCode).toBe(202);
    const faq = await settled(response.json<KnowledgeSource>().id);
    expect(faq.source.live).toMatchObject({ format: 'qa', chunkCount: 2 });
    expect(faq.chunks[1]).toEqual({
      chunkNumber: 2,
      heading: 'Can I pay on delivery?',
      text: 'No, we take cards and bank transfers.',
    });
    expect((await search('canary islands shipping')).results[0]).toMatchObject({
      sourceName: 'FAQ',
      rowNumber: 1,
    });
    const empty = await t.request({
      method: 'POST',
      url: `${base()}/documents/qa`,
      headers,
      payload: { name: 'x', pairs: [] },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('fails a scanned PDF, a damaged one and a binary file with the reason, keeping nothing of them', async () => {
    const scanned = await uploaded(pdfFile([]), 'scan.pdf');
    expect(scanned.source.live).toBeNull();
    expect(scanned.source.pending).toMatchObject({ state: 'failed', chunkCount: null });
    expect(scanned.source.pending?.error).toMatch(/has no text to read.*scanned/);
    const damaged = await uploaded(Buffer.from('%PDF-1.4\nnot really'), 'damaged.pdf');
    expect(damaged.source.pending?.error).toMatch(/could not be read/);
    const notPdf = await uploaded('plain words', 'fake.pdf');
    expect(notPdf.source.pending?.error).toMatch(/not a PDF/);
    const binary = await uploaded(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2, 3]), 'notes.txt');
    expect(binary.source.pending?.error).toMatch(/not plain text: it holds binary data/);
    const blank = await uploaded('\n\n   \n', 'blank.md');
    expect(blank.source.pending?.error).toBe('The document has no text to answer from.');
    const stored = await t.database.db
      .selectFrom('knowledge_chunks')
      .innerJoin('knowledge_files', 'knowledge_files.id', 'knowledge_chunks.file_id')
      .select('knowledge_files.file_name')
      .where('knowledge_files.state', '=', 'failed')
      .execute();
    expect(stored).toEqual([]);
    for (const id of [scanned, damaged, notPdf, binary, blank].map((each) => each.source.id)) {
      expect(
        (await t.request({ method: 'DELETE', url: `${base()}/documents/${id}`, headers })).statusCode,
      ).toBe(204);
    }
  });

  it('refuses by name what it cannot take: other file types, empty and oversized files', async () => {
    const before = (await overview()).sources;
    const docx = await upload('PK', 'contract.docx');
    expect(docx.statusCode).toBe(400);
    expect(docx.json().error).toMatchObject({ name: 'ValidationException' });
    expect(docx.json().error.message).toMatch(/\.txt, \.md, \.html or \.pdf/);
    const csv = await upload('a,b\n1,2', 'prices.csv');
    expect(csv.json().error.message).toMatch(/CSV file is a dataset/);
    const empty = await upload('', 'empty.txt');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/empty/);
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 'word '), 'big.txt', { type: 'text/plain' });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.name).toBe('PayloadTooLargeException');
    expect((await overview()).sources).toEqual(before);
  });

  it('publishes the store atomically: the published bot answers from it until it is published again or deleted', async () => {
    // Never published: the published bot knows nothing, the draft everything.
    expect((await overview()).docstore).toEqual({ publishedAt: null, changed: true });
    expect(await retrieve('refunds', true)).toEqual([]);
    expect((await retrieve('refunds', false))[0]?.sourceName).toBe('returns');

    const published = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/docstore/publish`,
      headers,
    });
    expect(published.statusCode).toBe(200);
    expect(published.json<DocstoreStatus>()).toMatchObject({ changed: false });
    expect(published.json<DocstoreStatus>().publishedAt).not.toBeNull();
    expect((await overview()).sources.every((source) => source.publication === 'published')).toBe(true);
    expect((await retrieve('refunds', true))[0]?.heading).toBe('Returns › Refunds');

    // A new file of the document: the draft answers from it once ready, the published bot still from the old one.
    const replaced = await upload('# Refunds\n\nRefunds now take ten working days.', 'returns.md', {
      url: `${base()}/documents/${returns.source.id}/file`,
      method: 'PUT',
    });
    expect(replaced.statusCode).toBe(202);
    const after = await settled(returns.source.id);
    expect(after.source.live?.fileName).toBe('returns.md');
    expect(after.source.publication).toBe('changed');
    expect((await overview()).docstore.changed).toBe(true);
    expect((await retrieve('refunds', false))[0]?.text).toContain('ten working days');
    expect((await retrieve('refunds', true))[0]?.text).toContain('five working days');

    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/publish`, headers });
    expect((await retrieve('refunds', true))[0]?.text).toContain('ten working days');
    // The old file served nobody any more and is gone.
    const files = await t.database.db
      .selectFrom('knowledge_files')
      .select('id')
      .where('source_id', '=', returns.source.id)
      .execute();
    expect(files).toHaveLength(1);

    const deleted = await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/delete`, headers });
    expect(deleted.json<DocstoreStatus>()).toEqual({ publishedAt: null, changed: true });
    expect(await retrieve('refunds', true)).toEqual([]);
    expect((await retrieve('refunds', false))[0]?.text).toContain('ten working days');
    expect((await overview()).sources.every((source) => source.publication === 'unpublished')).toBe(true);
  });

  it('publishing the bot publishes its store with it', async () => {
    const published = await t.request({ method: 'POST', url: `/api/bots/${bot.id}/publish`, headers });
    expect(published.statusCode).toBe(201);
    expect((await overview()).docstore.changed).toBe(false);
    expect((await retrieve('refunds', true))[0]?.sourceName).toBe('returns');
  });

  it('deleting a published source leaves the published bot answering from it until the next publish', async () => {
    const faq = await uploaded('# Opening hours\n\nThe Valencia shop opens at nine.', 'hours.md');
    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/publish`, headers });
    expect((await retrieve('opening hours', true))[0]?.sourceName).toBe('hours');

    const deleted = await t.request({
      method: 'DELETE',
      url: `${base()}/documents/${faq.source.id}`,
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    // The draft no longer has it; conversations on the published version still answer from it.
    expect(await retrieve('opening hours', false)).toEqual([]);
    expect((await retrieve('opening hours', true))[0]?.sourceName).toBe('hours');
    const listed = await overview();
    expect(listed.sources.map((source) => source.name)).not.toContain('hours');
    expect(listed.docstore.changed).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: `${base()}/documents/${faq.source.id}`, headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `${base()}/documents/${faq.source.id}`, headers }))
        .statusCode,
    ).toBe(404);

    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/publish`, headers });
    expect(await retrieve('opening hours', true)).toEqual([]);
    expect((await overview()).docstore.changed).toBe(false);
    const left = await t.database.db
      .selectFrom('knowledge_sources')
      .select('id')
      .where('id', '=', faq.source.id)
      .execute();
    expect(left).toEqual([]);
    // The rest of the store is untouched.
    expect((await retrieve('refunds', true))[0]?.sourceName).toBe('returns');
  });

  it('a source never published goes at once, and deleting the store drops a deleted one', async () => {
    const draftOnly = await uploaded('# Gift cards\n\nGift cards never expire.', 'gifts.md');
    expect((await retrieve('gift cards', false))[0]?.sourceName).toBe('gifts');
    await t.request({ method: 'DELETE', url: `${base()}/documents/${draftOnly.source.id}`, headers });
    const gone = await t.database.db
      .selectFrom('knowledge_sources')
      .select('id')
      .where('id', '=', draftOnly.source.id)
      .execute();
    expect(gone).toEqual([]);

    const lastOne = await uploaded('# Parking\n\nParking is free behind the shop.', 'parking.md');
    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/publish`, headers });
    await t.request({ method: 'DELETE', url: `${base()}/documents/${lastOne.source.id}`, headers });
    expect((await retrieve('parking', true))[0]?.sourceName).toBe('parking');
    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/delete`, headers });
    expect(await retrieve('parking', true)).toEqual([]);
    const dropped = await t.database.db
      .selectFrom('knowledge_sources')
      .select('id')
      .where('id', '=', lastOne.source.id)
      .execute();
    expect(dropped).toEqual([]);
    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/publish`, headers });
  });

  it('keeps another company’s bot and documents out of reach, and a document is not a dataset', async () => {
    const id = returns.source.id;
    const asOther = [
      await t.request({ method: 'GET', url: `${base()}/documents/${id}`, headers: otherCompany }),
      await t.request({ method: 'DELETE', url: `${base()}/documents/${id}`, headers: otherCompany }),
      await upload('x', 'x.txt', { as: otherCompany }),
      await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/publish`, headers: otherCompany }),
      await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/delete`, headers: otherCompany }),
    ];
    expect(asOther.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const asDataset = await t.request({ method: 'GET', url: `${base()}/datasets/${id}`, headers });
    expect(asDataset.statusCode).toBe(404);
    expect(asDataset.json().error.message).toBe('Dataset not found');
    expect((await documentOf(id)).source.live?.state).toBe('ready');
  });
});
