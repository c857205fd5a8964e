import type { AddressInfo } from 'node:net';
import type {
  AuditLogPage,
  BotList,
  CurrentUser,
  InboxListResponse,
  InboxNotice,
  MessageReport,
  StartConversationResponse,
  Team,
  TeamMember,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  deployedBot,
  mailDeliveredTo,
  registerOwner,
  rollUpNow,
  strongPassword,
  teammate,
  visitorSays,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listInbox } from '../inbox/inbox.service';

/** Every conversation asks for a person at once: each one waits in the inbox. */
const handoffFlow = flowFixture()
  .module(
    'start',
    'handoff',
    { message: 'Connecting you with a person…', reason: 'Asked' },
    { resume: 'back' },
  )
  .module('back', 'text', { text: 'The bot is back.' }, {});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Around today, whatever the time zone of the rollups' day. */
const week = `from=${day(-3)}&to=${day(1)}`;

describe('members limited to some bots', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: string;
  let shop: string;
  let clinic: string;
  let shopKey: string;
  let clinicKey: string;
  let rivalBot: string;
  const shopChats: string[] = [];
  const clinicChats: string[] = [];
  let limitedAgent: Record<string, string>;
  let unlimitedAgent: Record<string, string>;
  let limitedAnalyst: Record<string, string>;

  const memberId = async (email: string) => {
    const team = (await t.request({ method: 'GET', url: '/api/team', headers: owner })).json<Team>();
    const member = team.members.find((each) => each.email === email);
    if (!member) throw new Error(`${email} is not in the team`);
    return member.id;
  };
  const limit = (id: string, botIds: string[] | null, headers = owner) =>
    t.request({ method: 'PATCH', url: `/api/team/members/${id}`, headers, payload: { bot_ids: botIds } });
  const get = (url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers });
  const inbox = async (headers: Record<string, string>, query = '') => {
    const response = await get(`/api/inbox${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<InboxListResponse>();
  };
  const chatAbout = async (key: string, text: string) => {
    const chat = (
      await t.request({ method: 'POST', url: '/api/chat/conversations', payload: { deploymentKey: key } })
    ).json<StartConversationResponse>();
    await visitorSays(t, chat, text);
    return chat.conversationId;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t, { company_name: 'Two Brands' });
    owner = authHeader(registered.auth.token);
    ({ companyId } = claimsOf(registered.auth.token));
    const shopBot = await deployedBot(t, owner, 'Shop', handoffFlow);
    const clinicBot = await deployedBot(t, owner, 'Clinic', handoffFlow);
    shop = shopBot.bot.id;
    clinic = clinicBot.bot.id;
    shopKey = shopBot.key;
    clinicKey = clinicBot.key;
    shopChats.push(await chatAbout(shopBot.key, 'my parcel is late'));
    shopChats.push(await chatAbout(shopBot.key, 'refund for the blue shoes'));
    clinicChats.push(await chatAbout(clinicBot.key, 'refund for my appointment'));
    const rival = authHeader((await registerOwner(t, { email: 'rival@example.com' })).auth.token);
    rivalBot = (await deployedBot(t, rival, 'Rival', handoffFlow)).bot.id;

    const person = (email: string, role: 'agent' | 'analyst') =>
      teammate(t, { companyId }, { email, first_name: email.split('@')[0] ?? '', last_name: 'Team', role });
    limitedAgent = await person('lia@example.com', 'agent');
    unlimitedAgent = await person('una@example.com', 'agent');
    limitedAnalyst = await person('lou@example.com', 'analyst');
    expect((await limit(await memberId('lia@example.com'), [shop])).statusCode).toBe(200);
    expect((await limit(await memberId('lou@example.com'), [shop])).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('lists the limit on the team and on the member’s own account; no limit is every bot', async () => {
    const team = (await get('/api/team', owner)).json<Team>();
    const limits = Object.fromEntries(team.members.map((member) => [member.email, member.bot_ids]));
    expect(limits).toMatchObject({
      'lia@example.com': [shop],
      'una@example.com': null,
      'lou@example.com': [shop],
    });
    expect((await get('/api/frontend/user/me', limitedAgent)).json<CurrentUser>().bot_ids).toEqual([shop]);
    expect((await get('/api/frontend/user/me', unlimitedAgent)).json<CurrentUser>()).not.toHaveProperty(
      'bot_ids',
    );
  });

  it('shows a limited agent only their bots’ conversations, counts and search hits', async () => {
    const limited = await inbox(limitedAgent);
    expect(limited.conversations.map((row) => row.id).sort()).toEqual([...shopChats].sort());
    expect(limited.total).toEqual({ count: 2, capped: false });
    expect(limited.waiting).toBe(2);
    const searched = await inbox(limitedAgent, '?q=refund');
    expect(searched.conversations.map((row) => row.id)).toEqual([shopChats[1]]);
    const phrase = await inbox(limitedAgent, `?q=${encodeURIComponent('refund for')}`);
    expect(phrase.conversations.map((row) => row.id)).toEqual([shopChats[1]]);

    // Reading only one conversation first sends the search to the indexes: they filter too.
    const viaIndexes = await listInbox(
      t.database.db,
      companyId,
      { q: 'refund for', limit: 1 },
      { firstLook: 1, mostRead: 1 },
      [shop],
    );
    expect(viaIndexes.conversations.map((row) => row.id)).toEqual([shopChats[1]]);
    expect(viaIndexes.total.count).toBe(1);

    const everything = await inbox(unlimitedAgent);
    expect(everything.conversations).toHaveLength(3);
    expect(everything.waiting).toBe(3);
    expect((await inbox(unlimitedAgent, '?q=refund')).conversations).toHaveLength(2);
  });

  it('answers another bot, its conversations and its filter as ones that do not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const answer = async (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) => {
      const response = await t.request({
        method,
        url,
        headers: limitedAgent,
        ...(payload ? { payload } : {}),
      });
      return `${response.statusCode} ${response.json<{ error: { name: string } }>().error.name}`;
    };
    expect(await answer(`/api/inbox?botId=${clinic}`)).toBe('404 NotFoundException');
    expect(await answer(`/api/inbox?botId=${missing}`)).toBe('404 NotFoundException');
    const clinicChat = clinicChats[0] ?? '';
    for (const [url, method, payload] of [
      [`/api/inbox/conversations/${clinicChat}`, 'GET'],
      [`/api/inbox/conversations/${clinicChat}/place`, 'GET'],
      [`/api/conversations/${clinicChat}/agent-messages`, 'POST', { text: 'Hello' }],
      [`/api/conversations/${clinicChat}/pass-control`, 'POST', { to: 'agent' }],
    ] as const) {
      const taken = await t.request({ method, url, headers: limitedAgent, ...(payload ? { payload } : {}) });
      const absent = await t.request({
        method,
        url: url.replace(clinicChat, missing),
        headers: limitedAgent,
        ...(payload ? { payload } : {}),
      });
      expect({ url, status: taken.statusCode, body: taken.json() }).toEqual({
        url,
        status: absent.statusCode,
        body: absent.json(),
      });
      expect(taken.statusCode).toBe(404);
    }
    // Their own bot's conversation opens.
    expect((await get(`/api/inbox/conversations/${shopChats[0]}`, limitedAgent)).statusCode).toBe(200);
    expect((await get(`/api/inbox/conversations/${clinicChat}`, unlimitedAgent)).statusCode).toBe(200);
  });

  it('lists only the allowed bots, and reports only their figures', async () => {
    const bots = (await get('/api/bots', limitedAgent)).json<BotList>();
    expect(bots.items.map((bot) => bot.name)).toEqual(['Shop']);
    expect(bots.total).toBe(1);
    expect((await get('/api/bots', unlimitedAgent)).json<BotList>().total).toBe(2);

    await rollUpNow(t);
    const limited = await get(`/api/reports/messages?${week}`, limitedAnalyst);
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json<MessageReport>().totals.conversations).toBe(2);
    const whole = await get(`/api/reports/messages?${week}`, owner);
    expect(whole.json<MessageReport>().totals.conversations).toBe(3);
    const other = await get(`/api/reports/business?botId=${clinic}&${week}`, limitedAnalyst);
    expect(`${other.statusCode} ${other.json<{ error: { name: string } }>().error.name}`).toBe(
      '404 NotFoundException',
    );
    expect((await get(`/api/reports/business?botId=${shop}&${week}`, limitedAnalyst)).statusCode).toBe(200);
  });

  it('refuses a limit naming another company’s bot, or for a role that sees every bot', async () => {
    const agentId = await memberId('una@example.com');
    const foreign = await limit(agentId, [shop, rivalBot]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      error: { name: 'ValidationException', details: { reason: 'unknown-bot' } },
    });
    const builder = await teammate(
      t,
      { companyId },
      { email: 'bo@example.com', first_name: 'Bo', last_name: 'B', role: 'builder' },
    );
    expect(builder).toBeDefined();
    const forBuilder = await limit(await memberId('bo@example.com'), [shop]);
    expect(forBuilder.statusCode).toBe(400);
    expect(forBuilder.json()).toMatchObject({ error: { details: { reason: 'bot-limit-role' } } });
    const empty = await limit(agentId, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { name: 'ValidationException' } });
    const byAgent = await limit(agentId, [shop], limitedAgent);
    expect(byAgent.statusCode).toBe(403);
    // Nothing changed.
    expect((await get('/api/frontend/user/me', unlimitedAgent)).json<CurrentUser>()).not.toHaveProperty(
      'bot_ids',
    );
  });

  it('logs limit changes, and a role that sees every bot drops the limit', async () => {
    const id = await memberId('lou@example.com');
    expect((await limit(id, null)).json<TeamMember>().bot_ids).toBeNull();
    expect((await limit(id, [shop, clinic])).json<TeamMember>().bot_ids?.sort()).toEqual(
      [shop, clinic].sort(),
    );
    const log = (await get('/api/audit-log?kind=team', owner)).json<AuditLogPage>();
    const changes = log.items.filter((entry) => entry.action === 'team.bots-changed');
    expect(changes.map((entry) => entry.details.bots)).toEqual([2, 'all', 1, 1]);
    expect(changes[0]?.target).toMatchObject({ type: 'member', id });

    const promoted = await t.request({
      method: 'PATCH',
      url: `/api/team/members/${id}`,
      headers: owner,
      payload: { role: 'builder' },
    });
    expect(promoted.json<TeamMember>()).toMatchObject({ role: 'builder', bot_ids: null });
  });

  it('invites someone limited to some bots, who joins with that limit', async () => {
    const invited = await t.request({
      method: 'POST',
      url: '/api/team/invitations',
      headers: owner,
      payload: { email: 'ines@example.com', role: 'agent', bot_ids: [clinic] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ bot_ids: [clinic] });
    const foreign = await t.request({
      method: 'POST',
      url: '/api/team/invitations',
      headers: owner,
      payload: { email: 'ivo@example.com', role: 'agent', bot_ids: [rivalBot] },
    });
    expect(foreign.json()).toMatchObject({
      error: { name: 'ValidationException', details: { reason: 'unknown-bot' } },
    });

    const mail = await mailDeliveredTo(t, 'ines@example.com');
    const token = /\/v2\/invitation\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    const joined = await t.request({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, first_name: 'Ines', last_name: 'Agent', password: strongPassword },
    });
    const ines = authHeader(joined.json<{ token: string }>().token);
    expect((await get('/api/frontend/user/me', ines)).json<CurrentUser>().bot_ids).toEqual([clinic]);
    expect((await inbox(ines)).conversations.map((row) => row.id)).toEqual(clinicChats);
  });

  it('streams a limited agent only their bots’ conversations, with their bots’ waiting count', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/inbox/events`, {
      headers: limitedAgent,
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    const notices = () =>
      received
        .split('\n\n')
        .filter((chunk) => chunk.startsWith('event: conversation'))
        .map((chunk) => JSON.parse(chunk.split('data: ')[1] ?? '{}') as InboxNotice);
    const waitFor = async (conversationId: string) => {
      while (!notices().some((notice) => notice.conversationId === conversationId)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    };
    const hidden = await chatAbout(clinicKey, 'is the clinic open?');
    const first = await chatAbout(shopKey, 'where is my order?');
    await waitFor(first);
    // A second one of the shop: by then the clinic's notice would have come too.
    const second = await chatAbout(shopKey, 'do you ship abroad?');
    await waitFor(second);
    controller.abort();
    expect(notices().map((notice) => notice.conversationId)).not.toContain(hidden);
    expect(notices().every((notice) => notice.botId === shop)).toBe(true);
    const last = notices()
      .filter((notice) => notice.conversationId === second)
      .at(-1);
    expect(last?.waiting).toBe((await inbox(limitedAgent)).waiting);
  });
});
