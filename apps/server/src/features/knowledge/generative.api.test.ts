import type {
  BotDetail,
  ChatMessage,
  GenerativeTab,
  GenerativeTestResponse,
  KnowledgeSource,
  StartConversationResponse,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citingFirstSource, fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, createdBot, registerOwner, startChat } from '../../../test/fixtures';
import { settledSource, uploadedSource } from '../../../test/knowledge-sources';
import { createTestApp, type TestApp } from '../../../test/test-app';

const priceList = [
  'SKU,Product,Price,Category',
  'SKU-1042,Red running shoes,59.90,Shoes',
  'SKU-2001,Blue rain jacket,89.00,Jackets',
  'SKU-3001,Wool socks,12.00,Socks',
].join('\n');

describe('generative answers from knowledge', () => {
  const model = fakeOpenAi({ tokens: citingFirstSource });
  let t: TestApp;
  let unconfigured: TestApp;
  let headers: Record<string, string>;
  let bot: BotDetail;
  let prices: KnowledgeSource;

  beforeAll(async () => {
    const baseUrl = await model.listen();
    [t, unconfigured] = await Promise.all([
      createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseUrl }),
      createTestApp(),
    ]);
    headers = authHeader((await registerOwner(t)).auth.token);
    bot = await createdBot(t, headers);
    prices = await uploadedSource(t, headers, bot.id, 'prices.csv', priceList);
    expect((await settledSource(t, headers, bot.id, prices)).source.live?.state).toBe('ready');
    // SKU is a filter column (Category is one already): a citation names the row by them.
    await t.request({
      method: 'PATCH',
      url: `/api/bots/${bot.id}/knowledge/datasets/${prices.id}`,
      headers,
      payload: { columns: [{ name: 'SKU', searchable: true, filter: true }] },
    });
  });
  afterAll(async () => {
    await Promise.all([t.close(), unconfigured.close()]);
    await model.close();
  });

  const tab = async () =>
    (
      await t.request({ method: 'GET', url: `/api/bots/${bot.id}/generative`, headers })
    ).json<GenerativeTab>();
  const save = async (settings: Partial<GenerativeTab['settings']>) => {
    const current = await tab();
    return t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/generative`,
      headers,
      payload: { settings: { ...current.settings, ...settings }, baseRevision: current.draftRevision },
    });
  };
  const ask = async (question: string, settings: Partial<GenerativeTab['settings']> = {}) =>
    t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/generative/test`,
      headers,
      payload: { question, settings: { ...(await tab()).settings, enabled: true, ...settings } },
    });

  it('starts off, with the bot’s sources to choose from and the model set up', async () => {
    const current = await tab();
    expect(current.settings).toMatchObject({ enabled: false, allSources: true, citations: true });
    expect(current.sources).toEqual([{ id: prices.id, name: 'prices', state: 'ready', error: null }]);
    expect(current.model.configured).toBe(true);
  });

  it('tests a question: the retrieved rows with scores and which were sent, the prompt, the cited answer', async () => {
    const response = await ask('How much is SKU-1042?');
    expect(response.statusCode).toBe(200);
    const result = response.json<GenerativeTestResponse>();
    expect(result.outcome).toBe('answered');
    expect(result.retrieved[0]).toMatchObject({ sourceName: 'prices', rowNumber: 1, sent: true });
    expect(result.retrieved[0]?.score).toBeGreaterThanOrEqual(0.5);
    expect(result.prompt?.user).toContain('[1] prices, row 1: SKU: SKU-1042; Product: Red running shoes');
    expect(result.prompt?.system).toContain('cite it by its number');
    expect(result.answer).toBe(
      'From what I have: SKU: SKU-1042; Product: Red running shoes; Price: 59.9; Category: Shoes [1]',
    );
    expect(result.citations).toEqual([
      {
        sourceId: prices.id,
        sourceName: 'prices',
        rowNumber: 1,
        keys: [
          { column: 'SKU', value: 'SKU-1042' },
          { column: 'Category', value: 'Shoes' },
        ],
      },
    ]);
    expect(result.tokens?.completion).toBeGreaterThan(0);
  });

  it('answers from a document’s passage and cites it by its heading', async () => {
    const returns = await uploadedSource(
      t,
      headers,
      bot.id,
      'returns.md',
      '# Returns\n\n## Refunds\n\nRefunds reach your card within five working days.',
    );
    expect((await settledSource(t, headers, bot.id, returns)).source.live?.state).toBe('ready');
    const result = (await ask('How long do refunds take?')).json<GenerativeTestResponse>();
    expect(result.retrieved[0]).toMatchObject({
      kind: 'chunk',
      sourceName: 'returns',
      heading: 'Returns › Refunds',
      text: 'Refunds reach your card within five working days.',
      sent: true,
    });
    expect(result.prompt?.user).toContain(
      '[1] returns, section “Returns › Refunds”: Refunds reach your card within five working days.',
    );
    expect(result.answer).toBe('From what I have: Refunds reach your card within five working days. [1]');
    expect(result.citations).toEqual([
      { sourceId: returns.id, sourceName: 'returns', heading: 'Returns › Refunds', keys: [] },
    ]);
    await t.request({
      method: 'DELETE',
      url: `/api/bots/${bot.id}/knowledge/documents/${returns.id}`,
      headers,
    });
  });

  it('sends nothing to the model when no row scores the minimum', async () => {
    const before = model.requests.length;
    const result = (await ask('Do you sell bicycles?', { minScore: 0.9 })).json<GenerativeTestResponse>();
    expect(result).toMatchObject({ outcome: 'no-match', answer: '', prompt: null, citations: [] });
    expect(model.requests.length).toBe(before);
  });

  it('refuses unknown sources and broken instructions by name, and a stale revision with a conflict', async () => {
    expect(
      (await save({ allSources: false, sourceIds: ['00000000-0000-4000-8000-000000000000'] })).json(),
    ).toMatchObject({ error: { name: 'ValidationException' } });
    expect((await save({ instructions: 'Hello {{ name' })).json()).toMatchObject({
      error: { name: 'TemplateException' },
    });
    const current = await tab();
    await save({ temperature: 0.3 });
    const stale = await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/generative`,
      headers,
      payload: { settings: current.settings, baseRevision: current.draftRevision },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('answers a visitor’s question the bot does not understand, with the cited row, once published', async () => {
    expect((await save({ enabled: true })).statusCode).toBe(200);
    expect((await tab()).unpublished).toBe(true);
    await t.request({ method: 'POST', url: `/api/bots/${bot.id}/publish`, headers });
    expect((await tab()).unpublished).toBe(false);
    const deployment = await t.request({
      method: 'POST',
      url: `/api/bots/${bot.id}/deployments`,
      headers,
      payload: { channel: 'webchat' },
    });
    const conversation: StartConversationResponse = await startChat(
      t,
      deployment.json<{ key: string }>().key,
    );
    const send = (text: string) =>
      t.request({
        method: 'POST',
        url: `/api/chat/conversations/${conversation.conversationId}/messages`,
        headers: { authorization: `Bearer ${conversation.token}` },
        // As the widget sends it: named, so a retry is answered once.
        payload: { text, clientMessageId: `message-${text.length}` },
      });
    const sent = await send('What does SKU-2001 cost?');
    const answered = sent.json<{ messages: ChatMessage[] }>();
    const reply = answered.messages.find((message) => message.role === 'bot');
    expect(reply?.message).toEqual({
      type: 'text',
      text: 'From what I have: SKU: SKU-2001; Product: Blue rain jacket; Price: 89; Category: Jackets [1]',
      citations: [
        {
          sourceId: prices.id,
          sourceName: 'prices',
          rowNumber: 2,
          keys: [
            { column: 'SKU', value: 'SKU-2001' },
            { column: 'Category', value: 'Jackets' },
          ],
        },
      ],
    });
    const events = await t.database.db
      .selectFrom('conversation_events')
      .select(['name', 'data'])
      .where('conversation_id', '=', conversation.conversationId)
      .where('name', '=', 'Knowledge Answer')
      .execute();
    expect(events[0]?.data).toMatchObject({
      question: 'What does SKU-2001 cost?',
      outcome: 'answered',
      sources: [{ sourceName: 'prices', rowNumber: 2, sent: true }],
    });

    // Nothing in the knowledge: the bot's fallback message answers, honestly.
    const unknown = (await send('zzz qqq')).json<{ messages: ChatMessage[] }>();
    expect(unknown.messages.find((message) => message.role === 'bot')?.message).toMatchObject({
      type: 'text',
      text: expect.stringContaining('Sorry'),
    });
  });

  it('names a missing model in the test panel', async () => {
    const owner = authHeader((await registerOwner(unconfigured)).auth.token);
    const other = await createdBot(unconfigured, owner);
    const source = await uploadedSource(unconfigured, owner, other.id, 'prices.csv', priceList);
    expect((await settledSource(unconfigured, owner, other.id, source)).source.live).not.toBeNull();
    const settings = (
      await unconfigured.request({ method: 'GET', url: `/api/bots/${other.id}/generative`, headers: owner })
    ).json<GenerativeTab>().settings;
    const response = await unconfigured.request({
      method: 'POST',
      url: `/api/bots/${other.id}/generative/test`,
      headers: owner,
      payload: { question: 'How much is SKU-1042?', settings },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { name: 'NotConfiguredException' } });
  });

  it('keeps another company’s bot out of reach', async () => {
    const stranger = authHeader((await registerOwner(t, { company_name: 'Other' })).auth.token);
    for (const request of [
      { method: 'GET' as const, url: `/api/bots/${bot.id}/generative` },
      {
        method: 'POST' as const,
        url: `/api/bots/${bot.id}/generative/test`,
        payload: { question: 'SKU-1042', settings: (await tab()).settings },
      },
    ]) {
      expect((await t.request({ ...request, headers: stranger })).statusCode).toBe(404);
    }
  });

  it('a dataset whose file failed is marked failed with its reason, and refused for generative answers and agents', async () => {
    const shop = await createdBot(t, headers, 'Broken shop');
    const good = await uploadedSource(t, headers, shop.id, 'good.csv', priceList);
    const broken = await uploadedSource(t, headers, shop.id, 'broken.csv', 'a,b,c\n1,2,3\n4,5\n');
    await settledSource(t, headers, shop.id, good);
    expect((await settledSource(t, headers, shop.id, broken)).source.pending?.state).toBe('failed');
    const generative = (
      await t.request({ method: 'GET', url: `/api/bots/${shop.id}/generative`, headers })
    ).json<GenerativeTab>();
    const reason = expect.stringContaining('3 columns');
    expect(generative.sources).toEqual([
      { id: broken.id, name: 'broken', state: 'failed', error: reason },
      { id: good.id, name: 'good', state: 'ready', error: null },
    ]);
    const choose = (sourceIds: string[]) =>
      t.request({
        method: 'PUT',
        url: `/api/bots/${shop.id}/generative`,
        headers,
        payload: {
          settings: { ...generative.settings, allSources: false, sourceIds },
          baseRevision: generative.draftRevision,
        },
      });
    const refused = await choose([good.id, broken.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        name: 'KnowledgeSourceFailedException',
        message: expect.stringContaining('“broken” failed to process'),
        details: { sources: [{ id: broken.id, name: 'broken', error: reason }] },
      },
    });
    expect((await choose([good.id])).statusCode).toBe(200);

    // Agents: offered with its state, refused by name when given to an agent.
    const bearer = { authorization: headers.authorization?.replace(/^JWT/, 'Bearer') ?? '' };
    const listed = await t.request({ url: '/agents-api/knowledge-sources', headers: bearer });
    expect(listed.json<{ sources: unknown[] }>().sources).toEqual(
      expect.arrayContaining([
        {
          id: broken.id,
          name: 'broken',
          kind: 'csv',
          botId: shop.id,
          botName: 'Broken shop',
          state: 'failed',
          error: reason,
        },
        {
          id: good.id,
          name: 'good',
          kind: 'csv',
          botId: shop.id,
          botName: 'Broken shop',
          state: 'ready',
          error: null,
        },
      ]),
    );
    const create = (knowledgeSourceIds: string[]) =>
      t.request({
        method: 'POST',
        url: '/agents-api/agents',
        headers: bearer,
        payload: { definition: { name: 'Shop desk', knowledgeSourceIds } },
      });
    const agentRefused = await create([broken.id]);
    expect(agentRefused.statusCode).toBe(400);
    expect(agentRefused.json()).toMatchObject({ error: { name: 'KnowledgeSourceFailedException' } });
    const unknown = await create(['7d1c1d52-6a4b-4c41-9f5e-2b0f3f0e9a11']);
    expect(unknown.json()).toMatchObject({ error: { name: 'ValidationException' } });
    const agent = await create([good.id]);
    expect(agent.statusCode).toBe(201);
    const { id, version, definition } = agent.json<{ id: string; version: number; definition: object }>();
    const saved = await t.request({
      method: 'PUT',
      url: `/agents-api/agents/${id}`,
      headers: bearer,
      payload: {
        definition: { ...definition, knowledgeSourceIds: [good.id, broken.id] },
        baseVersion: version,
      },
    });
    expect(saved.json()).toMatchObject({ error: { name: 'KnowledgeSourceFailedException' } });
  });
});
