import type { BotDetail, InboxListResponse, StartConversationResponse } from '@parley/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  deployedBot,
  newRegistration,
  registerOwner,
  visitorSays,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listInboxConversationsById } from './inbox.repository';
import { listInbox } from './inbox.service';
import { wordIndexQuery } from './inbox-word-query';
import { findPageWithWords, searchLexemes } from './inbox-words.repository';

/** What visitors said, one conversation each, by a name for the tests. */
const said = {
  refund: 'I want a REFUND for order 4, please!',
  longerWords: 'nonrefund for order 45',
  noNumber: 'refund for order',
  hashNumber: 'Refund for Order #4',
  accents: 'Crème brûlée au café, s’il vous plaît',
  letters: 'x-ray of a b c d',
  longWord: `see ${'a'.repeat(150)} later`,
  longNumber: `call ${'7'.repeat(120)} now`,
  wildcards: 'Get a 100% refund_now',
  capitals: 'ÉCOLE Élémentaire 12',
};
type Said = keyof typeof said;

/**
 * The inbox finds the conversations whose messages contain the typed text, in any case, exactly as
 * a substring: a phrase goes through the word index first, and must find the same.
 */
const phrases: [string, Said[]][] = [
  ['refund for order 4', ['refund', 'longerWords']],
  ['for order 4', ['refund', 'longerWords']],
  ['REFUND FOR ORDER', ['refund', 'longerWords', 'noNumber', 'hashNumber']],
  ['order #4', ['hashNumber']],
  ['for order 4,', ['refund']],
  ['a refund for', ['refund']],
  ['-ray of', ['letters']],
  ['efund for ord', ['refund', 'longerWords', 'noNumber', 'hashNumber']],
  ['brûlée au café', ['accents']],
  ['BRÛLÉE AU', ['accents']],
  ['brulee au', []],
  ['s’il vous', ['accents']],
  ['of a b c', ['letters']],
  ['ray of a', ['letters']],
  ['a b', ['letters']],
  [`see ${'a'.repeat(150)} la`, ['longWord']],
  [`${'a'.repeat(120)} later`, ['longWord']],
  ['élémentaire 1', ['capitals']],
  ['ÉCOLE élémentaire', ['capitals']],
  ['order 45', ['longerWords']],
  ['order 4', ['refund', 'longerWords']],
  [`call ${'7'.repeat(120)} n`, ['longNumber']],
  [`${'7'.repeat(110)} now`, ['longNumber']],
  ['a 100% refund_n', ['wildcards']],
  ['a 100_ refund%now', []],
  ['order 5', []],
  ['zebra crossing', []],
];

describe('searching the inbox for phrases', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: string;
  let botId: string;
  const conversations = {} as Record<Said, string>;

  const start = async (deploymentKey: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { deploymentKey },
    });
    expect(response.statusCode).toBeLessThan(300);
    return response.json<StartConversationResponse>();
  };
  const list = async (query: string, headers = owner) => {
    const response = await t.request({ method: 'GET', url: `/api/inbox?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<InboxListResponse>();
  };
  const ids = (page: { conversations: { id: string }[] }) =>
    page.conversations.map((conversation) => conversation.id).sort();
  const idsOf = (names: Said[]) => names.map((name) => conversations[name]).sort();
  /** Past the newest conversations at once: the page comes from an index. */
  const throughIndex = (q: string, bot: string | null = botId) =>
    listInbox(
      t.app.ctx.database.db,
      companyId,
      { q, limit: 50, ...(bot ? { botId: bot } : {}) },
      { firstLook: 1, mostRead: 1 },
    );

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token);
    companyId = (claimsOf(registered.auth.token) as { companyId: string }).companyId;
    const deployed = await deployedBot(t, owner, 'Words', (flow: BotDetail['flow']) => flow);
    botId = deployed.bot.id;
    for (const [name, text] of Object.entries(said)) {
      const conversation = await start(deployed.key);
      await visitorSays(t, conversation, text);
      conversations[name as Said] = conversation.conversationId;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(phrases)('finds %j where it is said, whichever index is used', async (q, expected) => {
    const viaNewest = await list(`botId=${botId}&q=${encodeURIComponent(q)}`);
    expect(ids(viaNewest)).toEqual(idsOf(expected));
    expect(viaNewest.total).toEqual({ count: expected.length, capped: false });
    const viaIndex = await throughIndex(q);
    expect(ids(viaIndex)).toEqual(idsOf(expected));
    expect(viaIndex.total).toEqual({ count: expected.length, capped: false });
  });

  it('uses the word index when the text holds a whole word or the start of a number', async () => {
    const { db } = t.app.ctx.database;
    const query = async (q: string) => wordIndexQuery(await searchLexemes(db, companyId, botId, q));
    // One word, or one and a separator, may be inside or at the end of a longer word: no index words.
    expect(await query('refund')).toBeUndefined();
    expect(await query('refund, ')).toBeUndefined();
    expect(await query('4')).toBeUndefined();
    // Nor the start of a word of letters; the start of a number is.
    expect(await query('refund fo')).toBeUndefined();
    expect(await query('order 4')).toBeDefined();
    const phrase = await query('Refund for ORDER 4');
    expect(phrase).toBeDefined();
    const found = await findPageWithWords(
      db,
      { companyId, botId, text: 'Refund for ORDER 4' },
      phrase as string,
      50,
    );
    expect(found.ids.sort()).toEqual(idsOf(['refund', 'longerWords']));
    expect(found.count).toBe(2);
  });

  it('pages through the hits by id or in the inbox order alike, newest first, with the cursor', async () => {
    const { db } = t.app.ctx.database;
    const text = 'refund for order';
    const query = wordIndexQuery(await searchLexemes(db, companyId, botId, text)) as string;
    const hits = idsOf(['refund', 'longerWords', 'noNumber', 'hashNumber']);
    const byId = await findPageWithWords(db, { companyId, botId, text }, query, 2);
    expect(await findPageWithWords(db, { companyId, botId, text }, query, 2, 0)).toEqual(byId);
    expect(byId).toEqual({ ids: expect.any(Array), count: 4 });
    expect(byId.ids).toHaveLength(3);
    const [last] = await listInboxConversationsById(db, companyId, [byId.ids[1] as string]);
    const after = { lastMessageAt: last?.last_message_at as Date, id: last?.id as string };
    const rest = await findPageWithWords(db, { companyId, botId, text, after }, query, 2, 0);
    expect(rest).toEqual(await findPageWithWords(db, { companyId, botId, text, after }, query, 2));
    expect(rest.count).toBe(4);
    expect([...byId.ids.slice(0, 2), ...rest.ids].sort()).toEqual(hits);
  });

  it('counts the hits through the other filters too', async () => {
    const active = await listInbox(
      t.app.ctx.database.db,
      companyId,
      { q: 'refund for order', limit: 2, botId, status: 'active' },
      { firstLook: 1, mostRead: 1 },
    );
    expect(active.total).toEqual({ count: 4, capped: false });
    expect(active.conversations).toHaveLength(2);
    expect(active.nextCursor).not.toBeNull();
    expect((await throughIndex('refund for order 4')).total).toEqual({ count: 2, capped: false });
    expect(
      (
        await listInbox(
          t.app.ctx.database.db,
          companyId,
          { q: 'refund for order', limit: 50, status: 'ended' },
          { firstLook: 1, mostRead: 1 },
        )
      ).conversations,
    ).toEqual([]);
  });

  it('searches every bot of the company, and only that company', async () => {
    const other = await deployedBot(t, owner, 'Other words', (flow: BotDetail['flow']) => flow);
    const conversation = await start(other.key);
    await visitorSays(t, conversation, 'a refund for order 4 again');
    const stranger = await registerOwner(
      t,
      newRegistration({ email: 'rival@example.com', company_name: 'Rival' }),
    );
    const strangerBot = await deployedBot(
      t,
      authHeader(stranger.auth.token),
      'Rival',
      (flow: BotDetail['flow']) => flow,
    );
    await visitorSays(t, await start(strangerBot.key), 'refund for order 4');

    const everyBot = idsOf(['refund', 'longerWords']).concat(conversation.conversationId).sort();
    expect(ids(await throughIndex('refund for order 4', null))).toEqual(everyBot);
    expect(ids(await list(`q=${encodeURIComponent('refund for order 4')}`))).toEqual(everyBot);
    expect(ids(await throughIndex('refund for order 4'))).toEqual(idsOf(['refund', 'longerWords']));
  });

  it('finds a phrase in a bot message too long for the word index, and stores it at all', async () => {
    // A template can print up to a million characters: too many words for one tsvector (1 MB).
    const long = await deployedBot(t, owner, 'Talkative', (flow: BotDetail['flow']) => ({
      ...flow,
      modules: flow.modules.map((module) => ({
        ...module,
        content: { text: '{% for i in range(100000) %}w{{ i }} {% endfor %}the needle in it' },
      })),
    }));
    const conversation = await start(long.key);
    const found = await throughIndex('needle in it', long.bot.id);
    expect(ids(found)).toEqual([conversation.conversationId]);
    expect(ids(await throughIndex('w99999 the needle', long.bot.id))).toEqual([conversation.conversationId]);
  });

  it('keeps finding the same once the database has statistics of the word index', async () => {
    await sql`analyze conversation_messages`.execute(t.app.ctx.database.db);
    for (const [q, expected] of phrases) expect(ids(await throughIndex(q))).toEqual(idsOf(expected));
  });
});
