import type { InboxListResponse, InboxTranscript, MessengerStatus } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithGraph, withoutTurnOutbox } from '../../../test/channel-test-apps';
import { fakeGraph, GRAPH_ERRORS, PAGE_INBOX_APP_ID } from '../../../test/fake-graph';
import { authHeader, deployedBot, registerOwner, storedMessages } from '../../../test/fixtures';
import { eventually, type TestApp } from '../../../test/test-app';
import { queueUnsentMessenger } from './messenger-outbound';

/** Offers an order status, a browse of products (cards, links) or a person (a handoff). */
const shopFlow = () =>
  flowFixture()
    .module(
      'start',
      'buttons',
      {
        text: 'Hi! How can I help?',
        buttons: [
          { id: 'order', label: 'Where is my order?', action: { type: 'goto' } },
          { id: 'browse', label: 'Browse', action: { type: 'goto' } },
          { id: 'person', label: 'Talk to a person', action: { type: 'goto' } },
        ],
      },
      { 'button:order': 'status', 'button:browse': 'browse', 'button:person': 'handoff' },
    )
    .module('status', 'text', { text: 'Your order is **on its way**.' }, { next: 'start' })
    .module(
      'browse',
      'carousel',
      {
        cards: [
          {
            title: 'Trail shoe',
            subtitle: '$120',
            imageUrl: 'https://cdn.example.com/shoe.jpg',
            buttons: [
              { id: 'shoe', label: 'See it', action: { type: 'url', url: 'https://shop.example.com/shoe' } },
            ],
          },
          {
            title: 'Rain jacket',
            subtitle: '$90',
            buttons: [
              {
                id: 'jacket',
                label: 'See it',
                action: { type: 'url', url: 'https://shop.example.com/jacket' },
              },
            ],
          },
        ],
      },
      { next: 'more' },
    )
    .module(
      'more',
      'buttons',
      {
        text: 'Anything else?',
        buttons: [
          { id: 'shop', label: 'Visit our shop', action: { type: 'url', url: 'https://shop.example.com' } },
          { id: 'back', label: 'Back to start', action: { type: 'goto' } },
        ],
      },
      { 'button:back': 'start' },
    )
    .module(
      'handoff',
      'handoff',
      { message: 'Connecting you with a person…', reason: 'Asked for a person' },
      { resume: 'start' },
    );

describe('the Messenger channel (Graph v17.0)', () => {
  let t: TestApp;
  const graph = fakeGraph();
  let owner: Record<string, string>;
  let deploymentId = '';
  let webhookPath = '';

  beforeAll(async () => {
    t = await appWithGraph(graph);
    owner = authHeader((await registerOwner(t)).auth.token);
    ({ deploymentId } = await deployedBot(t, owner, 'Shop', shopFlow()));
    webhookPath = `/api/channels/messenger/deployments/${deploymentId}/webhook`;
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
  });

  const connect = (payload: object, headers = owner) =>
    t.request({ method: 'PUT', url: `/api/deployments/${deploymentId}/messenger`, headers, payload });
  const credentials = () => ({
    pageId: graph.page.id,
    pageAccessToken: graph.page.accessToken,
    appSecret: graph.page.appSecret,
  });
  const status = async () =>
    (
      await t.request({ method: 'GET', url: `/api/deployments/${deploymentId}/messenger`, headers: owner })
    ).json<Extract<MessengerStatus, { connected: true }>>();
  const conversationOf = (psid: string) =>
    eventually(async () =>
      t.database.db
        .selectFrom('messenger_conversations')
        .selectAll()
        .where('psid', '=', psid)
        .executeTakeFirst(),
    );
  const waitForTexts = (psid: string, count: number) =>
    eventually(async () => (graph.textsTo(psid).length >= count ? graph.textsTo(psid) : undefined));
  const transcript = async (conversationId: string) =>
    (
      await t.request({ method: 'GET', url: `/api/inbox/conversations/${conversationId}`, headers: owner })
    ).json<InboxTranscript>();
  const recipientOf = (call: { body: Record<string, unknown> | null }) =>
    (call.body?.recipient as { id?: string } | undefined)?.id;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('refuses a token Graph refuses (400 naming the field, nothing stored)', async () => {
    const response = await connect({ ...credentials(), pageAccessToken: 'EAAGnot-the-page-token-at-all' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      name: 'ValidationException',
      details: { field: 'pageAccessToken', code: 190 },
    });
    expect(response.json().error.message).toMatch(/refused the Page access token.*code 190/);
    expect(await status()).toEqual({ connected: false });
    const bad = await connect({ ...credentials(), pageId: 'not-a-number' });
    expect(bad.statusCode).toBe(400);
  });

  it('connects: checks the token with Graph v17.0, shows the Page’s name, the webhook and verify token, hints only', async () => {
    const response = await connect({ ...credentials(), verifyToken: 'parley-verify-123' });
    expect(response.statusCode, response.body).toBe(200);
    const connected = response.json<Extract<MessengerStatus, { connected: true }>>();
    expect(connected).toMatchObject({
      connected: true,
      pageId: graph.page.id,
      pageName: 'Acme Outdoor',
      verifyToken: 'parley-verify-123',
      webhookUrl: `http://parley.test${webhookPath}`,
      graphVersion: 'v17.0',
      disconnectedAt: null,
      pageAccessTokenHint: `••••${graph.page.accessToken.slice(-4)}`,
      appSecretHint: `••••${graph.page.appSecret.slice(-4)}`,
    });
    expect(response.body).not.toContain(graph.page.accessToken);
    expect(response.body).not.toContain(graph.page.appSecret);
    const lookup = graph.calls.filter((call) => call.status === 200).at(-1);
    expect(lookup).toMatchObject({ method: 'GET', path: `/v17.0/${graph.page.id}` });
    const row = await t.database.db.selectFrom('messenger_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.page_access_token).not.toContain(graph.page.accessToken);
    expect(row.app_secret).not.toContain(graph.page.appSecret);
    expect(row.verify_token).not.toContain('parley-verify-123');
  });

  it('answers Meta’s verification handshake with the challenge, and 403 otherwise', async () => {
    const wrong = await graph.subscribe(`http://parley.test${webhookPath}`, 'not-the-token');
    expect(wrong).toMatchObject({ verified: false, status: 403 });
    const mode = await t.app.inject({
      method: 'GET',
      url: `${webhookPath}?hub.mode=unsubscribe&hub.verify_token=parley-verify-123&hub.challenge=42`,
    });
    expect(mode.statusCode).toBe(403);
    const subscribed = await graph.subscribe(`http://parley.test${webhookPath}`, 'parley-verify-123');
    expect(subscribed).toMatchObject({ verified: true, status: 200 });
    const plain = await t.app.inject({
      method: 'GET',
      url: `${webhookPath}?hub.mode=subscribe&hub.verify_token=parley-verify-123&hub.challenge=1158201444`,
    });
    expect(plain.body).toBe('1158201444');
    expect(plain.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('refuses posts without the app’s signature: 401, nothing stored; a signed post that is not events: 400', async () => {
    const ana = graph.addUser('Ana', 'Ruiz');
    const event = [
      {
        sender: { id: ana.psid },
        recipient: { id: graph.page.id },
        timestamp: Date.now(),
        message: { mid: 'm_forged', text: 'hi' },
      },
    ];
    expect(await graph.post(event, 'sha256=0000')).toBe(401);
    expect(await graph.post(event, `sha256=${'ab'.repeat(32)}`)).toBe(401);
    const unsigned = await t.request({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ object: 'page', entry: [] }),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.name).toBe('UnauthorizedException');
    // Signed with another app's secret.
    const body = JSON.stringify({
      object: 'page',
      entry: [{ id: graph.page.id, time: 1, messaging: event }],
    });
    const forged = await t.request({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(await t.database.db.selectFrom('messenger_events').selectAll().execute()).toHaveLength(0);
    expect(await t.database.db.selectFrom('messenger_conversations').selectAll().execute()).toHaveLength(0);
    const malformed = JSON.stringify({ object: 'user', entry: 'nope' });
    const refused = await t.request({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': graph.sign(malformed) },
      payload: malformed,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.name).toBe('ValidationException');
  });

  it('answers a text with typing, then quick replies (RESPONSE); the inbox shows the name, picture and channel', async () => {
    const ana = graph.addUser('Ana', 'Ruiz');
    expect(await graph.userSays(ana.psid, 'hello')).toBe(200);
    await waitForTexts(ana.psid, 1);
    const sends = graph.state.sends.filter((one) => one.psid === ana.psid);
    expect(sends[0]).toMatchObject({ senderAction: 'typing_on', message: null });
    expect(sends[1]).toMatchObject({
      messagingType: 'RESPONSE',
      message: {
        text: 'Hi! How can I help?',
        quick_replies: [
          { content_type: 'text', title: 'Where is my order?' },
          { content_type: 'text', title: 'Browse' },
          { content_type: 'text', title: 'Talk to a person' },
        ],
      },
    });
    const row = await conversationOf(ana.psid);
    const list = (
      await t.request({ method: 'GET', url: '/api/inbox?channel=messenger', headers: owner })
    ).json<InboxListResponse>();
    const listed = list.conversations.find((one) => one.id === row.conversation_id);
    expect(listed).toMatchObject({
      channel: 'messenger',
      user: { id: ana.psid, name: 'Ana Ruiz', picture: ana.profile_pic },
    });
    expect((await status()).lastEventAt).not.toBeNull();
  });

  it('runs quick-reply payloads and postbacks; cards go as a generic template, links as a button template', async () => {
    const ben = graph.addUser('Ben', 'Okafor');
    await graph.userSays(ben.psid, 'hi');
    await waitForTexts(ben.psid, 1);
    const replies = graph.messagesTo(ben.psid)[0]?.quick_replies as { title: string; payload: string }[];
    const order = replies.find((one) => one.title === 'Where is my order?');
    await graph.userTapsQuickReply(ben.psid, 'Where is my order?', order?.payload ?? '');
    const texts = await waitForTexts(ben.psid, 3);
    expect(texts.slice(1, 3)).toEqual(['Your order is on its way.', 'Hi! How can I help?']);
    const browse = replies.find((one) => one.title === 'Browse');
    await graph.userTapsPostback(ben.psid, 'Browse', browse?.payload ?? '');
    await waitForTexts(ben.psid, 5);
    const [carousel, more] = graph.messagesTo(ben.psid).slice(3);
    expect(carousel).toMatchObject({
      attachment: {
        type: 'template',
        payload: {
          template_type: 'generic',
          elements: [
            {
              title: 'Trail shoe',
              subtitle: '$120',
              image_url: 'https://cdn.example.com/shoe.jpg',
              buttons: [{ type: 'web_url', url: 'https://shop.example.com/shoe', title: 'See it' }],
            },
            { title: 'Rain jacket' },
          ],
        },
      },
    });
    expect(more).toMatchObject({
      attachment: {
        payload: {
          template_type: 'button',
          text: 'Anything else?',
          buttons: [{ type: 'web_url' }, { type: 'postback', title: 'Back to start' }],
        },
      },
    });
    const row = await conversationOf(ben.psid);
    const users = (await storedMessages(t, row.conversation_id)).filter((one) => one.role === 'user');
    expect(users.map((one) => one.text)).toEqual(['hi', 'Where is my order?', 'Browse']);
  });

  it('shows a pressed button by its label: Meta’s title, or the flow’s button when the event has none; the bot gets the payload', async () => {
    const eve = graph.addUser('Eve', 'Moreau');
    await graph.userSays(eve.psid, 'hi');
    await waitForTexts(eve.psid, 1);
    // A postback as Meta sends it, with the button's title.
    await graph.userTapsPostback(eve.psid, 'Where is my order?', 'parley:button:start:order');
    await waitForTexts(eve.psid, 3);
    // One without a title (an older client, a relayed event): only the payload.
    await graph.post([
      {
        sender: { id: eve.psid },
        recipient: { id: graph.page.id },
        timestamp: Date.now(),
        postback: { mid: 'm_untitled-person', payload: 'parley:button:start:person' },
      },
    ]);
    const texts = await waitForTexts(eve.psid, 4);
    // The engine ran the payload: the person button leads to the handoff.
    expect(texts[3]).toBe('Connecting you with a person…');

    const { conversation_id: id } = await conversationOf(eve.psid);
    const said = ['hi', 'Where is my order?', 'Talk to a person'];
    const users = (await storedMessages(t, id)).filter((one) => one.role === 'user');
    expect(users.map((one) => one.text)).toEqual(said);
    const shown = await transcript(id);
    expect(
      shown.messages
        .filter((one) => one.role === 'user')
        .map((one) => ('text' in one.message ? one.message.text : '')),
    ).toEqual(said);
    // What handoff summaries read (the suite's handoff metadata, the helpdesk's note): the engine's transcript.
    const { state } = await t.database.db
      .selectFrom('conversations')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const lines = (state as { transcript: { role: string; utterance: string }[] }).transcript;
    expect(lines.filter((line) => line.role === 'user').map((line) => line.utterance)).toEqual(said);
  });

  it('sends a turn stored with no send queued (a process stopped in between) once, when the server starts', async () => {
    const dana = graph.addUser('Dana', 'Lee');
    expect(await graph.userSays(dana.psid, 'hello')).toBe(200);
    await waitForTexts(dana.psid, 1);
    const row = await conversationOf(dana.psid);
    const botMessages = async () =>
      (await storedMessages(t, row.conversation_id)).filter((one) => one.role === 'bot').length;
    const before = await botMessages();
    const { ctx } = t.app;
    // The turn is stored, its send is not queued: as if the process stopped between the two.
    await withoutTurnOutbox(t, async () => {
      expect(await graph.userSays(dana.psid, 'Where is my order?')).toBe(200);
      await eventually(async () => ((await botMessages()) > before ? true : undefined));
    });
    await pause(600);
    expect(graph.textsTo(dana.psid)).toHaveLength(1);
    // What the server does on start, twice at once (two processes starting): sent once.
    await Promise.all([queueUnsentMessenger(ctx), queueUnsentMessenger(ctx)]);
    await waitForTexts(dana.psid, 2);
    await pause(1_000);
    const sent = graph.textsTo(dana.psid);
    await queueUnsentMessenger(ctx);
    await pause(600);
    expect(graph.textsTo(dana.psid)).toEqual(sent);
    expect(sent.length).toBe(1 + (await botMessages()) - before);
  }, 20_000);

  it('handles a message once, even when Meta posts it again', async () => {
    const cleo = graph.addUser('Cleo', 'Park');
    expect(await graph.userSays(cleo.psid, 'hello', 'm_dup_1')).toBe(200);
    const again = graph.deliveries.at(-1);
    const replay = await t.request({
      method: 'POST',
      url: webhookPath,
      headers: again?.headers,
      payload: again?.body,
    });
    expect(replay.json()).toEqual({ accepted: 0, duplicates: 1, ignored: 0, receipts: 0 });
    await waitForTexts(cleo.psid, 1);
    await pause(500);
    const row = await conversationOf(cleo.psid);
    const users = (await storedMessages(t, row.conversation_id)).filter((one) => one.role === 'user');
    expect(users).toEqual([{ role: 'user', text: 'hello' }]);
    expect(graph.textsTo(cleo.psid)).toHaveLength(1);
    // Echoes of the Page's own messages are ignored; a read is a receipt (it moves no broadcast here).
    const ignored = await graph.post([
      {
        sender: { id: graph.page.id },
        recipient: { id: graph.page.id },
        timestamp: Date.now(),
        message: { mid: 'm_echo', is_echo: true, text: 'x' },
      },
      {
        sender: { id: cleo.psid },
        recipient: { id: graph.page.id },
        timestamp: Date.now(),
        read: { watermark: 1 },
      },
    ]);
    expect(ignored).toBe(200);
  });

  it('hands over to the inbox: the bot is silent while an agent has control, the agent’s replies go out', async () => {
    const dan = graph.addUser('Dan', 'Silva');
    await graph.userSays(dan.psid, 'hi');
    await waitForTexts(dan.psid, 1);
    const replies = graph.messagesTo(dan.psid)[0]?.quick_replies as { title: string; payload: string }[];
    await graph.userTapsQuickReply(dan.psid, 'Talk to a person', replies[2]?.payload ?? '');
    await waitForTexts(dan.psid, 2);
    expect(graph.textsTo(dan.psid)[1]).toBe('Connecting you with a person…');
    const { conversation_id: id } = await conversationOf(dan.psid);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/conversations/${id}/pass-control`,
          headers: owner,
          payload: { to: 'agent' },
        })
      ).statusCode,
    ).toBe(200);
    await graph.userSays(dan.psid, 'is anyone there?');
    await eventually(async () =>
      (await storedMessages(t, id)).some((message) => message.text === 'is anyone there?') ? true : undefined,
    );
    await pause(500);
    expect(graph.textsTo(dan.psid)).toHaveLength(2);
    // No typing bubble for the agent's side either.
    expect(
      graph.state.sends.filter((one) => one.psid === dan.psid && one.senderAction === 'typing_on'),
    ).toHaveLength(2);
    const reply = await t.request({
      method: 'POST',
      url: `/api/conversations/${id}/agent-messages`,
      headers: owner,
      payload: { text: 'Hi Dan, I am looking at your order.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await waitForTexts(dan.psid, 3))[2]).toBe('Hi Dan, I am looking at your order.');
  });

  /** A person who wrote, was handed to the owner (an inbox agent), and last wrote `ago` ms before. */
  const withAgent = async (first: string, ago: number) => {
    const person = graph.addUser(first, 'Window');
    await graph.userSays(person.psid, 'hi');
    await waitForTexts(person.psid, 1);
    const { conversation_id: id } = await conversationOf(person.psid);
    const taken = await t.request({
      method: 'POST',
      url: `/api/conversations/${id}/pass-control`,
      headers: owner,
      payload: { to: 'agent' },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const wroteAt = new Date(Date.now() - ago);
    graph.wroteAt(person.psid, wroteAt.getTime());
    await t.database.db
      .updateTable('messenger_conversations')
      .set({ last_user_message_at: wroteAt })
      .where('conversation_id', '=', id)
      .execute();
    return { person, id };
  };
  const agentSays = (id: string, text: string) =>
    t.request({
      method: 'POST',
      url: `/api/conversations/${id}/agent-messages`,
      headers: owner,
      payload: { text },
    });
  const notDelivered = (id: string, count = 1) =>
    eventually(async () => {
      const events = (await transcript(id)).events.filter((one) => one.name === 'Message Not Delivered');
      return events.length >= count ? events : undefined;
    });
  const HOUR = 60 * 60 * 1000;

  it('sends an agent’s reply after 24 hours with the HUMAN_AGENT tag; the bot stays inside the 24-hour window', async () => {
    const { person, id } = await withAgent('Eve', 25 * HOUR);
    expect((await agentSays(id, 'Sorry for the wait!')).statusCode).toBe(200);
    await waitForTexts(person.psid, 2);
    const sent = graph.state.sends.filter((one) => one.psid === person.psid && one.message).at(-1);
    expect(sent).toMatchObject({
      messagingType: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      message: { text: 'Sorry for the wait!' },
    });
    // The agent gives the conversation back: the bot's greeting is not sent after 24 hours.
    const back = await t.request({
      method: 'POST',
      url: `/api/conversations/${id}/pass-control`,
      headers: owner,
      payload: { to: 'bot' },
    });
    expect(back.statusCode, back.body).toBe(200);
    const [event] = await notDelivered(id);
    expect(event?.data).toMatchObject({
      channel: 'messenger',
      reason: 'outside-window',
      error: expect.stringMatching(/^The person last wrote at \d{4}-.*more than 24 hours before/),
    });
    expect(graph.textsTo(person.psid)).toEqual(['Hi! How can I help?', 'Sorry for the wait!']);
  });

  it('says in the inbox why an agent’s reply was not delivered: Graph’s refusal of the tag, or more than 7 days', async () => {
    graph.state.humanAgentPermission = false;
    try {
      const { person, id } = await withAgent('Finn', 30 * HOUR);
      await agentSays(id, 'Are you still there?');
      const [refused] = await notDelivered(id);
      expect(refused?.data).toMatchObject({ channel: 'messenger', reason: 'outside-window' });
      const error = String(refused?.data.error);
      expect(error).toMatch(/Human Agent/);
      expect(error).toMatch(/code 10\/2018278.*outside of allowed window/);
      const tagged = graph.calls.filter((call) => recipientOf(call) === person.psid && call.body?.tag);
      expect(tagged).toEqual([expect.objectContaining({ status: 400, code: 10 })]);
    } finally {
      graph.state.humanAgentPermission = true;
    }
    const { person, id } = await withAgent('Gil', 8 * 24 * HOUR);
    await agentSays(id, 'Hello again');
    const [late] = await notDelivered(id);
    expect(late?.data).toMatchObject({
      reason: 'outside-window',
      error: expect.stringMatching(/more than 7 days before/),
    });
    // Not even tried: Graph would refuse it.
    expect(
      graph.calls.filter((call) => recipientOf(call) === person.psid && call.body?.message),
    ).toHaveLength(1);
  });

  it('works beside the Page inbox (handover protocol): silent while it holds the thread, passes it when asked, takes it for an agent', async () => {
    const hana = graph.addUser('Hana', 'Ito');
    await graph.userSays(hana.psid, 'hi');
    await waitForTexts(hana.psid, 1);
    const { conversation_id: id } = await conversationOf(hana.psid);
    const ownerOf = async () =>
      (
        await t.database.db
          .selectFrom('messenger_conversations')
          .select(['thread_owner_app_id'])
          .where('conversation_id', '=', id)
          .executeTakeFirstOrThrow()
      ).thread_owner_app_id;
    // A Page admin answers from the Page inbox: it takes the thread (take_thread_control to Parley).
    expect(await graph.inboxTakes(hana.psid, 'admin replied')).toBe(200);
    await eventually(async () => ((await ownerOf()) === PAGE_INBOX_APP_ID ? true : undefined));
    // What the person writes now comes on the standby channel: the bot does not answer it.
    expect(await graph.userSays(hana.psid, 'is this the shop?')).toBe(200);
    expect(graph.deliveries.at(-1)?.body).toContain('"standby"');
    // The inbox marks it done: the thread comes back, and the bot answers the next message.
    expect(await graph.inboxPasses(hana.psid)).toBe(200);
    await eventually(async () => ((await ownerOf()) === null ? true : undefined));
    const replies = graph.messagesTo(hana.psid)[0]?.quick_replies as { payload: string }[];
    await graph.userTapsQuickReply(hana.psid, 'Where is my order?', replies[0]?.payload ?? '');
    await waitForTexts(hana.psid, 3);
    expect(graph.textsTo(hana.psid)).toEqual([
      'Hi! How can I help?',
      'Your order is on its way.',
      'Hi! How can I help?',
    ]);
    // The inbox asks for the thread while the bot has it: Parley passes it, with the metadata.
    expect(await graph.inboxRequests(hana.psid, 'agent wants to help')).toBe(200);
    const pass = await eventually(async () =>
      graph.calls.find(
        (call) => call.path === '/v17.0/me/pass_thread_control' && recipientOf(call) === hana.psid,
      ),
    );
    expect(pass).toMatchObject({
      status: 200,
      body: { recipient: { id: hana.psid }, target_app_id: PAGE_INBOX_APP_ID },
    });
    expect(graph.state.threadOwners.get(hana.psid)).toBe(PAGE_INBOX_APP_ID);
    await eventually(async () => ((await ownerOf()) === PAGE_INBOX_APP_ID ? true : undefined));
    // An inbox agent in Parley takes the conversation and replies: Parley takes the thread first.
    await t.request({
      method: 'POST',
      url: `/api/conversations/${id}/pass-control`,
      headers: owner,
      payload: { to: 'agent' },
    });
    await agentSays(id, 'Hi Hana, Parley here.');
    await waitForTexts(hana.psid, 4);
    const paths = graph.calls
      .filter((call) => recipientOf(call) === hana.psid && call.method === 'POST')
      .map((call) => call.path);
    expect(paths.slice(-2)).toEqual(['/v17.0/me/take_thread_control', '/v17.0/me/messages']);
    expect(graph.state.threadOwners.get(hana.psid)).toBe(graph.appId);
    expect(await ownerOf()).toBeNull();
  });

  it('retries Graph’s rate limits (613, 32) with backoff and sends once', async () => {
    const fay = graph.addUser('Fay', 'Lind');
    // Typing goes first: it takes the first failure and is not retried (the answer is).
    graph.failNext(GRAPH_ERRORS.rateLimited, GRAPH_ERRORS.rateLimited, GRAPH_ERRORS.pageLimit);
    await graph.userSays(fay.psid, 'hello');
    await waitForTexts(fay.psid, 1);
    const posts = graph.calls.filter(
      (call) => call.path === '/v17.0/me/messages' && recipientOf(call) === fay.psid,
    );
    expect(posts.map((call) => call.code ?? call.status)).toEqual([613, 613, 32, 200]);
    await pause(500);
    expect(graph.textsTo(fay.psid)).toEqual(['Hi! How can I help?']);
  }, 20_000);

  it('does not retry a person who blocked the Page (551/1545041): logged in the transcript and status', async () => {
    const gus = graph.addUser('Gus', 'Hale');
    graph.block(gus.psid);
    await graph.userSays(gus.psid, 'hello');
    const { conversation_id: id } = await conversationOf(gus.psid);
    const event = await eventually(async () =>
      (await transcript(id)).events.find((one) => one.name === 'Message Not Delivered'),
    );
    expect(event.data).toMatchObject({ reason: 'recipient-unavailable' });
    expect(String((event.data as { error: string }).error)).toMatch(/551\/1545041/);
    await pause(1500);
    const posts = graph.calls.filter(
      (call) => call.path === '/v17.0/me/messages' && recipientOf(call) === gus.psid && call.body?.message,
    );
    expect(posts).toHaveLength(1);
    expect((await status()).lastError).toMatch(/551/);
  });

  it('shows the channel disconnected when the token expires (190), sends nothing more, and connects again with a new token', async () => {
    const hal = graph.addUser('Hal', 'Ng');
    await graph.userSays(hal.psid, 'hello');
    await waitForTexts(hal.psid, 1);
    graph.expireToken();
    const replies = graph.messagesTo(hal.psid)[0]?.quick_replies as { payload: string }[];
    await graph.userTapsQuickReply(hal.psid, 'Where is my order?', replies[0]?.payload ?? '');
    const { conversation_id: id } = await conversationOf(hal.psid);
    const event = await eventually(async () =>
      (await transcript(id)).events.find((one) => one.name === 'Message Not Delivered'),
    );
    expect(event.data).toMatchObject({ reason: 'token-invalid' });
    const now = await status();
    expect(now.disconnectedAt).not.toBeNull();
    expect(now.disconnectedReason).toMatch(
      /refused the Page access token.*code 190\/463.*Session has expired/,
    );
    // A new token connects it again.
    graph.state.tokenExpired = false;
    const again = await connect(credentials());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ disconnectedAt: null, verifyToken: 'parley-verify-123' });
  }, 20_000);

  it('keeps another company out (404)', async () => {
    const other = authHeader((await registerOwner(t, { email: 'other-messenger@example.com' })).auth.token);
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await t.request({
        method,
        url: `/api/deployments/${deploymentId}/messenger`,
        headers: other,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await connect(credentials(), other)).statusCode).toBe(404);
  });

  it('disconnects: forgets the Page; its webhook then answers 404', async () => {
    const response = await t.request({
      method: 'DELETE',
      url: `/api/deployments/${deploymentId}/messenger`,
      headers: owner,
    });
    expect(response.statusCode).toBe(204);
    expect(await status()).toEqual({ connected: false });
    const ivy = graph.addUser('Ivy', 'Stone');
    expect(await graph.userSays(ivy.psid, 'hello')).toBe(404);
  });
});
