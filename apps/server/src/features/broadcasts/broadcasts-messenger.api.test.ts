import type { Broadcast, BroadcastReport, BroadcastResults, Team } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithGraph } from '../../../test/channel-test-apps';
import { fakeGraph } from '../../../test/fake-graph';
import {
  authHeader,
  claimsOf,
  deployedBot,
  registerOwner,
  savedAudience,
  teammate,
} from '../../../test/fixtures';
import { eventually, jobsSettled, type TestApp, testEngine } from '../../../test/test-app';
import { queueUnsentMessenger, sendMessengerOutbound } from '../../channels/messenger/messenger-outbound';
import { sendBroadcastBatch } from './broadcast-delivery';

/** Asks the size a person wants; a reply to the broadcast goes to `buy`, a goal. */
const sizeFlow = () =>
  flowFixture()
    .module(
      'start',
      'input',
      { prompt: 'Which size?', variable: 'size', validator: { type: 'text' } },
      { next: 'noted' },
    )
    .module('noted', 'text', { text: 'Noted: {{ size }}.' })
    .module(
      'buy',
      'input',
      { prompt: 'How many?', variable: 'qty', validator: { type: 'number' } },
      { next: 'bought' },
    )
    .module('bought', 'text', { text: 'Ordered {{ qty }}!' }, {}, { isGoal: true, goalValue: 40 });

const today = () => new Date().toISOString().slice(0, 10);

describe('a broadcast on Messenger, and the broadcasts report', () => {
  let t: TestApp;
  const graph = fakeGraph();
  let owner: Record<string, string>;
  let companyId = '';
  let botId = '';
  let broadcastId = '';

  beforeAll(async () => {
    t = await appWithGraph(graph);
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token);
    ({ companyId } = claimsOf(registered.auth.token));
    const { bot, deploymentId } = await deployedBot(t, owner, 'Shoes', sizeFlow());
    botId = bot.id;
    const connected = await t.request({
      method: 'PUT',
      url: `/api/deployments/${deploymentId}/messenger`,
      headers: owner,
      payload: {
        pageId: graph.page.id,
        pageAccessToken: graph.page.accessToken,
        appSecret: graph.page.appSecret,
        verifyToken: 'parley-verify-27',
      },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const subscribed = await graph.subscribe(
      `http://parley.test/api/channels/messenger/deployments/${deploymentId}/webhook`,
      'parley-verify-27',
    );
    expect(subscribed.verified).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    await graph.close();
  });

  const results = async (id: string) =>
    (
      await t.request({ method: 'GET', url: `/api/broadcasts/${id}`, headers: owner })
    ).json<BroadcastResults>();
  const figuresWhen = (id: string, ready: (figures: Broadcast['figures']) => boolean) =>
    eventually(async () => {
      const now = await results(id);
      return ready(now.broadcast.figures) ? now : undefined;
    });
  const says = async (psid: string, text: string, expected: string) => {
    await graph.userSays(psid, text);
    await eventually(async () => (graph.textsTo(psid).includes(expected) ? true : undefined));
  };
  const backIn = 'Size 38 is back, Ana Ruiz!';

  it('sends only inside the 24-hour window, once; delivery and read receipts show in its results', async () => {
    const ana = graph.addUser('Ana', 'Ruiz');
    const ben = graph.addUser('Ben', 'Ortiz');
    await says(ana.psid, 'hi', 'Which size?');
    await says(ana.psid, '38', 'Noted: 38.');
    await says(ben.psid, 'hi', 'Which size?');
    await says(ben.psid, '41', 'Noted: 41.');
    // Ben last wrote more than a day ago: Messenger allows the Page no message to him now.
    await t.database.db
      .updateTable('messenger_conversations')
      .set({ last_user_message_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('psid', '=', ben.psid)
      .execute();

    const audience = await savedAudience(t, owner, 'Messenger people', [
      { field: 'channel', channels: ['messenger'] },
    ]);
    const created = await t.request({
      method: 'POST',
      url: '/api/broadcasts',
      headers: owner,
      payload: {
        name: 'Size 38 is back',
        botId,
        audienceId: audience.id,
        channels: ['messenger'],
        message: { type: 'text', text: 'Size {{ size }} is back, {{ user.name }}!' },
        replyModuleId: 'buy',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    broadcastId = created.json<Broadcast>().id;
    expect(created.json<Broadcast>().figures.recipients).toBe(2);
    await eventually(async () => (graph.textsTo(ana.psid).includes(backIn) ? true : undefined));
    const done = await eventually(async () => {
      const now = await results(broadcastId);
      return now.broadcast.state === 'done' ? now : undefined;
    });
    expect(done.broadcast.figures).toMatchObject({
      recipients: 2,
      sent: 1,
      skipped: 1,
      delivered: 0,
      opened: 0,
    });
    expect(done.failures).toEqual([{ state: 'skipped', reason: 'outside-messaging-window', count: 1 }]);
    expect(graph.textsTo(ben.psid)).toEqual(['Which size?', 'Noted: 41.']);
    // Sent through the Send API as a response, once, even when the sweep on start runs again.
    const sends = () =>
      graph.state.sends.filter((one) => one.psid === ana.psid && one.message?.text === backIn);
    expect(sends()).toHaveLength(1);
    expect(sends()[0]?.messagingType).toBe('RESPONSE');
    await queueUnsentMessenger(t.app.ctx);
    await jobsSettled(t, ['messenger-outbound']);
    expect(sends()).toHaveLength(1);

    // A receipt whose watermark is before the broadcast went out moves nothing.
    expect(await graph.reads(ana.psid, Date.now() - 60 * 60 * 1000)).toBe(200);
    expect((await results(broadcastId)).broadcast.figures).toMatchObject({ delivered: 0, opened: 0 });
    expect(await graph.delivered(ana.psid)).toBe(200);
    await figuresWhen(broadcastId, (figures) => figures.delivered === 1);
    expect((await results(broadcastId)).broadcast.figures.opened).toBe(0);
    expect(await graph.reads(ana.psid)).toBe(200);
    await figuresWhen(broadcastId, (figures) => figures.opened === 1);

    // Her answer continues at `buy`, and the goal after it counts for the broadcast.
    await says(ana.psid, '2', 'Ordered 2!');
    const after = await figuresWhen(broadcastId, (figures) => figures.goals === 1);
    expect(after.broadcast.figures).toMatchObject({ replied: 1, goals: 1, delivered: 1, opened: 1 });
  }, 60_000);

  it('fails a recipient whose message Messenger refuses, with the reason', async () => {
    const cleo = graph.addUser('Cleo', 'Vidal');
    await says(cleo.psid, 'hi', 'Which size?');
    await says(cleo.psid, '36', 'Noted: 36.');
    const audience = await savedAudience(t, owner, 'Size 36', [
      { field: 'variable', name: 'size', op: 'equals', value: '36' },
    ]);
    graph.block(cleo.psid);
    const created = await t.request({
      method: 'POST',
      url: '/api/broadcasts',
      headers: owner,
      payload: {
        name: 'Size 36 is back',
        botId,
        audienceId: audience.id,
        channels: ['messenger'],
        message: { type: 'text', text: 'Size 36 is back!' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const failed = await figuresWhen(created.json<Broadcast>().id, (figures) => figures.failed === 1);
    expect(failed.broadcast.figures).toMatchObject({ recipients: 1, sent: 0, failed: 1 });
    expect(failed.failures).toHaveLength(1);
    expect(failed.failures[0]?.reason).toMatch(/^channel-refused: recipient-unavailable/);
  }, 30_000);

  it('sends each Messenger recipient once with two processes sending batches and Graph calls at once', async () => {
    const people = Array.from({ length: 8 }, (_, i) => graph.addUser(`Guest${i}`, 'Twin'));
    for (const person of people) {
      await says(person.psid, 'hi', 'Which size?');
      await says(person.psid, '44', 'Noted: 44.');
    }
    const audience = await savedAudience(t, owner, 'Size 44', [
      { field: 'variable', name: 'size', op: 'equals', value: '44' },
    ]);
    const second = testEngine === 'postgres' ? await t.secondInstance() : t.app;
    const created = await t.request({
      method: 'POST',
      url: '/api/broadcasts',
      headers: owner,
      payload: {
        name: 'Size 44 is back',
        botId,
        audienceId: audience.id,
        channels: ['messenger'],
        message: { type: 'text', text: 'Size 44 is back!' },
      },
    });
    const id = created.json<Broadcast>().id;
    // Duplicated batches and senders, on both processes, all at once.
    await Promise.all([
      sendBroadcastBatch(t.app.ctx, id),
      sendBroadcastBatch(second.ctx, id),
      sendBroadcastBatch(t.app.ctx, id),
    ]);
    const conversations = await t.database.db
      .selectFrom('broadcast_recipients')
      .select('conversation_id')
      .where('broadcast_id', '=', id)
      .execute();
    await Promise.all(
      conversations.flatMap(({ conversation_id }) => [
        sendMessengerOutbound(t.app.ctx, conversation_id, 1),
        sendMessengerOutbound(second.ctx, conversation_id, 1),
      ]),
    );
    await figuresWhen(id, (figures) => figures.sent === 8);
    for (const person of people)
      await eventually(async () =>
        graph.textsTo(person.psid).filter((text) => text === 'Size 44 is back!').length === 1
          ? true
          : undefined,
      );
    await jobsSettled(t, ['broadcast-send', 'messenger-outbound']);
    for (const person of people)
      expect(graph.textsTo(person.psid).filter((text) => text === 'Size 44 is back!')).toHaveLength(1);
  }, 60_000);

  it('the broadcasts report: the period’s broadcasts with the figures their results show; by bot; tenancy', async () => {
    const report = async (query: string, headers = owner) =>
      t.request({ method: 'GET', url: `/api/reports/broadcasts?${query}`, headers });
    const answer = await report(`from=${today()}&to=${today()}&compare=true`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<BroadcastReport>();
    const own = await results(broadcastId);
    const listed = body.broadcasts.find((one) => one.id === broadcastId);
    expect(listed).toMatchObject({ name: 'Size 38 is back', botId, channels: ['messenger'], state: 'done' });
    expect(listed?.figures).toEqual(own.broadcast.figures);
    expect(body.totals).toMatchObject({
      broadcasts: 3,
      recipients: 11,
      sent: 9,
      skipped: 1,
      failed: 1,
      goals: 1,
    });
    expect(body.previousTotals).toMatchObject({ broadcasts: 0, recipients: 0 });
    expect(body.range).toEqual({ from: today(), to: today() });

    // Before the period and for another bot: none.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = (await report(`from=${yesterday}&to=${yesterday}`)).json<BroadcastReport>();
    expect(before.totals.broadcasts).toBe(0);
    const { bot: other } = await deployedBot(t, owner, 'Other', sizeFlow());
    const byBot = (await report(`from=${today()}&to=${today()}&botId=${other.id}`)).json<BroadcastReport>();
    expect(byBot).toMatchObject({ broadcasts: [], totals: { broadcasts: 0 } });

    // An analyst limited to the other bot sees none of this bot's broadcasts, even unfiltered.
    const analyst = await teammate(
      t,
      { companyId },
      { email: 'ana@example.com', first_name: 'Ana', last_name: 'Lyst', role: 'analyst' },
    );
    const team = (await t.request({ method: 'GET', url: '/api/team', headers: owner })).json<Team>();
    const analystId = team.members.find((member) => member.email === 'ana@example.com')?.id;
    const limited = await t.request({
      method: 'PATCH',
      url: `/api/team/members/${analystId}`,
      headers: owner,
      payload: { bot_ids: [other.id] },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    const seen = (await report(`from=${today()}&to=${today()}`, analyst)).json<BroadcastReport>();
    expect(seen).toMatchObject({ broadcasts: [], totals: { broadcasts: 0 } });

    // Another company sees none of them, and a 404 for this company's bot.
    const stranger = authHeader((await registerOwner(t)).auth.token);
    const theirs = (await report(`from=${today()}&to=${today()}`, stranger)).json<BroadcastReport>();
    expect(theirs.broadcasts).toEqual([]);
    const foreign = await report(`from=${today()}&to=${today()}&botId=${botId}`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.name).toBe('NotFoundException');
    const bad = await report(`from=${today()}&to=2020-01-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.name).toBe('ValidationException');
  }, 30_000);
});
