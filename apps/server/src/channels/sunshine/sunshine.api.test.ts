import type { ConnectSunshineRequest, InboxTranscript, SunshineStatus } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithSunshine, withoutTurnOutbox } from '../../../test/channel-test-apps';
import { ana, fakeSunshine } from '../../../test/fake-sunshine';
import { authHeader, deployedBot, registerOwner, storedMessages } from '../../../test/fixtures';
import { eventually, jobsSettled, type TestApp, testEngine } from '../../../test/test-app';
import { pruneSunshineEvents, queueUnsentSunshine } from './sunshine-outbound';

/** Greets by the suite's context, offers an order status or a person; the person is a handoff. */
const supportFlow = () =>
  flowFixture()
    .module(
      'start',
      'buttons',
      {
        text: 'Hi {{ sc.user.profile.givenName }} ({{ sc.conversation.user.externalId }})! How can I help?',
        buttons: [
          { id: 'order', label: 'Where is my order?', action: { type: 'goto' } },
          { id: 'person', label: 'Talk to a person', action: { type: 'goto' } },
        ],
      },
      { 'button:order': 'status', 'button:person': 'handoff' },
    )
    .module('status', 'text', { text: 'Your order is **on its way**.' }, { next: 'start' })
    .module(
      'handoff',
      'handoff',
      { message: 'Connecting you with a person…', reason: 'Asked for a person' },
      { resume: 'back' },
    )
    .module('back', 'text', { text: 'The bot is back. Anything else?' }, { next: 'start' });

describe('the messaging-suite channel (Sunshine Conversations)', () => {
  let t: TestApp;
  const suite = fakeSunshine();
  let credentials: ConnectSunshineRequest;
  let owner: Record<string, string>;
  let deploymentId = '';

  beforeAll(async () => {
    ({ t, credentials } = await appWithSunshine(suite, { SUNSHINE_RETRY_AFTER_MAX_SECONDS: '2' }));
    owner = authHeader((await registerOwner(t)).auth.token);
    ({ deploymentId } = await deployedBot(t, owner, 'Support', supportFlow()));
  });
  afterAll(async () => {
    await t.close();
    await suite.close();
  });

  const connect = (payload: object) =>
    t.request({ method: 'PUT', url: `/api/deployments/${deploymentId}/sunshine`, headers: owner, payload });
  const scConversation = async (scId: string) =>
    eventually(async () =>
      t.database.db
        .selectFrom('sunshine_conversations')
        .selectAll()
        .where('sc_conversation_id', '=', scId)
        .executeTakeFirst(),
    );
  const sentTexts = (scId: string) =>
    suite.state.messages
      .filter((message) => message.conversationId === scId)
      .map((message) => String(message.content.text ?? message.content.type));
  const waitForSent = (scId: string, count: number) =>
    eventually(async () => (sentTexts(scId).length >= count ? sentTexts(scId) : undefined));

  it('refuses a key the suite refuses (502, nothing created there or here)', async () => {
    const response = await connect({ ...credentials, keySecret: 'wrong' });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().error.name).toBe('UpstreamException');
    expect(suite.state.integrations).toHaveLength(0);
    const status = await t.request({
      method: 'GET',
      url: `/api/deployments/${deploymentId}/sunshine`,
      headers: owner,
    });
    expect(status.json()).toEqual({ connected: false });
  });

  it('connects: creates the webhook integration and Parley’s switchboard integration, bot first', async () => {
    const response = await connect(credentials);
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json<Extract<SunshineStatus, { connected: true }>>();
    expect(status).toMatchObject({
      connected: true,
      appId: suite.appId,
      keyId: suite.keyId,
      apiUrl: credentials.apiUrl,
    });
    expect(status.keySecretHint).toBe(`••••${suite.secret.slice(-4)}`);
    const [integration] = suite.state.integrations;
    expect(integration?.webhooks[0]?.target).toBe(
      `http://parley.test/api/channels/sunshine/deployments/${deploymentId}/events`,
    );
    const board = suite.state.switchboards[0];
    const ours = board?.integrations.find((one) => one.id === status.switchboardIntegrationId);
    expect(ours).toMatchObject({
      integrationId: integration?.id,
      nextSwitchboardIntegrationId: suite.agentWorkspace.id,
    });
    expect(board?.defaultSwitchboardIntegrationId).toBe(ours?.id);
    expect(status.agentSwitchboardIntegrationId).toBe(suite.agentWorkspace.id);

    const deployment = await t.request({
      method: 'GET',
      url: `/api/deployments/${deploymentId}`,
      headers: owner,
    });
    expect(deployment.json()).toMatchObject({
      sunshine_parley_integration_id: integration?.id,
      sunshine_parley_switchboardIntegration_id: ours?.id,
    });
    // Secrets are sealed at rest.
    const row = await t.database.db.selectFrom('sunshine_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.key_secret).not.toContain(suite.secret);
    expect(row.webhook_secret).not.toContain(integration?.webhooks[0]?.secret ?? '');

    expect((await connect(credentials)).statusCode).toBe(409);
  });

  it('refuses posts without the integration’s secret: 401, nothing stored', async () => {
    const scId = suite.openConversation();
    const body = JSON.stringify({
      app: { id: suite.appId },
      webhook: { id: 'w', version: 'v2' },
      events: [
        {
          id: 'forged-1',
          type: 'conversation:message',
          createdAt: new Date().toISOString(),
          payload: {
            conversation: { id: scId, type: 'personal' },
            message: { author: { type: 'user', userId: 'u' }, content: { type: 'text', text: 'hi' } },
          },
        },
      ],
    });
    const url = `/api/channels/sunshine/deployments/${deploymentId}/events`;
    for (const headers of [{}, { 'x-api-key': 'not-the-secret' }]) {
      const response = await t.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.name).toBe('UnauthorizedException');
    }
    expect(await t.database.db.selectFrom('sunshine_events').selectAll().execute()).toHaveLength(0);
    expect(await t.database.db.selectFrom('sunshine_conversations').selectAll().execute()).toHaveLength(0);
    // A post that is not a batch of events: 400, nothing stored either.
    const secret = suite.state.integrations[0]?.webhooks[0]?.secret ?? '';
    const malformed = await t.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-api-key': secret },
      payload: { events: 'nope' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('sunshine_events').selectAll().execute()).toHaveLength(0);
  });

  it('delivers startConversation as the first user message: the bot greets with the `sc` context and buttons', async () => {
    const scId = suite.openConversation();
    expect(await suite.startConversation(scId, ana)).toEqual([200]);
    await waitForSent(scId, 1);
    const [greeting] = suite.state.messages.filter((message) => message.conversationId === scId);
    expect(greeting?.author).toEqual({ type: 'business' });
    expect(greeting?.content).toMatchObject({
      type: 'text',
      text: 'Hi Ana (crm-42)! How can I help?',
      actions: [
        { type: 'postback', text: 'Where is my order?' },
        { type: 'postback', text: 'Talk to a person' },
      ],
    });
    const row = await scConversation(scId);
    const conversation = await t.database.db
      .selectFrom('conversations')
      .select(['channel', 'user_info', 'context'])
      .where('id', '=', row.conversation_id)
      .executeTakeFirstOrThrow();
    expect(conversation.channel).toBe('sunshine');
    expect(conversation.user_info).toMatchObject({
      id: 'crm-42',
      name: 'Ana Ruiz',
      email: 'ana@example.com',
    });
    expect(conversation.context.sc).toMatchObject({
      brandId: '360004166971',
      externalId: 'crm-42',
      conversation: { id: scId, metadata: { plan: 'gold' }, user: { externalId: 'crm-42', signedUp: true } },
    });
  });

  it('answers a message once, even when the suite sends its event again', async () => {
    const scId = suite.openConversation();
    const first = await suite.userSays(scId, ana, 'hello', 'evt-dup-1');
    const again = await suite.userSays(scId, ana, 'hello', 'evt-dup-1');
    expect(first).toEqual([200]);
    expect(again).toEqual([200]);
    const row = await scConversation(scId);
    await waitForSent(scId, 1);
    const stored = await storedMessages(t, row.conversation_id);
    expect(stored.filter((message) => message.role === 'user')).toEqual([{ role: 'user', text: 'hello' }]);
    const duplicate = suite.deliveries.at(-1);
    const response = await t.request({
      method: 'POST',
      url: new URL(duplicate?.target ?? '').pathname,
      headers: duplicate?.headers,
      payload: duplicate?.body,
    });
    expect(response.json()).toEqual({ accepted: 0, duplicates: 1, ignored: 0 });
  });

  it('counts and ignores event types it does not handle', async () => {
    const statuses = await suite.emit([]);
    expect(statuses).toEqual([]);
    const secret = suite.state.integrations[0]?.webhooks[0]?.secret ?? '';
    const response = await t.request({
      method: 'POST',
      url: `/api/channels/sunshine/deployments/${deploymentId}/events`,
      headers: { 'content-type': 'application/json', 'x-api-key': secret },
      payload: {
        app: { id: suite.appId },
        webhook: { id: 'w', version: 'v2' },
        events: [
          { id: 'evt-typing', type: 'conversation:typing', createdAt: new Date().toISOString(), payload: {} },
        ],
      },
    });
    expect(response.json()).toEqual({ accepted: 0, duplicates: 0, ignored: 1 });
    const status = await t.request({
      method: 'GET',
      url: `/api/deployments/${deploymentId}/sunshine`,
      headers: owner,
    });
    expect(status.json()).toMatchObject({ ignoredEvents: 1 });
    expect(status.json().lastEventAt).not.toBeNull();
  });

  it('hands over with the reason, stays silent while the agent workspace has control, resumes when released', async () => {
    const scId = suite.openConversation();
    await suite.startConversation(scId, ana);
    await waitForSent(scId, 1);
    const actions = suite.state.messages.find((message) => message.conversationId === scId)?.content
      .actions as { text: string; payload: string }[];
    const person = actions.find((action) => action.text === 'Talk to a person');
    await suite.userTaps(scId, ana, person?.payload ?? '', 'Talk to a person');
    await waitForSent(scId, 2);
    expect(sentTexts(scId)[1]).toBe('Connecting you with a person…');
    // The bot's handoff passed control to the next integration: the agent workspace.
    await eventually(async () => (suite.activeName(scId) === 'zd-agentWorkspace' ? true : undefined));
    const pass = suite.calls.find((call) => call.path.endsWith(`/conversations/${scId}/passControl`));
    expect(pass?.body).toMatchObject({
      switchboardIntegration: 'next',
      metadata: { reason: 'Asked for a person', summary: 'Talk to a person' },
    });
    expect(String((pass?.body?.metadata as Record<string, string> | undefined)?.transcript)).toMatch(
      /^http:\/\/parley\.test\/v2\/inbox\?conversationId=/,
    );
    const row = await scConversation(scId);
    await eventually(async () => {
      const now = await scConversation(scId);
      return now.parley_in_control ? undefined : true;
    });

    await suite.userSays(scId, ana, 'is anyone there?');
    await eventually(async () =>
      (await storedMessages(t, row.conversation_id)).some((message) => message.text === 'is anyone there?')
        ? true
        : undefined,
    );
    // The agent has control: the message is kept, the bot says nothing.
    await jobsSettled(t, ['sunshine-events', 'sunshine-outbound']);
    expect(sentTexts(scId)).toHaveLength(2);

    suite.changeControl(scId, 'releaseControl', null);
    await waitForSent(scId, 3);
    expect(sentTexts(scId)[2]).toBe('The bot is back. Anything else?');

    const detail = await t.request({
      method: 'GET',
      url: `/api/inbox/conversations/${row.conversation_id}`,
      headers: owner,
    });
    const events = detail.json<InboxTranscript>().events.map((event) => event.name);
    expect(events).toEqual(expect.arrayContaining(['Handoff Requested', 'Pass Control']));
    expect(events.filter((name) => name === 'Pass Control').length).toBeGreaterThanOrEqual(2);
  });

  it('retries a message on 429 and 5xx with backoff, and sends it once', async () => {
    const scId = suite.openConversation();
    suite.failNext(429, 1, scId);
    suite.failNext(503, 1, scId);
    await suite.startConversation(scId, ana);
    await waitForSent(scId, 1);
    const posts = suite.calls.filter((call) => call.path.endsWith(`/conversations/${scId}/messages`));
    expect(posts.map((call) => call.status)).toEqual([429, 503, 201]);
    await jobsSettled(t, ['sunshine-outbound']);
    expect(sentTexts(scId)).toEqual(['Hi Ana (crm-42)! How can I help?']);
  }, 20_000);

  it('accepts control offered to Parley’s switchboard integration, and the bot resumes; an offer to another is left alone', async () => {
    const scId = suite.openConversation();
    await suite.startConversation(scId, ana);
    await waitForSent(scId, 1);
    const ours = (await scConversation(scId)).conversation_id;
    const parley = suite.state.switchboards[0]?.defaultSwitchboardIntegrationId ?? '';
    // An offer to the agent workspace is not Parley's to take.
    expect(suite.changeControl(scId, 'offerControl', suite.agentWorkspace.id)).toBe(true);
    await suite.posted();
    await jobsSettled(t, ['sunshine-events', 'sunshine-outbound']);
    expect(suite.calls.some((call) => call.path.endsWith(`/conversations/${scId}/acceptControl`))).toBe(
      false,
    );
    // The user asks for a person: the bot's handoff passes control to the agent workspace.
    const actions = suite.state.messages.find((message) => message.conversationId === scId)?.content
      .actions as { text: string; payload: string }[];
    const person = actions.find((action) => action.text === 'Talk to a person');
    await suite.userTaps(scId, ana, person?.payload ?? '', 'Talk to a person');
    await waitForSent(scId, 2);
    await eventually(async () => ((await scConversation(scId)).parley_in_control ? undefined : true));

    // The agent workspace offers the conversation back: Parley accepts it through the suite's API.
    expect(suite.changeControl(scId, 'offerControl', parley, { reason: 'solved' })).toBe(true);
    expect(suite.activeName(scId)).toBe('zd-agentWorkspace');
    await eventually(async () => (suite.activeName(scId)?.startsWith('parley-') ? true : undefined));
    const accept = suite.calls.find((call) => call.path.endsWith(`/conversations/${scId}/acceptControl`));
    expect(accept?.status).toBe(200);
    expect(suite.state.pending.has(scId)).toBe(false);
    await waitForSent(scId, 3);
    expect(sentTexts(scId)[2]).toBe('The bot is back. Anything else?');
    await eventually(async () => ((await scConversation(scId)).parley_in_control ? true : undefined));
    const detail = await t.request({
      method: 'GET',
      url: `/api/inbox/conversations/${ours}`,
      headers: owner,
    });
    expect(detail.json<InboxTranscript>().events.map((event) => event.name)).toContain('Pass Control');
  });

  it('waits what the suite’s Retry-After says on a 429 (bounded by configuration) before trying again', async () => {
    const scId = suite.openConversation();
    // An hour asked for; the configuration bounds the wait at 2 s here.
    suite.failNext(429, 1, scId, '3600');
    await suite.startConversation(scId, ana);
    await waitForSent(scId, 1);
    const posts = suite.calls.filter((call) => call.path.endsWith(`/conversations/${scId}/messages`));
    expect(posts.map((call) => call.status)).toEqual([429, 201]);
    // Without the header the queue would have tried again after its first backoff (1 s here).
    expect((posts[1]?.at ?? 0) - (posts[0]?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
    expect(sentTexts(scId)).toEqual(['Hi Ana (crm-42)! How can I help?']);
  }, 20_000);

  it('sends a turn stored with no send queued (a process stopped in between) once, when the server starts', async () => {
    const scId = suite.openConversation();
    await suite.startConversation(scId, ana);
    await waitForSent(scId, 1);
    const { conversation_id: id } = await scConversation(scId);
    const actions = suite.state.messages.find((message) => message.conversationId === scId)?.content
      .actions as { text: string; payload: string }[];
    const order = actions.find((action) => action.text === 'Where is my order?');
    const { ctx } = t.app;
    // The turn is stored, its send is not queued: as if the process stopped between the two.
    await withoutTurnOutbox(t, async () => {
      await suite.userTaps(scId, ana, order?.payload ?? '', 'Where is my order?');
      await eventually(async () =>
        (await storedMessages(t, id)).some((message) => message.text === 'Your order is **on its way**.')
          ? true
          : undefined,
      );
    });
    await jobsSettled(t, ['sunshine-events', 'sunshine-outbound']);
    expect(sentTexts(scId)).toHaveLength(1);
    // What the server does on start, twice at once (two processes starting): sent once.
    await Promise.all([queueUnsentSunshine(ctx), queueUnsentSunshine(ctx)]);
    await waitForSent(scId, 3);
    await jobsSettled(t, ['sunshine-outbound']);
    expect(sentTexts(scId)).toEqual([
      'Hi Ana (crm-42)! How can I help?',
      'Your order is **on its way**.',
      'Hi Ana (crm-42)! How can I help?',
    ]);
    await queueUnsentSunshine(ctx);
    await jobsSettled(t, ['sunshine-outbound']);
    expect(sentTexts(scId)).toHaveLength(3);
  }, 20_000);

  it('forgets received event ids past their retention (7 days unless configured), on a schedule', async () => {
    expect(t.config.sunshine.eventRetentionDays).toBe(7);
    const { db } = t.database;
    await db
      .insertInto('sunshine_events')
      .values([
        {
          deployment_id: deploymentId,
          event_id: 'evt-old',
          received_at: new Date(Date.now() - 8 * 86_400_000),
        },
        {
          deployment_id: deploymentId,
          event_id: 'evt-recent',
          received_at: new Date(Date.now() - 6 * 86_400_000),
        },
      ])
      .execute();
    expect(await pruneSunshineEvents(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('sunshine_events').select('event_id').execute();
    expect(left.map((row) => row.event_id)).toContain('evt-recent');
    expect(left.map((row) => row.event_id)).not.toContain('evt-old');
    const schedule = await sql<{ name: string; cron: string }>`select name, cron from pgboss.schedule
      where name = 'sunshine-event-pruning'`.execute(db);
    expect(schedule.rows).toHaveLength(1);
  });

  it('passes control from the inbox: an agent taking over hands the conversation to the suite’s next integration, and back', async () => {
    const scId = suite.openConversation();
    await suite.startConversation(scId, ana);
    await waitForSent(scId, 1);
    const { conversation_id: id } = await scConversation(scId);
    const pass = (to: 'agent' | 'bot') =>
      t.request({
        method: 'POST',
        url: `/api/conversations/${id}/pass-control`,
        headers: owner,
        payload: { to },
      });
    expect((await pass('agent')).statusCode).toBe(200);
    await eventually(async () => (suite.activeName(scId) === 'zd-agentWorkspace' ? true : undefined));
    const reply = await t.request({
      method: 'POST',
      url: `/api/conversations/${id}/agent-messages`,
      headers: owner,
      payload: { text: 'Hi Ana, I am looking at your order.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await waitForSent(scId, 2);
    expect(sentTexts(scId)[1]).toBe('Hi Ana, I am looking at your order.');

    expect((await pass('bot')).statusCode).toBe(200);
    await eventually(async () => (suite.activeName(scId)?.startsWith('parley-') ? true : undefined));
    const back = suite.calls
      .filter((call) => call.path.endsWith(`/conversations/${scId}/passControl`))
      .at(-1);
    expect(back?.body).toMatchObject({
      switchboardIntegration: suite.state.switchboards[0]?.defaultSwitchboardIntegrationId,
    });
    await eventually(async () => ((await scConversation(scId)).parley_in_control ? true : undefined));
  });

  it('gives up a message the suite refuses (4xx), says so in the status, and sends the next', async () => {
    const scId = suite.openConversation();
    suite.failNext(400, 1, scId);
    await suite.startConversation(scId, ana);
    await eventually(async () =>
      suite.calls.some((call) => call.path.endsWith(`/conversations/${scId}/messages`)) ? true : undefined,
    );
    await suite.userSays(scId, ana, 'hello again');
    await waitForSent(scId, 1);
    const status = await t.request({
      method: 'GET',
      url: `/api/deployments/${deploymentId}/sunshine`,
      headers: owner,
    });
    expect(status.json().lastError).toMatch(/was not sent: The messaging suite answered 400/);
    expect(sentTexts(scId)).toHaveLength(1);
    // The transcript says so after the refused message, where the agent reads it.
    const { conversation_id: id } = await scConversation(scId);
    const inbox = await t.request({ method: 'GET', url: `/api/inbox/conversations/${id}`, headers: owner });
    const refused = inbox.json<InboxTranscript>().events.find((one) => one.name === 'Message Not Delivered');
    expect(refused?.data).toMatchObject({
      channel: 'sunshine',
      reason: 'refused',
      error: expect.stringMatching(/answered 400/),
    });
  });

  it('notes a malformed event and handles the rest of its batch', async () => {
    const scId = suite.openConversation();
    await suite.emit([
      { type: 'conversation:message', payload: { message: 'not a message' } },
      {
        type: 'conversation:create',
        payload: {
          conversation: { id: scId, type: 'personal' },
          creationReason: 'startConversation',
          user: { id: 'u-2' },
        },
      },
    ]);
    await waitForSent(scId, 1);
    const status = await t.request({
      method: 'GET',
      url: `/api/deployments/${deploymentId}/sunshine`,
      headers: owner,
    });
    expect(status.json().lastError).toMatch(/conversation:message event .* was malformed/);
  });

  /** Every webhook post's events handled, or given up: no `sunshine-events` job is waiting or running. */
  const eventsSettled = (timeoutMs = 20_000) => jobsSettled(t, ['sunshine-events'], timeoutMs);
  /** A conversation the bot handed to the agent workspace (the suite's `passControl` applied). */
  const handedToAgent = async () => {
    const scId = suite.openConversation();
    await suite.startConversation(scId, ana);
    await waitForSent(scId, 1);
    const actions = suite.state.messages.find((message) => message.conversationId === scId)?.content
      .actions as { text: string; payload: string }[];
    const person = actions.find((action) => action.text === 'Talk to a person');
    await suite.userTaps(scId, ana, person?.payload ?? '', 'Talk to a person');
    await waitForSent(scId, 2);
    await eventually(async () => (suite.activeName(scId) === 'zd-agentWorkspace' ? true : undefined));
    await eventually(async () => ((await scConversation(scId)).parley_in_control ? undefined : true));
    await eventsSettled();
    return { scId, id: (await scConversation(scId)).conversation_id };
  };
  /** Parley's own switchboard integration (the switchboard's default since connecting). */
  const parleySwitchboardId = () => suite.state.switchboards[0]?.defaultSwitchboardIntegrationId ?? '';
  const twoMinutesAgo = () => new Date(Date.now() - 120_000).toISOString();
  const handBackEvents = async (id: string) =>
    (
      await t.database.db
        .selectFrom('conversation_events')
        .select('name')
        .where('conversation_id', '=', id)
        .where('name', '=', 'Pass Control')
        .execute()
    ).length;

  it('keeps a late message (the suite’s retry of an earlier delivery) for the transcript, and the agent keeps control', async () => {
    const { scId, id } = await handedToAgent();
    const passes = await handBackEvents(id);
    // Written two minutes ago, when Parley had control; delivered now, after the agent took over.
    const late = suite.messageEvent(scId, ana, 'did my order ship?', {
      createdAt: twoMinutesAgo(),
      activeId: parleySwitchboardId(),
    });
    expect(await suite.emit([late])).toEqual([200]);
    await eventually(async () =>
      (await storedMessages(t, id)).some((message) => message.text === 'did my order ship?')
        ? true
        : undefined,
    );
    await eventsSettled();
    // Stored for the transcript, after the handoff; the bot said nothing and took nothing back.
    expect((await storedMessages(t, id)).slice(-2)).toEqual([
      { role: 'bot', text: 'Connecting you with a person…' },
      { role: 'user', text: 'did my order ship?' },
    ]);
    expect((await scConversation(scId)).parley_in_control).toBe(false);
    expect(await handBackEvents(id)).toBe(passes);
    expect(suite.activeName(scId)).toBe('zd-agentWorkspace');
    expect(sentTexts(scId)).toEqual(['Hi Ana (crm-42)! How can I help?', 'Connecting you with a person…']);

    // The agent workspace gives the conversation back: that event is newer, and the bot resumes.
    suite.changeControl(scId, 'releaseControl', null);
    await waitForSent(scId, 3);
    expect(sentTexts(scId)[2]).toBe('The bot is back. Anything else?');
    // A late event from before the release (the agent had control then) takes nothing away.
    const older = suite.messageEvent(scId, ana, 'hello?', {
      createdAt: twoMinutesAgo(),
      activeId: suite.agentWorkspace.id,
    });
    expect(await suite.emit([older])).toEqual([200]);
    await eventually(async () =>
      (await storedMessages(t, id)).some((message) => message.text === 'hello?') ? true : undefined,
    );
    await eventsSettled();
    expect((await scConversation(scId)).parley_in_control).toBe(true);
    expect((await storedMessages(t, id)).at(-1)).toEqual({ role: 'user', text: 'hello?' });
  }, 40_000);

  it('asks the suite who has control when an event carries no time to order it by', async () => {
    const { scId, id } = await handedToAgent();
    const passes = await handBackEvents(id);
    const [undated] = suite.prepare([
      suite.messageEvent(scId, ana, 'still there?', { activeId: parleySwitchboardId() }),
    ]);
    const body = JSON.parse(undated?.body ?? '{}');
    for (const event of body.events) delete event.createdAt;
    const response = await t.request({
      method: 'POST',
      url: new URL(undated?.target ?? '').pathname,
      headers: undated?.headers,
      payload: body,
    });
    expect(response.json()).toEqual({ accepted: 1, duplicates: 0, ignored: 0 });
    await eventually(async () =>
      (await storedMessages(t, id)).some((message) => message.text === 'still there?') ? true : undefined,
    );
    await eventsSettled();
    // The event says Parley, the suite says its agent workspace: the suite is the truth.
    expect(
      suite.calls.some((call) => call.method === 'GET' && call.path.endsWith(`/conversations/${scId}`)),
    ).toBe(true);
    expect((await scConversation(scId)).parley_in_control).toBe(false);
    expect(await handBackEvents(id)).toBe(passes);
    expect((await storedMessages(t, id)).at(-1)).toEqual({ role: 'user', text: 'still there?' });
    expect(sentTexts(scId)).toEqual(['Hi Ana (crm-42)! How can I help?', 'Connecting you with a person…']);
  }, 40_000);

  it('delivers a message whose handling failed once its event comes again, exactly once', async () => {
    const scId = suite.openConversation();
    await suite.startConversation(scId, ana);
    await waitForSent(scId, 1);
    const { conversation_id: id } = await scConversation(scId);
    // The turn of the next message fails to store (the database went away for a moment).
    const { conversations } = t.app.ctx;
    const outbox = conversations.turnOutbox;
    let failures = 0;
    conversations.turnOutbox = outbox && {
      wants: (turn) => outbox.wants(turn),
      async queue(trx, turn) {
        if (turn.conversation.id === id && failures === 0) {
          failures++;
          throw new Error('Connection terminated unexpectedly');
        }
        await outbox.queue(trx, turn);
      },
    };
    try {
      expect(await suite.userSays(scId, ana, 'Where is my order?', 'evt-fails-once')).toEqual([200]);
      await eventually(async () => (failures === 1 ? true : undefined));
      const lastError = await eventually(async () => {
        const response = await t.request({
          method: 'GET',
          url: `/api/deployments/${deploymentId}/sunshine`,
          headers: owner,
        });
        const said = String(response.json().lastError ?? '');
        return said.includes('evt-fails-once') ? said : undefined;
      });
      expect(lastError).toMatch(/Connection terminated unexpectedly/);
      // The suite sends the event again (its own retry): it is handled now, not dropped.
      const delivery = suite.deliveries.at(-1);
      const again = await t.request({
        method: 'POST',
        url: new URL(delivery?.target ?? '').pathname,
        headers: delivery?.headers,
        payload: delivery?.body,
      });
      expect(again.json()).toMatchObject({ accepted: 1, duplicates: 0 });
      await eventually(async () =>
        (await storedMessages(t, id)).some((message) => message.text === 'Where is my order?')
          ? true
          : undefined,
      );
      // Both retries (the suite's, and the queue's of the failed job) have run their course.
      await eventsSettled(30_000);
      const stored = await storedMessages(t, id);
      expect(stored.filter((message) => message.role === 'user')).toEqual([
        { role: 'user', text: 'Where is my order?' },
      ]);
      const answer = stored.slice(stored.findIndex((message) => message.role === 'user') + 1);
      expect(answer.length).toBeGreaterThan(0);
      await waitForSent(scId, 1 + answer.length);
      expect(sentTexts(scId).slice(1)).toEqual(answer.map((message) => message.text));
      // Once handled, the suite's next retry of it is a duplicate.
      const third = await t.request({
        method: 'POST',
        url: new URL(delivery?.target ?? '').pathname,
        headers: delivery?.headers,
        payload: delivery?.body,
      });
      expect(third.json()).toEqual({ accepted: 0, duplicates: 1, ignored: 0 });
    } finally {
      conversations.turnOutbox = outbox;
    }
  }, 60_000);

  it.runIf(testEngine === 'postgres')(
    'with two server processes receiving a late event and a fresh one at once, the agent keeps control and the bot stays quiet',
    async () => {
      const other = await t.secondInstance();
      const { scId, id } = await handedToAgent();
      const passes = await handBackEvents(id);
      const late = suite.prepare([
        suite.messageEvent(scId, ana, 'is my parcel lost?', {
          createdAt: twoMinutesAgo(),
          activeId: parleySwitchboardId(),
        }),
      ]);
      const fresh = suite.prepare([suite.messageEvent(scId, ana, 'hello, anyone?')]);
      const post = (app: typeof other, delivery: (typeof late)[number] | undefined) =>
        app.inject({
          method: 'POST',
          url: new URL(delivery?.target ?? '').pathname,
          headers: delivery?.headers,
          payload: delivery?.body,
        });
      // Each process receives both (the suite retries a post that seemed to fail), all at once.
      const answers = await Promise.all([
        post(t.app, late[0]),
        post(other, fresh[0]),
        post(other, late[0]),
        post(t.app, fresh[0]),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      await eventually(async () => {
        const texts = (await storedMessages(t, id)).map((message) => message.text);
        return texts.includes('is my parcel lost?') && texts.includes('hello, anyone?') ? true : undefined;
      });
      await eventsSettled();
      const stored = await storedMessages(t, id);
      expect(stored.slice(-3, -2)).toEqual([{ role: 'bot', text: 'Connecting you with a person…' }]);
      expect(stored.slice(-2).sort((a, b) => a.text.localeCompare(b.text))).toEqual([
        { role: 'user', text: 'hello, anyone?' },
        { role: 'user', text: 'is my parcel lost?' },
      ]);
      expect((await scConversation(scId)).parley_in_control).toBe(false);
      expect(await handBackEvents(id)).toBe(passes);
      expect(suite.activeName(scId)).toBe('zd-agentWorkspace');
      expect(sentTexts(scId)).toEqual(['Hi Ana (crm-42)! How can I help?', 'Connecting you with a person…']);
    },
    60_000,
  );

  it('disconnects: removes Parley’s integrations from the suite and forgets the keys', async () => {
    const response = await t.request({
      method: 'DELETE',
      url: `/api/deployments/${deploymentId}/sunshine`,
      headers: owner,
    });
    expect(response.statusCode).toBe(204);
    expect(suite.state.integrations).toHaveLength(0);
    expect(suite.state.switchboards[0]?.integrations.map((one) => one.name)).toEqual(['zd-agentWorkspace']);
    expect(suite.state.switchboards[0]?.defaultSwitchboardIntegrationId).toBe(suite.agentWorkspace.id);
    const deployment = await t.request({
      method: 'GET',
      url: `/api/deployments/${deploymentId}`,
      headers: owner,
    });
    expect(deployment.json()).toMatchObject({
      sunshine_parley_integration_id: null,
      sunshine_parley_switchboardIntegration_id: null,
    });
    const late = await t.request({
      method: 'POST',
      url: `/api/channels/sunshine/deployments/${deploymentId}/events`,
      headers: { 'content-type': 'application/json', 'x-api-key': 'anything' },
      payload: { app: { id: suite.appId }, webhook: { id: 'w', version: 'v2' }, events: [] },
    });
    expect(late.statusCode).toBe(404);
  });

  it('answers 404 for a deployment that is gone, and stores nothing', async () => {
    expect((await connect(credentials)).statusCode).toBe(200);
    const secret = suite.state.integrations[0]?.webhooks[0]?.secret ?? '';
    const events = await t.database.db.selectFrom('sunshine_events').selectAll().execute();
    expect(
      (await t.request({ method: 'DELETE', url: `/api/deployments/${deploymentId}`, headers: owner }))
        .statusCode,
    ).toBe(204);
    const response = await t.request({
      method: 'POST',
      url: `/api/channels/sunshine/deployments/${deploymentId}/events`,
      headers: { 'content-type': 'application/json', 'x-api-key': secret },
      payload: {
        app: { id: suite.appId },
        webhook: { id: 'w', version: 'v2' },
        events: [{ id: 'evt-gone', type: 'conversation:message', payload: {} }],
      },
    });
    expect(response.statusCode).toBe(404);
    expect(await t.database.db.selectFrom('sunshine_events').selectAll().execute()).toHaveLength(
      events.length,
    );
  });
});
