import type { HelpdeskConnection, InboxTranscript, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeZendesk } from '../../../test/fake-zendesk';
import {
  authHeader,
  deployedBot,
  registerOwner,
  storedMessages,
  visitorSays,
  visitorSends,
} from '../../../test/fixtures';
import { createTestApp, eventually, jobsSettled, type TestApp } from '../../../test/test-app';
import { helpdeskOutbox, openHelpdeskTicket } from './helpdesk-tickets';

const TOKEN = 'Zx7Kq2Lm9Np4Rs6Tu8Vw0Yb3Cd5Ef1Gh';
const zendesk = fakeZendesk({
  acme: { agents: [{ name: 'Zoe Agent', email: 'zoe@acme.test', token: TOKEN }] },
});

/** Asks for the order number, then hands off (high priority, tagged VIP); the bot greets on its return. */
const supportFlow = () =>
  flowFixture()
    .tag({ id: 'vip', name: 'VIP Customer' })
    .module(
      'start',
      'input',
      { prompt: 'What is your order number?', variable: 'order', validator: { type: 'text' } },
      { next: 'handoff' },
    )
    .module(
      'handoff',
      'handoff',
      { message: 'Connecting you with our team…', reason: 'Order problem', priority: 'high' },
      { resume: 'back' },
      { tags: ['vip'] },
    )
    .module('back', 'text', { text: 'The bot is back. Anything else?' });

describe('the helpdesk connector (Zendesk Support)', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let key = '';
  let companyId = '';
  let origin = '';

  beforeAll(async () => {
    origin = await zendesk.listen();
    t = await createTestApp({
      ZENDESK_API_URL: `${origin}/{subdomain}`,
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_RETRY_LIMIT: '3',
    });
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token);
    other = authHeader((await registerOwner(t, { email: 'other@example.com' })).auth.token);
    key = (await deployedBot(t, owner, 'Support', supportFlow())).key;
    const me = await t.request({ method: 'GET', url: '/api/frontend/user/me', headers: owner });
    companyId = me.json<{ company: { id: string } }>().company.id;
  });
  afterAll(async () => {
    await t.close();
    await zendesk.close();
  });

  const connect = (payload: object, headers = owner) =>
    t.request({ method: 'PUT', url: '/api/helpdesk/zendesk', headers, payload });
  const connection = async (headers = owner) =>
    (await t.request({ method: 'GET', url: '/api/helpdesk/zendesk', headers })).json<HelpdeskConnection>();
  const webhookPath = () => `/api/channels/zendesk/companies/${companyId}/webhook`;
  const deliver = (delivery: { headers: Record<string, string>; body: string }) =>
    t.request({ method: 'POST', url: webhookPath(), headers: delivery.headers, payload: delivery.body });
  const transcript = async (conversationId: string) =>
    (
      await t.request({ method: 'GET', url: `/api/inbox/conversations/${conversationId}`, headers: owner })
    ).json<InboxTranscript>();
  const ticketPosts = () =>
    zendesk.calls.filter((call) => call.method === 'POST' && call.path === '/api/v2/tickets.json');

  /** A web chat visitor gives their order number and is handed off; answers the conversation. */
  async function handOff(user = { name: 'Ana Ruiz', email: 'ana@example.com' }) {
    const started = await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: {
        deploymentKey: key,
        user,
        page: { url: 'https://shop.example.com/help', domain: 'shop.example.com' },
      },
    });
    const chat = started.json<StartConversationResponse>();
    await visitorSays(t, chat, '#1001');
    return chat;
  }
  const ticketOf = (conversationId: string) =>
    eventually(async () =>
      zendesk.tickets('acme').find((ticket) => ticket.external_id?.startsWith(`parley:${conversationId}:`)),
    );

  describe('connecting', () => {
    it('starts with no helpdesk', async () => {
      expect(await connection()).toEqual({ connected: false });
    });

    it('refuses a malformed subdomain, email or token before calling Zendesk', async () => {
      const calls = zendesk.calls.length;
      for (const payload of [
        { subdomain: 'acme.zendesk.com', email: 'zoe@acme.test', apiToken: TOKEN },
        { subdomain: 'acme', email: 'not-an-email', apiToken: TOKEN },
        { subdomain: 'acme', email: 'zoe@acme.test', apiToken: 'short' },
      ]) {
        const response = await connect(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.name).toBe('ValidationException');
      }
      expect(zendesk.calls.length).toBe(calls);
    });

    it('refuses a token Zendesk does not accept (it answers the anonymous user), by name, saving nothing', async () => {
      const response = await connect({ subdomain: 'acme', email: 'zoe@acme.test', apiToken: `${TOKEN}x` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.name).toBe('HelpdeskTokenRejectedException');
      expect(zendesk.calls.at(-1)).toMatchObject({
        method: 'GET',
        path: '/api/v2/users/me.json',
        status: 200,
      });
      expect(await connection()).toEqual({ connected: false });
    });

    it('names an account that cannot be found (502) and saves nothing', async () => {
      const response = await connect({ subdomain: 'nobody', email: 'zoe@acme.test', apiToken: TOKEN });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.name).toBe('UpstreamException');
      expect(await connection()).toEqual({ connected: false });
    });

    it('checks the token with users/me (Basic email/token:…), keeps it sealed, shows the agent and a hint', async () => {
      const response = await connect({ subdomain: ' ACME ', email: 'zoe@acme.test', apiToken: TOKEN });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<HelpdeskConnection>()).toMatchObject({
        connected: true,
        provider: 'zendesk',
        subdomain: 'acme',
        email: 'zoe@acme.test',
        agentName: 'Zoe Agent',
        tokenHint: `••••${TOKEN.slice(-4)}`,
        signingSecretHint: null,
        webhookUrl: `http://parley.test${webhookPath()}`,
        problem: null,
      });
      expect(response.body).not.toContain(TOKEN);
      expect(zendesk.calls.at(-1)).toMatchObject({
        path: '/api/v2/users/me.json',
        subdomain: 'acme',
        email: 'zoe@acme.test',
      });
      const row = await t.database.db
        .selectFrom('helpdesk_connections')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row.sealed_token).not.toContain(TOKEN);
    });

    it('keeps the webhook’s signing secret sealed, shown by its hint', async () => {
      const response = await t.request({
        method: 'PUT',
        url: '/api/helpdesk/zendesk/signing-secret',
        headers: owner,
        payload: { signingSecret: zendesk.webhook.secret },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ signingSecretHint: `••••${zendesk.webhook.secret.slice(-4)}` });
      expect(response.body).not.toContain(zendesk.webhook.secret);
    });

    it('keeps each company’s helpdesk to itself', async () => {
      expect(await connection(other)).toEqual({ connected: false });
      const secret = await t.request({
        method: 'PUT',
        url: '/api/helpdesk/zendesk/signing-secret',
        headers: other,
        payload: { signingSecret: 'another-secret-0123456789' },
      });
      expect(secret.statusCode).toBe(404);
      expect(
        (await t.request({ method: 'DELETE', url: '/api/helpdesk/zendesk', headers: other })).statusCode,
      ).toBe(200);
      expect(await connection()).toMatchObject({ connected: true, subdomain: 'acme' });
    });
  });

  describe('handing off', () => {
    let conversationId = '';
    let ticketId = 0;
    let visitorToken = '';

    it('opens one ticket: the transcript as an internal note, the visitor as requester, the variables, tags and priority', async () => {
      const chat = await handOff();
      conversationId = chat.conversationId;
      visitorToken = chat.token;
      const ticket = await ticketOf(conversationId);
      ticketId = ticket.id;
      expect(ticket).toMatchObject({
        subject: 'Order problem (Support)',
        priority: 'high',
        tags: ['parley', 'parley_webchat', 'vip_customer'],
        status: 'new',
      });
      expect(zendesk.userById('acme', ticket.requester_id)).toMatchObject({
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        role: 'end-user',
      });
      const [note] = ticket.comments;
      expect(note?.public).toBe(false);
      expect(note?.body).toContain('Handed off by the bot "Support" (webchat).');
      expect(note?.body).toContain('Reason: Order problem');
      expect(note?.body).toContain('- Email: ana@example.com');
      expect(note?.body).toContain('- Page: https://shop.example.com/help');
      expect(note?.body).toContain('- order: #1001');
      expect(note?.body).toMatch(/Bot: What is your order number\?\n\[\d\d:\d\d\] Visitor: #1001\n/);
      expect(note?.body).toContain(`http://parley.test/v2/inbox?conversationId=${conversationId}`);
      // The ticket's id and link show in the inbox conversation.
      const opened = await eventually(async () =>
        (await transcript(conversationId)).events.find((event) => event.name === 'Helpdesk Ticket'),
      );
      expect(opened.data).toEqual({
        provider: 'zendesk',
        status: 'opened',
        ticketId: String(ticket.id),
        url: `${origin}/acme/agent/tickets/${ticket.id}`,
      });
      expect(ticketPosts().filter((call) => call.status === 201)).toHaveLength(1);
    });

    it('a job run again for the same handoff opens nothing more, even when the ticket was not kept', async () => {
      const kept = await t.database.db
        .selectFrom('helpdesk_tickets')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .executeTakeFirstOrThrow();
      const posts = ticketPosts().length;
      const job = {
        conversationId,
        externalId: kept.external_id,
        moduleId: 'handoff',
        reason: 'Order problem',
      };
      await openHelpdeskTicket(t.app.ctx, job, 1);
      // The attempt before stopped after Zendesk opened the ticket: it is found by its external id.
      await t.database.db
        .deleteFrom('helpdesk_tickets')
        .where('external_id', '=', kept.external_id)
        .execute();
      await openHelpdeskTicket(t.app.ctx, job, 1);
      expect(ticketPosts().length).toBe(posts);
      const again = await t.database.db
        .selectFrom('helpdesk_tickets')
        .select('ticket_id')
        .where('external_id', '=', kept.external_id)
        .executeTakeFirstOrThrow();
      expect(String(again.ticket_id)).toBe(String(ticketId));
    });

    it('refuses a webhook call that is unsigned, signed with another secret or too old (401, nothing brought)', async () => {
      const good = zendesk.delivery(ticketId);
      const unsigned = await deliver({ headers: { 'content-type': 'application/json' }, body: good.body });
      expect(unsigned.statusCode).toBe(401);
      const forged = await deliver(zendesk.delivery(ticketId, { secret: 'not-the-webhook-secret-000' }));
      expect(forged.statusCode).toBe(401);
      const stale = await deliver(
        zendesk.delivery(ticketId, { timestamp: new Date(Date.now() - 3_600_000).toISOString() }),
      );
      expect(stale.statusCode).toBe(401);
      const tampered = await deliver({
        headers: good.headers,
        body: good.body.replace(String(ticketId), '1'),
      });
      expect(tampered.statusCode).toBe(401);
    });

    it('brings an agent’s public comment to the visitor once; private notes and replays bring nothing', async () => {
      await zendesk.agentComments(ticketId, 'Internal: check the warehouse', { public: false });
      const note = await deliver(zendesk.delivery(ticketId));
      expect(note.json()).toEqual({ queued: true });
      await zendesk.agentComments(ticketId, 'Hi Ana, your parcel left today.');
      const delivery = zendesk.delivery(ticketId);
      expect((await deliver(delivery)).statusCode).toBe(200);
      await eventually(async () =>
        (await storedMessages(t, conversationId)).some((message) => message.role === 'agent')
          ? true
          : undefined,
      );
      // Zendesk delivers the same call again: nothing new.
      expect((await deliver(delivery)).statusCode).toBe(200);
      await jobsSettled(t, ['helpdesk-ticket-sync']);
      const agentMessages = (await storedMessages(t, conversationId)).filter(
        (message) => message.role === 'agent',
      );
      expect(agentMessages).toEqual([{ role: 'agent', text: 'Hi Ana, your parcel left today.' }]);
      const sent = (await transcript(conversationId)).events.find((event) => event.name === 'Pass Control');
      expect(sent).toBeUndefined();
    });

    it('adds what the visitor writes to a person to the ticket, once each, as the requester’s own words', async () => {
      const says = (text: string) => visitorSends(t, { conversationId, token: visitorToken }, text);
      const ticket = zendesk.tickets('acme').find((one) => one.id === ticketId);
      if (!ticket) throw new Error('The ticket is gone');
      const onTicket = (text: string) => ticket.comments.filter((comment) => comment.body === text);
      expect((await says('Any news on my parcel?')).statusCode).toBe(200);
      // Zendesk fails the first try: the message is added once, after a retry.
      zendesk.failNext({ status: 503 });
      expect((await says('It was order #1001')).statusCode).toBe(200);
      await eventually(async () => (onTicket('It was order #1001').length > 0 ? true : undefined));
      for (const text of ['Any news on my parcel?', 'It was order #1001']) {
        expect(onTicket(text)).toHaveLength(1);
        expect(onTicket(text)[0]).toMatchObject({ public: true, author_id: ticket.requester_id });
      }
      // In the order written, after what the ticket already had.
      expect(ticket.comments.map((comment) => comment.body).slice(-2)).toEqual([
        'Any news on my parcel?',
        'It was order #1001',
      ]);
      // The ticket's trigger calls Parley about the update: the visitor's own words do not come back.
      expect((await deliver(zendesk.delivery(ticketId))).statusCode).toBe(200);
      await jobsSettled(t, ['helpdesk-ticket-sync']);
      const agentMessages = (await storedMessages(t, conversationId)).filter(
        (message) => message.role === 'agent',
      );
      expect(agentMessages).toEqual([{ role: 'agent', text: 'Hi Ana, your parcel left today.' }]);
      expect(onTicket('Any news on my parcel?')).toHaveLength(1);
    });

    it('answers a call about a ticket that is not Parley’s without queueing anything', async () => {
      const stranger = zendesk.delivery(ticketId);
      const body = JSON.stringify({ ticket_id: '999999' });
      const timestamp = stranger.headers['x-zendesk-webhook-signature-timestamp'] ?? '';
      const { createHmac } = await import('node:crypto');
      const signature = createHmac('sha256', zendesk.webhook.secret)
        .update(timestamp + body)
        .digest('base64');
      const response = await deliver({
        headers: { ...stranger.headers, 'x-zendesk-webhook-signature': signature },
        body,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ queued: false });
    });

    it('solving the ticket gives the conversation back to the bot, which carries on', async () => {
      await zendesk.solve(ticketId);
      expect((await deliver(zendesk.delivery(ticketId))).statusCode).toBe(200);
      await eventually(async () =>
        (await storedMessages(t, conversationId)).some(
          (message) => message.text === 'The bot is back. Anything else?',
        )
          ? true
          : undefined,
      );
      const after = await transcript(conversationId);
      expect(after.conversation.status).not.toBe('human');
      // (The test above stored the ticket again, as an attempt that stopped before keeping it would.)
      const helpdeskEvents = after.events.filter((event) => event.name === 'Helpdesk Ticket');
      expect(helpdeskEvents.at(0)?.data).toMatchObject({ status: 'opened' });
      expect(helpdeskEvents.at(-1)?.data).toMatchObject({ status: 'solved', ticketId: String(ticketId) });
      expect(helpdeskEvents.filter((event) => event.data.status === 'solved')).toHaveLength(1);
      expect(after.events.find((event) => event.name === 'Pass Control')?.data).toEqual({
        to: 'bot',
        agent: 'Zendesk',
      });
    });

    it('retries Zendesk’s 429 and 503 with backoff and still opens exactly one ticket', async () => {
      const posts = ticketPosts().length;
      zendesk.failNext({ status: 429, retryAfter: 1 }, { status: 503 });
      const chat = await handOff({ name: 'Bea Sol', email: 'bea@example.com' });
      const ticket = await ticketOf(chat.conversationId);
      expect(ticket.priority).toBe('high');
      await jobsSettled(t, ['helpdesk-ticket']);
      expect(zendesk.tickets('acme').filter((one) => one.external_id === ticket.external_id)).toHaveLength(1);
      expect(
        ticketPosts()
          .slice(posts)
          .filter((call) => call.status === 201),
      ).toHaveLength(1);
    });

    it('opens tickets for web chat and Messenger handoffs, not for the messaging suite’s (its switchboard hands off)', () => {
      const outbox = helpdeskOutbox(t.app.ctx);
      const turn = (channel: string) => ({
        conversation: { id: 'c', channel, deployment_id: 'd' },
        flow: supportFlow().build(),
        request: { input: { type: 'text' as const, text: 'x' } },
        outcome: {
          messages: [],
          events: [
            {
              name: 'Handoff Requested' as const,
              at: 1,
              afterOutputs: 0,
              dimensions: {
                'Bot UUID': 'b',
                'Bot Deployment ID': 'd',
                'Conversation ID': 'c',
                'Company ID': 'o',
              },
              data: {},
            },
          ],
          variables: {},
          status: 'human' as const,
        },
      });
      expect(outbox.wants(turn('webchat'))).toBe(true);
      expect(outbox.wants(turn('messenger'))).toBe(true);
      expect(outbox.wants(turn('sunshine'))).toBe(false);
      expect(outbox.wants(turn('test'))).toBe(false);
    });

    it('a token Zendesk stops accepting shows the helpdesk disconnected and the handoff says why', async () => {
      await t.database.db
        .updateTable('helpdesk_connections')
        .set({
          sealed_token: t.app.ctx.secrets.seal(
            'RevokedToken0123456789',
            `zendesk-token:company:${companyId}`,
          ),
        })
        .execute();
      const chat = await handOff({ name: 'Cy Pan', email: 'cy@example.com' });
      const failed = await eventually(async () =>
        (await transcript(chat.conversationId)).events.find((event) => event.name === 'Helpdesk Ticket'),
      );
      expect(failed.data).toMatchObject({ status: 'failed', error: expect.stringContaining('refused') });
      expect(await connection()).toMatchObject({ problem: { kind: 'token_rejected' } });
      // Connecting again with a good token clears it, and keeps the signing secret.
      await connect({ subdomain: 'acme', email: 'zoe@acme.test', apiToken: TOKEN });
      expect(await connection()).toMatchObject({
        problem: null,
        signingSecretHint: expect.stringMatching(/^••••/),
      });
    });
  });
});
