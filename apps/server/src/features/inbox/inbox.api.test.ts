import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ChatMessage,
  InboxConversation,
  InboxListResponse,
  InboxNotice,
  InboxTranscript,
  StartConversationResponse,
} from '@parley/contracts';
import { parseEventData } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  deployedBot,
  newRegistration,
  registerOwner,
  startChat,
  teammate,
  visitorSays,
} from '../../../test/fixtures';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app';
import { listInbox } from './inbox.service';

/** Buttons for an order lookup (a webhook) or a person; anything else is a fallback. */
const supportFlow = (hookUrl: string) =>
  flowFixture()
    .module(
      'start',
      'buttons',
      {
        text: 'How can I help?',
        buttons: [
          { id: 'order', label: 'Where is my order?', action: { type: 'goto' } },
          { id: 'person', label: 'Talk to a person', action: { type: 'goto' } },
        ],
      },
      { 'button:order': 'lookup', 'button:person': 'handoff' },
    )
    .module(
      'lookup',
      'webhook',
      { method: 'GET', url: hookUrl, responseVariable: 'order' },
      { success: 'status', failure: 'start' },
    )
    .module('status', 'text', { text: 'Your order is **{{ order.status }}**.' }, { next: 'start' })
    .module(
      'handoff',
      'handoff',
      { message: 'Connecting you with a person…', reason: 'Asked for a person' },
      { resume: 'back' },
    )
    .module('back', 'text', { text: 'The bot is back. Anything else?' }, { next: 'start' });

describe('the inbox and human handoff', () => {
  let t: TestApp;
  let hook: Server;
  let owner: Record<string, string>;
  let colleague: Record<string, string>;
  let stranger: Record<string, string>;
  let key: string;
  let botId: string;
  let otherBotKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    hook = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ status: 'shipped' }));
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/orders/17`;

    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token);
    const deployed = await deployedBot(t, owner, 'Support', supportFlow(hookUrl));
    key = deployed.key;
    botId = deployed.bot.id;
    otherBotKey = (await deployedBot(t, owner, 'Sales', supportFlow(hookUrl))).key;

    // A second person of the same company, and someone of another company.
    colleague = await teammate(t, claimsOf(registered.auth.token), {
      email: 'cleo@example.com',
      first_name: 'Cleo',
      last_name: 'Agent',
    });
    stranger = authHeader(
      (await registerOwner(t, newRegistration({ email: 'stranger@example.com', company_name: 'Rival' }))).auth
        .token,
    );
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => hook.close(resolve));
  });

  const start = (deploymentKey = key, user?: object) =>
    t
      .request({
        method: 'POST',
        url: '/api/chat/conversations',
        payload: { deploymentKey, ...(user ? { user } : {}) },
      })
      .then((response) => response.json<StartConversationResponse>());
  const list = async (headers: Record<string, string>, query = '') => {
    const response = await t.request({ method: 'GET', url: `/api/inbox${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<InboxListResponse>();
  };
  const transcript = async (conversationId: string, headers = owner) =>
    (
      await t.request({ method: 'GET', url: `/api/inbox/conversations/${conversationId}`, headers })
    ).json<InboxTranscript>();
  const passControl = (conversationId: string, to: 'agent' | 'bot', headers = owner) =>
    t.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/pass-control`,
      headers,
      payload: { to },
    });
  const reply = (conversationId: string, text: string, headers = owner) =>
    t.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/agent-messages`,
      headers,
      payload: { text },
    });
  const botTexts = (messages: ChatMessage[]) =>
    messages
      .filter((message) => message.role === 'bot')
      .map((message) => ('text' in message.message ? message.message.text : ''));

  it('hands over to an agent and back without the bot answering in between, every change in the transcript', async () => {
    const visitor = await start(key, { name: 'Vera Visitor', email: 'vera@example.com' });
    const asked = await visitorSays(t, visitor, {
      postback: 'parley:button:start:person',
      label: 'Talk to a person',
    });
    expect(botTexts(asked)).toEqual(['Connecting you with a person…']);

    // Waiting for an agent: listed in the Waiting view and counted.
    const waiting = await list(owner, `?status=waiting&botId=${botId}`);
    expect(waiting.conversations.map((conversation) => conversation.id)).toEqual([visitor.conversationId]);
    expect(waiting.waiting).toBe(1);
    expect(waiting.conversations[0]).toMatchObject({ status: 'waiting', hasHandoff: true, agent: null });

    // No reply without control.
    const early = await reply(visitor.conversationId, 'Hello!');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.name).toBe('ConflictException');

    const taken = await passControl(visitor.conversationId, 'agent');
    expect(taken.statusCode).toBe(200);
    expect(taken.json<InboxConversation>()).toMatchObject({
      status: 'with_agent',
      agent: { name: expect.any(String) },
    });
    expect((await passControl(visitor.conversationId, 'agent')).statusCode).toBe(409);
    expect((await list(owner, `?botId=${botId}`)).waiting).toBe(0);

    // A colleague cannot take it, nor reply, while the first agent has it.
    const stolen = await passControl(visitor.conversationId, 'agent', colleague);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().error.message).toBe('Another agent has this conversation');
    expect((await reply(visitor.conversationId, 'I can help too', colleague)).statusCode).toBe(409);

    // The visitor writes: stored, the bot stays silent; the agent answers and the visitor gets it.
    const during = await visitorSays(t, visitor, 'Where is my parcel?');
    expect(botTexts(during)).toEqual([]);
    const answered = await reply(visitor.conversationId, 'Let me check that for you.');
    expect(answered.statusCode).toBe(200);
    const history = (
      await t.request({
        method: 'GET',
        url: `/api/chat/v3/conversations/${visitor.conversationId}/history`,
        headers: { authorization: `Bearer ${visitor.token}` },
      })
    ).json<{ messages: ChatMessage[] }>().messages;
    expect(history.at(-1)).toMatchObject({
      role: 'agent',
      message: { type: 'text', text: 'Let me check that for you.' },
    });

    // A note for the team, then control back to the bot, which resumes where the handoff says.
    const note = await t.request({
      method: 'POST',
      url: `/api/conversations/${visitor.conversationId}/notes`,
      headers: owner,
      payload: { text: 'Parcel 17 is late; offered a voucher.' },
    });
    expect(note.statusCode).toBe(204);
    expect((await passControl(visitor.conversationId, 'bot')).statusCode).toBe(200);
    expect((await passControl(visitor.conversationId, 'bot')).statusCode).toBe(409);
    expect((await reply(visitor.conversationId, 'One more thing')).statusCode).toBe(409);

    const full = await transcript(visitor.conversationId);
    expect(full.conversation).toMatchObject({
      status: 'active',
      agent: null,
      user: { name: 'Vera Visitor' },
    });
    expect(botTexts(full.messages)).toContain('The bot is back. Anything else?');
    const names = full.events.map((event) => event.name);
    expect(names).toEqual(
      expect.arrayContaining(['Conversation Started', 'Handoff Requested', 'Pass Control', 'Internal Note']),
    );
    const control = full.events
      .filter((event) => event.name === 'Pass Control')
      .map((event) => event.data.to);
    expect(control).toEqual(['agent', 'bot']);
    // Each event sits after the message it followed.
    const handoffAsked = full.events.find((event) => event.name === 'Handoff Requested');
    const handoffMessage = full.messages.find(
      (message) => 'text' in message.message && message.message.text === 'Connecting you with a person…',
    );
    expect(handoffAsked?.afterSeq).toBe(handoffMessage?.seq);
    const noteEvent = full.events.find((event) => event.name === 'Internal Note');
    const agentMessage = full.messages.find((message) => message.role === 'agent');
    expect(noteEvent).toMatchObject({
      afterSeq: agentMessage?.seq,
      data: { text: 'Parcel 17 is late; offered a voucher.' },
    });
  });

  it('shows each webhook call with its status, time, endpoint and response', async () => {
    const visitor = await start();
    await visitorSays(t, visitor, { postback: 'parley:button:start:order', label: 'Where is my order?' });
    const { events } = await transcript(visitor.conversationId);
    const webhook = events.find((event) => event.name === 'Webhook Result');
    expect(webhook?.data).toMatchObject({
      ok: true,
      status: 200,
      method: 'GET',
      endpoint: expect.stringMatching(/\/orders\/17$/),
      response: '{"status":"shipped"}',
      durationMs: expect.any(Number),
    });
  });

  it('filters by status, channel, handoff, fallback, words and user, and marks unread', async () => {
    const fell = await start(otherBotKey, { name: 'Felix Fallback' });
    await visitorSays(t, fell, 'asdf qwerty');
    const { conversations } = await list(owner, '?hasFallback=true');
    expect(conversations.map((conversation) => conversation.id)).toContain(fell.conversationId);
    expect(conversations.every((conversation) => conversation.hasFallback)).toBe(true);
    expect((await list(owner, '?q=qwerty')).conversations.map((conversation) => conversation.id)).toEqual([
      fell.conversationId,
    ]);
    expect((await list(owner, '?q=%25')).conversations).toEqual([]);
    expect((await list(owner, '?user=felix')).conversations.map((conversation) => conversation.id)).toEqual([
      fell.conversationId,
    ]);
    expect((await list(owner, '?channel=whatsapp')).conversations).toEqual([]);
    expect(
      (await list(owner, '?hasHandoff=true')).conversations.every((conversation) => conversation.hasHandoff),
    ).toBe(true);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await list(owner, `?from=${future}`)).conversations).toEqual([]);

    const listed = (await list(owner, '?q=qwerty')).conversations[0];
    expect(listed).toMatchObject({
      unread: true,
      lastMessageText: "Sorry, I didn't get that. Could you say it another way?",
      channel: 'webchat',
    });
    const shown = await transcript(fell.conversationId);
    const read = await t.request({
      method: 'POST',
      url: `/api/inbox/conversations/${fell.conversationId}/read`,
      headers: owner,
      payload: { afterSeq: 1, afterEvent: shown.eventCursor },
    });
    expect(read.statusCode).toBe(200);
    // What the reader lacked comes back with the mark: what it marked read is what it sees.
    const caughtUp = read.json<InboxTranscript>();
    expect(caughtUp.conversation).toMatchObject({ id: fell.conversationId, unread: false });
    expect(caughtUp.messages.map((message) => message.seq)).toEqual(
      shown.messages.filter((message) => message.seq > 1).map((message) => message.seq),
    );
    expect(caughtUp.events).toEqual([]);
    expect((await list(owner, '?q=qwerty')).conversations[0]?.unread).toBe(false);
    for (const payload of [
      undefined,
      {},
      { afterSeq: -1, afterEvent: 0 },
      { afterSeq: 1, afterEvent: 0, x: 1 },
    ]) {
      const refused = await t.request({
        method: 'POST',
        url: `/api/inbox/conversations/${fell.conversationId}/read`,
        headers: owner,
        ...(payload ? { payload } : {}),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.name).toBe('ValidationException');
    }
  });

  it('pages by last activity with a cursor, never repeating or skipping a conversation', async () => {
    const headers = authHeader(
      (await registerOwner(t, newRegistration({ email: 'pager@example.com' }))).auth.token,
    );
    const { key: pagerKey } = await deployedBot(t, headers, 'Pager', supportFlow('http://127.0.0.1:9/'));
    const started: string[] = [];
    for (let index = 0; index < 7; index++) started.push((await startChat(t, pagerKey)).conversationId);

    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: InboxListResponse = await list(headers, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toEqual({ count: 7, capped: false });
      seen.push(...page.conversations.map((conversation) => conversation.id));
      cursor = page.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...started].reverse());

    const bad = await t.request({ method: 'GET', url: '/api/inbox?cursor=not-a-cursor', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.name).toBe('ValidationException');
    const badStatus = await t.request({ method: 'GET', url: '/api/inbox?status=sleeping', headers });
    expect(badStatus.statusCode).toBe(400);
  });

  it('searches words page by page: common ones among the newest conversations, rare ones through the index', async () => {
    const registered = await registerOwner(t, newRegistration({ email: 'words@example.com' }));
    const headers = authHeader(registered.auth.token);
    const { key: wordsKey } = await deployedBot(t, headers, 'Words', supportFlow('http://127.0.0.1:9/'));
    const oldest = await startChat(t, wordsKey);
    await visitorSays(t, oldest, 'my zebra ate the parcel');
    const started = [oldest];
    for (let index = 0; index < 6; index++) started.push(await startChat(t, wordsKey));
    const newestFirst = [...started].reverse().map((chat) => chat.conversationId);

    // Every conversation says "help": pages fill from the newest, and the count says "more than".
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: InboxListResponse = await list(
        headers,
        `?limit=3&q=HELP${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.total.capped).toBe(true);
      seen.push(...page.conversations.map((conversation) => conversation.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(newestFirst);

    // A word in one conversation: exact count, whichever way it is found.
    const rare = await list(headers, '?limit=3&q=zebra');
    expect(rare.conversations.map((conversation) => conversation.id)).toEqual([oldest.conversationId]);
    expect(rare.total).toEqual({ count: 1, capped: false });
    const { companyId } = claimsOf(registered.auth.token) as { companyId: string };
    // However few conversations it may read first or at most, the answers are the same.
    const reads = [
      { firstLook: 1, mostRead: 1 },
      { firstLook: 1, mostRead: 6 },
      { firstLook: 2, mostRead: 3 },
      { firstLook: 100, mostRead: 100 },
    ];
    for (const read of reads) {
      const viaIndex = await listInbox(t.app.ctx.database.db, companyId, { q: 'zebra', limit: 3 }, read);
      expect(viaIndex.conversations.map((conversation) => conversation.id)).toEqual([oldest.conversationId]);
      expect(viaIndex.total).toEqual({ count: 1, capped: false });
      const common = await listInbox(t.app.ctx.database.db, companyId, { q: 'help', limit: 3 }, read);
      expect(common.conversations.map((conversation) => conversation.id)).toEqual(newestFirst.slice(0, 3));
      expect(common.nextCursor).not.toBeNull();
    }
  });

  it('keeps each company to its own conversations; only Parley staff may look at another company', async () => {
    const visitor = await start();
    expect((await list(stranger)).conversations).toEqual([]);
    const foreign = await t.request({
      method: 'GET',
      url: `/api/inbox/conversations/${visitor.conversationId}`,
      headers: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await passControl(visitor.conversationId, 'agent', stranger)).statusCode).toBe(404);
    expect((await reply(visitor.conversationId, 'hi', stranger)).statusCode).toBe(404);

    const ownCompany = (await transcript(visitor.conversationId)).conversation.botId;
    const companyId = (
      await t.database.db
        .selectFrom('bots')
        .select('company_id')
        .where('id', '=', ownCompany)
        .executeTakeFirstOrThrow()
    ).company_id;
    const peek = await t.request({
      method: 'GET',
      url: `/api/inbox?companyId=${companyId}`,
      headers: stranger,
    });
    expect(peek.statusCode).toBe(403);
    expect(peek.json().error.name).toBe('ForbiddenException');

    // The stranger's company becomes Parley's Internal company: now it may look.
    const strangerCompany = await t.database.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'stranger@example.com')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', strangerCompany.company_id)
      .execute();
    const staff = await list(stranger, `?companyId=${companyId}`);
    expect(staff.conversations.map((conversation) => conversation.id)).toContain(visitor.conversationId);
  });

  it('lets Parley staff read another company’s conversations and add notes, but not take over, reply or mark read', async () => {
    const visitor = await start();
    await visitorSays(t, visitor, { postback: 'parley:button:start:person', label: 'Talk to a person' });
    const companyId = (
      await t.database.db
        .selectFrom('bots')
        .select('company_id')
        .where('id', '=', botId)
        .executeTakeFirstOrThrow()
    ).company_id;
    const staffSignUp = await registerOwner(t, { company_name: 'Parley' });
    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', claimsOf(staffSignUp.auth.token).companyId)
      .execute();
    const staff = authHeader(staffSignUp.auth.token);
    const asStaff = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.request({
        method,
        url: `${path}${path.includes('?') ? '&' : '?'}companyId=${companyId}`,
        headers: staff,
        ...(payload ? { payload } : {}),
      });
    const conversation = `/api/conversations/${visitor.conversationId}`;

    expect((await asStaff('GET', '/api/inbox')).statusCode).toBe(200);
    expect((await asStaff('GET', `/api/inbox/conversations/${visitor.conversationId}`)).statusCode).toBe(200);
    expect((await asStaff('GET', '/api/bots')).statusCode).toBe(200);
    expect((await asStaff('GET', '/api/reports/business?from=2026-01-01&to=2026-01-31')).statusCode).toBe(
      200,
    );
    const note = await asStaff('POST', `${conversation}/notes`, {
      text: 'Parley support: looked at this one.',
    });
    expect(note.statusCode).toBe(204);

    for (const [path, payload] of [
      [`${conversation}/pass-control`, { to: 'agent' }],
      [`${conversation}/agent-messages`, { text: 'Hello from Parley' }],
      [`/api/inbox/conversations/${visitor.conversationId}/read`, { afterSeq: 0, afterEvent: 0 }],
    ] as const) {
      const refused = await asStaff('POST', path, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        name: 'ForbiddenException',
        details: { reason: 'staff-read-only' },
      });
    }
    const after = await transcript(visitor.conversationId);
    expect(after.conversation).toMatchObject({ status: 'waiting', agent: null, unread: true });
    expect(after.messages.filter((message) => message.role === 'agent')).toEqual([]);
    expect(after.events.find((event) => event.name === 'Internal Note')?.data).toMatchObject({
      text: 'Parley support: looked at this one.',
    });
  });

  it('says which company and bot a linked conversation belongs to: the own company’s, or for Parley staff any', async () => {
    const sales = await start(otherBotKey);
    const salesBotId = (await transcript(sales.conversationId)).conversation.botId;
    const companyId = (
      await t.database.db
        .selectFrom('bots')
        .select('company_id')
        .where('id', '=', salesBotId)
        .executeTakeFirstOrThrow()
    ).company_id;
    const place = (headers: Record<string, string>, id = sales.conversationId) =>
      t.request({ method: 'GET', url: `/api/inbox/conversations/${id}/place`, headers });

    const own = await place(colleague);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ companyId, botId: salesBotId });
    expect(salesBotId).not.toBe(botId);

    // Another company's conversation is not there for its owner, and an unknown id is not either.
    const outsider = authHeader(
      (await registerOwner(t, newRegistration({ email: 'outsider@example.com', company_name: 'Elsewhere' })))
        .auth.token,
    );
    for (const [headers, id] of [
      [outsider, sales.conversationId],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-an-id'],
    ] as const) {
      const missing = await place(headers, id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.name).toBe('NotFoundException');
    }

    const staffSignUp = await registerOwner(
      t,
      newRegistration({ email: 'support@parley.example', company_name: 'Parley staff' }),
    );
    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', claimsOf(staffSignUp.auth.token).companyId)
      .execute();
    const staff = await place(authHeader(staffSignUp.auth.token));
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toEqual({ companyId, botId: salesBotId });
  });

  it('streams every change of the company’s conversations live, from whichever server process stored it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // On PostgreSQL the visitor and the agent reach another server process than the inbox's stream.
    const elsewhere = testEngine === 'postgres' ? await t.secondInstance() : t.app;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/inbox/events?botId=${botId}`, {
      headers: owner,
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    const notices = () =>
      received
        .split('\n\n')
        .filter((chunk) => chunk.startsWith('event: conversation'))
        .map((chunk) => JSON.parse(chunk.split('data: ')[1] ?? '{}') as InboxNotice);
    const waitFor = async (check: (all: InboxNotice[]) => boolean) => {
      while (!check(notices())) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    };

    const visitor = (
      await elsewhere.inject({
        method: 'POST',
        url: '/api/chat/conversations',
        payload: { deploymentKey: key },
      })
    ).json<StartConversationResponse>();
    // Another bot of the company: not on this bot's stream.
    await elsewhere.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { deploymentKey: otherBotKey },
    });
    await visitorSays(elsewhere, visitor, {
      postback: 'parley:button:start:person',
      label: 'Talk to a person',
    });
    const taken = await elsewhere.inject({
      method: 'POST',
      url: `/api/conversations/${visitor.conversationId}/pass-control`,
      headers: owner,
      payload: { to: 'agent' },
    });
    expect(taken.statusCode).toBe(200);
    const mineOf = () => notices().filter((notice) => notice.conversationId === visitor.conversationId);
    // Started (message 1), asked for a person (messages 2 and 3), taken over (no message: 0).
    await waitFor(() => mineOf().at(-1)?.conversation?.status === 'with_agent');
    const read = await elsewhere.inject({
      method: 'POST',
      url: `/api/inbox/conversations/${visitor.conversationId}/read`,
      headers: owner,
      payload: { afterSeq: 3, afterEvent: 0 },
    });
    expect(read.statusCode).toBe(200);
    await waitFor(() => mineOf().at(-1)?.transcriptChanged === false);
    controller.abort();
    const mine = mineOf();
    // Notices of one conversation arriving while its row is read are sent as one (with the later seq).
    expect(mine.map((notice) => notice.seq)).toEqual(expect.arrayContaining([3, 0]));
    expect(mine.map((notice) => notice.seq).at(0)).toBeOneOf([1, 3]);
    expect(notices().every((notice) => notice.botId === botId)).toBe(true);
    // Each notice carries the row as the list shows it, and the bot's waiting count.
    const handoff = mine.find((notice) => notice.seq === 3);
    expect(handoff).toMatchObject({
      transcriptChanged: true,
      conversation: { id: visitor.conversationId, status: 'waiting', messageCount: 3, unread: true },
    });
    const [takenOver, readMark] = mine.slice(-2);
    expect(takenOver).toMatchObject({
      seq: 0,
      transcriptChanged: true,
      conversation: { status: 'with_agent', agent: { name: 'Ada Lovelace' }, unread: true },
    });
    expect(readMark).toMatchObject({ seq: 0, transcriptChanged: false, conversation: { unread: false } });
    const listed = await list(owner, `?botId=${botId}`);
    expect(readMark?.waiting).toBe(listed.waiting);
    expect(readMark?.conversation).toEqual(
      listed.conversations.find((conversation) => conversation.id === visitor.conversationId),
    );
  });

  it('gives a transcript already shown only what changed since: new messages, new events, the row now', async () => {
    const visitor = await start(key, { name: 'Chris Changes' });
    await visitorSays(t, visitor, { postback: 'parley:button:start:person', label: 'Talk to a person' });
    const shown = await transcript(visitor.conversationId);
    expect(shown.eventCursor).toBeGreaterThan(0);
    const changes = async (afterSeq: number, afterEvent: number, headers = owner) =>
      t.request({
        method: 'GET',
        url: `/api/inbox/conversations/${visitor.conversationId}/changes?afterSeq=${afterSeq}&afterEvent=${afterEvent}`,
        headers,
      });
    const lastSeq = shown.messages.at(-1)?.seq ?? 0;
    const nothing = (await changes(lastSeq, shown.eventCursor)).json<InboxTranscript>();
    expect(nothing).toMatchObject({ messages: [], events: [], eventCursor: shown.eventCursor });
    expect(nothing.conversation).toEqual(shown.conversation);

    expect((await passControl(visitor.conversationId, 'agent')).statusCode).toBe(200);
    const taken = (await changes(lastSeq, shown.eventCursor)).json<InboxTranscript>();
    expect(taken.messages).toEqual([]);
    expect(taken.events.map((event) => event.name)).toEqual(['Pass Control']);
    expect(taken.conversation.status).toBe('with_agent');
    expect(taken.eventCursor).toBeGreaterThan(shown.eventCursor);

    await t.request({
      method: 'POST',
      url: `/api/conversations/${visitor.conversationId}/agent-messages`,
      headers: owner,
      payload: { text: 'Hello from a person' },
    });
    await t.request({
      method: 'POST',
      url: `/api/conversations/${visitor.conversationId}/notes`,
      headers: owner,
      payload: { text: 'Wants a refund' },
    });
    const replied = (await changes(lastSeq, taken.eventCursor)).json<InboxTranscript>();
    expect(replied.messages.map((message) => [message.seq, message.role])).toEqual([[lastSeq + 1, 'agent']]);
    expect(replied.events.map((event) => [event.name, event.data.text])).toEqual([
      ['Internal Note', 'Wants a refund'],
    ]);
    // The whole transcript holds exactly what the pieces add up to.
    const whole = await transcript(visitor.conversationId);
    expect(whole.messages).toEqual([...shown.messages, ...replied.messages]);
    expect(whole.events).toEqual([...shown.events, ...taken.events, ...replied.events]);
    expect(whole.eventCursor).toBe(replied.eventCursor);
    // What the transcript shows was written through the event catalogue and reads back through it.
    for (const event of whole.events) expect(parseEventData(event.name, event.data)).toBeDefined();

    const bad = await changes(-1, 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.name).toBe('ValidationException');
    expect((await changes(0, 0, stranger)).statusCode).toBe(404);
    const notAnId = await t.request({
      method: 'GET',
      url: '/api/inbox/conversations/not-an-id/changes?afterSeq=0&afterEvent=0',
      headers: owner,
    });
    expect(notAnId.statusCode).toBe(404);
  });
});
