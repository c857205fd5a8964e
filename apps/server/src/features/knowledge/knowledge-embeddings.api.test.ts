import {
  type BotDetail,
  DEFAULT_GENERATIVE_SETTINGS,
  type GenerativeTestResponse,
  type KnowledgeOverview,
  type KnowledgeSearchResponse,
  type KnowledgeSource,
} from '@parley/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_EMBEDDING_DIMENSIONS, fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, createdBot, registerOwner } from '../../../test/fixtures';
import { settledSource, uploadedSource } from '../../../test/knowledge-sources';
import { createTestApp, eventually, type TestApp, testEngine } from '../../../test/test-app';
import { indexedEmbeddings } from './knowledge-vectors';

/** The fake model's sense of meaning: these words share a concept with no word in common. */
const concepts = { money: 'refund', back: 'refund', refunds: 'refund', reimbursed: 'refund', cash: 'refund' };

const policy = [
  '# Refunds',
  '',
  'Refunds reach your card within five working days.',
  '',
  '# Shipping',
  '',
  'Orders ship from Valencia every weekday.',
].join('\n');

const catalogue = [
  'SKU,Product,Price',
  ...Array.from({ length: 150 }, (_, index) => `SKU-${1000 + index},Item number ${index},${index + 1}.00`),
].join('\n');

const rainGear = [
  'SKU,Product,Price,Category,Description',
  'SKU-1,Blue rain jacket,89.00,Jackets,Waterproof jacket for rain',
  'SKU-2,Red rain jacket,79.00,Jackets,Light jacket',
  'SKU-3,Green jacket,69.00,Jackets,Warm jacket for winter',
  'SKU-4,Blue socks,9.00,Socks,Wool socks',
  'SKU-5,Rain boots,49.00,Shoes,Boots for rain',
  'SKU-6,Blue shirt,29.00,Shirts,Cotton shirt',
  'SKU-7,Rain hat,19.00,Hats,Hat for rain',
  'SKU-8,Blue cap,15.00,Hats,Cap',
  'SKU-9,Jacket liner,25.00,Jackets,Liner for any jacket',
  'SKU-10,Umbrella,22.00,Accessories,Keeps the rain off',
].join('\n');

const careGuide = '# Jacket care\n\nWash the rain jacket cold; rain and more rain will not soak it.';

describe('semantic search: embeddings from the configured model, fused with full text', () => {
  const model = fakeOpenAi({ concepts });
  const refusing = fakeOpenAi({ refuseEmbeddings: { status: 500, message: 'The embeddings server broke' } });
  let t: TestApp;
  let broken: TestApp;
  let headers: Record<string, string>;
  let brokenHeaders: Record<string, string>;
  let bot: BotDetail;

  beforeAll(async () => {
    const [baseUrl, brokenUrl] = await Promise.all([model.listen(), refusing.listen()]);
    const env = { OPENAI_API_KEY: 'test-key', OPENAI_EMBEDDINGS_MODEL: 'text-embedding-test' };
    [t, broken] = await Promise.all([
      createTestApp({ ...env, OPENAI_BASE_URL: baseUrl }),
      createTestApp({ ...env, OPENAI_BASE_URL: brokenUrl }),
    ]);
    headers = authHeader((await registerOwner(t)).auth.token);
    brokenHeaders = authHeader((await registerOwner(broken)).auth.token);
    bot = await createdBot(t, headers);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([t.close(), broken.close()]);
    await Promise.all([model.close(), refusing.close()]);
  });

  const overview = async (app = t, as = headers, botId = bot.id) =>
    (
      await app.request({ method: 'GET', url: `/api/bots/${botId}/knowledge`, headers: as })
    ).json<KnowledgeOverview>();
  const search = async (query: string, app = t, as = headers, botId = bot.id) =>
    (
      await app.request({
        method: 'POST',
        url: `/api/bots/${botId}/knowledge/search`,
        headers: as,
        payload: { query, limit: 5 },
      })
    ).json<KnowledgeSearchResponse>();
  /** Waits, as the Knowledge tab polls, until the source's live file is embedded (or failed to be). */
  const embedded = (id: string, app = t, as = headers, botId = bot.id) =>
    eventually(async () => {
      const source = (await overview(app, as, botId)).sources.find((each) => each.id === id);
      const state = source?.live?.embedding?.state;
      return state === 'ready' || source?.live?.embedding?.error ? source : undefined;
    }, 30_000);

  let document: KnowledgeSource;

  it('embeds a document’s chunks in the background and says semantic search is on', async () => {
    document = await uploadedSource(t, headers, bot.id, 'policy.md', policy);
    const ready = await embedded(document.id);
    expect(ready?.live?.chunkCount).toBe(2);
    expect(ready?.live?.embedding).toEqual({
      state: 'ready',
      model: 'text-embedding-test',
      embedded: 2,
      error: null,
    });
    expect((await overview()).search.semantic).toEqual({
      enabled: true,
      model: 'text-embedding-test',
      reasons: [],
    });
    const calls = model.requests.filter((request) => request.path === '/v1/embeddings');
    expect(calls[0]?.body).toMatchObject({
      model: 'text-embedding-test',
      input: [
        'Refunds\nRefunds reach your card within five working days.',
        'Shipping\nOrders ship from Valencia every weekday.',
      ],
    });
  });

  it('finds a passage by its meaning when the question shares none of its words', async () => {
    const found = await search('When do I get my money back?');
    expect(found.semantic).toBe(true);
    expect(found.results[0]).toMatchObject({ kind: 'chunk', heading: 'Refunds', textScore: 0 });
    expect(found.results[0]?.vectorScore).toBeGreaterThan(0.3);
    expect(found.results[0]?.score).toBe(found.results[0]?.vectorScore);
    // The question was embedded with the same model.
    const last = model.requests.filter((request) => request.path === '/v1/embeddings').at(-1);
    expect(last?.body).toMatchObject({
      model: 'text-embedding-test',
      input: ['When do I get my money back?'],
    });
  });

  it('fuses the two rankings: a passage matching both words and meaning comes first', async () => {
    const found = await search('Valencia orders');
    expect(found.results[0]).toMatchObject({ heading: 'Shipping' });
    expect(found.results[0]?.textScore).toBeGreaterThan(0);
    expect(found.results[0]?.vectorScore).toBeGreaterThan(0);
  });

  it('embeds a dataset’s rows as their searchable columns, in batches of at most 64', async () => {
    const before = model.requests.length;
    const dataset = await uploadedSource(t, headers, bot.id, 'catalogue.csv', catalogue);
    const ready = await embedded(dataset.id);
    expect(ready?.live?.embedding).toMatchObject({ state: 'ready', embedded: 150 });
    const batches = model.requests.slice(before).filter((request) => request.path === '/v1/embeddings');
    expect(batches.map((request) => (request.body.input as string[]).length)).toEqual([64, 64, 22]);
    expect((batches[0]?.body.input as string[] | undefined)?.[0]).toBe(
      'SKU: SKU-1000; Product: Item number 0',
    );
    // An exact filter value still narrows the dataset to its row first.
    const found = await search('Is SKU-1042 in stock?');
    expect(found.results[0]).toMatchObject({ kind: 'row', rowNumber: 43 });
    expect(found.results[0]?.matchedFilters).toEqual([{ column: 'SKU', value: 'SKU-1042' }]);
  });

  it('indexes each embeddings size with HNSW where the database has pgvector, and ranks through it', async () => {
    const db = t.database.db;
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
      where indexname like 'knowledge_%_embedding_%_hnsw' order by indexname`.execute(db);
    if (testEngine === 'pglite') {
      // PGlite loads pgvector's package: the fake model's 64 numbers are indexed for rows and chunks.
      expect(indexes.rows.map((index) => index.indexname)).toEqual([
        'knowledge_chunks_embedding_64_hnsw',
        'knowledge_rows_embedding_64_hnsw',
      ]);
      expect(await indexedEmbeddings(db, FAKE_EMBEDDING_DIMENSIONS)).toBe(true);
    } else {
      // This machine's PostgreSQL has no pgvector: embeddings are compared by an exact scan.
      expect(indexes.rows).toEqual([]);
      expect(await indexedEmbeddings(db, FAKE_EMBEDDING_DIMENSIONS)).toBe(false);
    }
    // The passage sharing no word with the question is found by meaning, through the index here.
    const found = await search('How do I get my money back?');
    expect(found.semantic).toBe(true);
    expect(found.results[0]).toMatchObject({ kind: 'chunk', heading: 'Refunds', textScore: 0 });
    expect(found.results[0]?.vectorScore).toBeGreaterThan(0.3);
  });

  it('the published store is searched by meaning too', async () => {
    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/docstore/publish`, headers });
    const test = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/generative/test`,
      headers,
      payload: {
        question: 'Can I get my cash back?',
        settings: { ...DEFAULT_GENERATIVE_SETTINGS, enabled: true, minScore: 0.3 },
      },
    });
    expect(test.statusCode).toBe(200);
    const run = test.json();
    expect(run.semantic).toBe(true);
    expect(run.retrieved[0]).toMatchObject({ heading: 'Refunds', textScore: 0, sent: true });
  });

  it('a file not compared by meaning (embedding pending or failed) still has its best word match sent', async () => {
    const shop = await createdBot(t, headers, 'Rainwear');
    const gear = await uploadedSource(t, headers, shop.id, 'gear.csv', rainGear);
    await embedded(gear.id, t, headers, shop.id);
    const care = await uploadedSource(t, headers, shop.id, 'care.md', careGuide);
    await embedded(care.id, t, headers, shop.id);
    // As while the guide's embeddings are still being made (or failed): its passage has none.
    await sql`update knowledge_chunks set embedding = null
      where file_id = (select live_file_id from knowledge_sources where id = ${care.id})`.execute(
      t.database.db,
    );
    const test = await t.request({
      method: 'POST',
      url: `/api/bots/${shop.id}/generative/test`,
      headers,
      payload: { question: 'rain', settings: { ...DEFAULT_GENERATIVE_SETTINGS, enabled: true } },
    });
    const run = test.json<GenerativeTestResponse>();
    expect(run.semantic).toBe(true);
    // It matches the word as well as the best rows do: counted as absent from the meaning ranking,
    // it came sixth, behind every embedded row matching the word at all, and was not sent.
    const passage = run.retrieved.find((row) => row.kind === 'chunk');
    expect(passage).toMatchObject({ heading: 'Jacket care', vectorScore: null, sent: true, reason: 'sent' });
    expect(passage?.rank).toBeLessThanOrEqual(3);
    // The rows come in fused rank order, which the fused score decides.
    expect(run.retrieved.map((row) => row.rank)).toEqual(run.retrieved.map((_, index) => index + 1));
    const fused = run.retrieved.map((row) => row.fusedScore);
    expect(fused).toEqual([...fused].sort((a, b) => b - a));
    expect(run.retrieved.filter((row) => row.sent)).toHaveLength(run.sentLimit);
    for (const row of run.retrieved.filter((each) => !each.sent))
      expect(row.reason).toBe(
        row.score < DEFAULT_GENERATIVE_SETTINGS.minScore ? 'below-minimum' : 'not-in-top-k',
      );
  });

  it('a model that fails leaves the file searched by its words, with the reason shown', async () => {
    const shop = await createdBot(broken, brokenHeaders);
    const source = await uploadedSource(broken, brokenHeaders, shop.id, 'policy.md', policy);
    const failed = await embedded(source.id, broken, brokenHeaders, shop.id);
    expect(failed?.live?.state).toBe('ready');
    expect(failed?.live?.embedding?.error).toBe('The embeddings server broke');
    expect(failed?.live?.embedding?.embedded).toBe(0);
    // The question cannot be embedded either: words alone, no error for the visitor.
    const found = await search('refunds', broken, brokenHeaders, shop.id);
    expect(found.semantic).toBe(false);
    expect(found.results[0]).toMatchObject({ heading: 'Refunds', vectorScore: null });
  });

  it('without an embeddings model, search is by words alone and the settings say why', async () => {
    const plain = await createTestApp();
    try {
      const as = authHeader((await registerOwner(plain)).auth.token);
      const shop = await createdBot(plain, as, 'S');
      const source = await uploadedSource(plain, as, shop.id, 'policy.md', policy);
      const ready = await settledSource(plain, as, shop.id, source);
      expect(ready.source.live?.state).toBe('ready');
      expect(ready.source.live?.embedding).toBeNull();
      expect((await overview(plain, as, shop.id)).search.semantic).toEqual({
        enabled: false,
        model: null,
        reasons: ['no-embeddings-model'],
      });
      const found = await search('money back', plain, as, shop.id);
      expect(found).toMatchObject({ semantic: false, results: [] });
    } finally {
      await plain.close();
    }
  }, 180_000);
});
