import type {
  Audience,
  AudiencePreview,
  Broadcast,
  BroadcastResults,
  StartConversationResponse,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, visitorSays, visitorSends } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp, testEngine } from '../../../test/test-app';
import { sendBroadcastBatch } from './broadcast-delivery';

/** Asks what the visitor wants back in stock; a reply to the broadcast goes to `buy`, a goal. */
const shopFlow = () =>
  flowFixture()
    .module(
      'start',
      'input',
      { prompt: 'What are you looking for?', variable: 'item', validator: { type: 'text' } },
      { next: 'noted' },
    )
    .tag({ id: 'interest', name: 'Interested', color: '#16a34a' })
    .module(
      'noted',
      'text',
      { text: 'We will tell you when {{ item }} is back.' },
      {},
      { tags: ['interest'] },
    )
    .module(
      'buy',
      'input',
      { prompt: 'How many?', variable: 'qty', validator: { type: 'number' } },
      { next: 'bought' },
    )
    .module('bought', 'text', { text: 'Ordered {{ qty }}!' }, {}, { isGoal: true, goalValue: 25 });

describe('audiences and broadcasts', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let botId = '';
  let key = '';
  const visitors: (StartConversationResponse & { name: string })[] = [];
  /** The n-th visitor who chatted (in the order of beforeAll). */
  const visitor = (index: number) => {
    const found = visitors[index];
    if (!found) throw new Error(`no visitor ${index}`);
    return found;
  };

  const chat = async (name: string, item: string | null, language = 'en') => {
    const started = (
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        payload: { deploymentKey: key, user: { id: `crm-${name}`, name }, language },
      })
    ).json<StartConversationResponse>();
    if (item) await visitorSays(t, started, item);
    visitors.push({ ...started, name });
    return started;
  };
  const history = async (visitor: StartConversationResponse) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/chat/v3/conversations/${visitor.conversationId}/history`,
        headers: { authorization: `Bearer ${visitor.token}` },
      })
    ).json<{ messages: { role: string; message: { type: string; text?: string } }[] }>().messages;
  const preview = async (filter: unknown, headers = owner) =>
    t.request({ method: 'POST', url: '/api/audiences/preview', headers, payload: { filter } });
  const saveAudience = async (name: string, conditions: unknown[]) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/audiences',
        headers: owner,
        payload: { name, filter: { match: 'all', conditions } },
      })
    ).json<Audience>();
  const send = (payload: Record<string, unknown>, headers = owner) =>
    t.request({
      method: 'POST',
      url: '/api/broadcasts',
      headers,
      payload: { name: 'Back in stock', botId, channels: ['webchat'], ...payload },
    });
  const results = async (id: string) =>
    (
      await t.request({ method: 'GET', url: `/api/broadcasts/${id}`, headers: owner })
    ).json<BroadcastResults>();
  const broadcastMessages = async (visitor: StartConversationResponse, text: RegExp) =>
    (await history(visitor)).filter(
      (message) => message.role === 'bot' && text.test(message.message.text ?? ''),
    );

  beforeAll(async () => {
    t = await createTestApp();
    owner = authHeader((await registerOwner(t)).auth.token);
    ({
      bot: { id: botId },
      key,
    } = await deployedBot(t, owner, 'Shop', shopFlow()));
    await chat('Ana', 'blue kettle');
    await chat('Ben', 'blue kettle');
    await chat('Caro', 'red teapot', 'es');
    await chat('Dani', null);
  }, 60_000);
  afterAll(async () => t?.close());

  it('counts a filter’s contacts and shows a sample, by variable, language and first seen', async () => {
    const kettle = (
      await preview({ conditions: [{ field: 'variable', name: 'item', op: 'contains', value: 'KETTLE' }] })
    ).json<AudiencePreview>();
    expect(kettle.count).toBe(2);
    expect(kettle.sample.map((contact) => contact.name).sort()).toEqual(['Ana', 'Ben']);
    expect(kettle.sample[0]).toMatchObject({ channel: 'webchat', conversations: 1, optedOut: false });

    const cases: [unknown[], number, 'all' | 'any'][] = [
      [[], 4, 'all'],
      [[{ field: 'variable', name: 'item', op: 'isSet' }], 3, 'all'],
      [[{ field: 'variable', name: 'item', op: 'isNotSet' }], 1, 'all'],
      [[{ field: 'language', languages: ['es'] }], 1, 'all'],
      [[{ field: 'channel', channels: ['webchat'] }], 4, 'all'],
      [[{ field: 'channel', channels: ['messenger'] }], 0, 'all'],
      [[{ field: 'bot', botIds: [botId] }], 4, 'all'],
      [[{ field: 'firstSeen', op: 'after', at: '2020-01-01T00:00:00Z' }], 4, 'all'],
      [[{ field: 'lastSeen', op: 'before', at: '2020-01-01T00:00:00Z' }], 0, 'all'],
      [[{ field: 'handoff', handedOff: false }], 4, 'all'],
      [[{ field: 'goal', reached: true }], 0, 'all'],
      [[{ field: 'tag', tag: 'interested', visited: true }], 3, 'all'],
      [[{ field: 'tag', tag: 'Interested', visited: false }], 1, 'all'],
      [[{ field: 'tag', tag: 'unknown', visited: true }], 0, 'all'],
      [
        [
          { field: 'language', languages: ['es'] },
          { field: 'variable', name: 'item', op: 'equals', value: 'blue kettle' },
        ],
        3,
        'any',
      ],
    ];
    for (const [conditions, count, match] of cases) {
      const response = await preview({ match, conditions });
      expect([JSON.stringify(conditions), response.json<AudiencePreview>().count]).toEqual([
        JSON.stringify(conditions),
        count,
      ]);
    }
  });

  it('refuses a filter it cannot compile safely, with the path of what is wrong', async () => {
    const notNumber = await preview({
      conditions: [{ field: 'variable', name: 'qty', op: 'greaterThan', value: 'lots' }],
    });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().error.name).toBe('ValidationException');
    const injected = await preview({
      conditions: [{ field: 'variable', name: "x'; drop table contacts; --", op: 'isSet' }],
    });
    expect(injected.statusCode).toBe(400);
    const quoted = await preview({
      conditions: [
        { field: 'variable', name: 'item', op: 'equals', value: "o'clock'); drop table contacts; --" },
      ],
    });
    expect(quoted.json<AudiencePreview>().count).toBe(0);
  });

  it('names, edits, duplicates and deletes audiences', async () => {
    const audience = await saveAudience('Kettle fans', [
      { field: 'variable', name: 'item', op: 'contains', value: 'kettle' },
    ]);
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/audiences/${audience.id}`,
      headers: owner,
      payload: { name: 'Kettle people', filter: audience.filter },
    });
    expect(renamed.json<Audience>().name).toBe('Kettle people');
    const copy = await t.request({
      method: 'POST',
      url: `/api/audiences/${audience.id}/duplicate`,
      headers: owner,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json<Audience>()).toMatchObject({ name: 'Kettle people (copy)', filter: audience.filter });
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/audiences/${copy.json<Audience>().id}`,
      headers: owner,
    });
    expect(removed.statusCode).toBe(204);
    const list = (await t.request({ method: 'GET', url: '/api/audiences', headers: owner })).json<{
      audiences: Audience[];
    }>();
    expect(list.audiences.map((each) => each.name)).toEqual(['Kettle people']);
  });

  it('sends a templated message to each contact once; a reply continues at the chosen module and its goal counts', async () => {
    const audience = await saveAudience('Asked for kettles', [
      { field: 'variable', name: 'item', op: 'contains', value: 'kettle' },
    ]);
    const created = await send({
      audienceId: audience.id,
      message: { type: 'text', text: 'Hi {{ user.name }}, the **{{ item }}** is back!' },
      replyModuleId: 'buy',
    });
    expect(created.statusCode).toBe(201);
    const broadcast = created.json<Broadcast>();
    expect(broadcast.figures.recipients).toBe(2);
    const done = await eventually(async () => {
      const now = await results(broadcast.id);
      return now.broadcast.state === 'done' ? now : undefined;
    });
    expect(done.broadcast.figures).toMatchObject({ recipients: 2, sent: 2, delivered: 2, failed: 0 });
    const [ana, ben, caro] = [visitor(0), visitor(1), visitor(2)];
    expect((await broadcastMessages(ana, /is back!/)).map((message) => message.message.text)).toEqual([
      'Hi Ana, the **blue kettle** is back!',
    ]);
    expect(await broadcastMessages(ben, /is back!/)).toHaveLength(1);
    expect(await broadcastMessages(caro, /is back!/)).toHaveLength(0);

    const reply = await visitorSends(t, ana, '2');
    expect(reply.json<{ messages: { message: { text?: string } }[] }>().messages.at(-1)?.message.text).toBe(
      'Ordered 2!',
    );
    const after = await eventually(async () => {
      const now = await results(broadcast.id);
      return now.broadcast.figures.replied === 1 ? now : undefined;
    });
    expect(after.broadcast.figures.goals).toBe(1);
    const list = (await t.request({ method: 'GET', url: '/api/broadcasts', headers: owner })).json<{
      broadcasts: Broadcast[];
    }>();
    expect(list.broadcasts[0]).toMatchObject({ id: broadcast.id, state: 'done' });
  });

  it('skips contacts the template fails for, with the reason, and sends the rest', async () => {
    const audience = await saveAudience('Everyone', []);
    const broadcast = (
      await send({
        audienceId: audience.id,
        message: { type: 'text', text: 'Your {{ item.upper() }} awaits' },
      })
    ).json<Broadcast>();
    const done = await eventually(async () => {
      const now = await results(broadcast.id);
      return now.broadcast.state === 'done' ? now : undefined;
    });
    expect(done.broadcast.figures).toMatchObject({ recipients: 4, sent: 3, skipped: 1 });
    expect(done.failures).toEqual([
      { state: 'skipped', reason: expect.stringMatching(/^template-failed: /), count: 1 },
    ]);
  });

  it('never sends to a contact who said a stop word', async () => {
    const dani = visitor(3);
    await t.request({
      method: 'PUT',
      url: '/api/broadcasts/settings',
      headers: owner,
      payload: { stopWords: ['Stop', 'Basta'] },
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/broadcasts/settings', headers: owner })).json(),
    ).toEqual({
      stopWords: ['stop', 'basta'],
    });
    await visitorSays(t, dani, ' BASTA ');
    // Dani's stop word answered the bot's question too: it is their `item` now.
    const audience = await saveAudience('Dani', [
      { field: 'variable', name: 'item', op: 'equals', value: 'basta' },
    ]);
    await eventually(async () => {
      const sample = (await preview(audience.filter)).json<AudiencePreview>().sample;
      return sample[0]?.optedOut ? true : undefined;
    });
    const refused = await send({ audienceId: audience.id, message: { type: 'text', text: 'Hello again' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      name: 'ConflictException',
      details: { reason: 'audience-empty' },
    });
  });

  it('refuses a schedule in the past and a throttle of zero; schedules in a time zone', async () => {
    const audience = await saveAudience('All again', []);
    const base = { audienceId: audience.id, message: { type: 'text', text: 'Opening hours' } };
    const past = await send({ ...base, sendAt: '2020-01-01T09:00', timeZone: 'Europe/Madrid' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatchObject({
      name: 'ValidationException',
      details: { reason: 'schedule-in-past' },
    });
    const zero = await send({ ...base, throttlePerMinute: 0 });
    expect(zero.statusCode).toBe(400);
    const later = await send({ ...base, sendAt: '2099-01-01T09:00', timeZone: 'Europe/Madrid' });
    expect(later.json<Broadcast>()).toMatchObject({ state: 'scheduled', sendAt: '2099-01-01T08:00:00.000Z' });
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/broadcasts/${later.json<Broadcast>().id}/cancel`,
      headers: owner,
    });
    expect(cancelled.json<Broadcast>().state).toBe('cancelled');
    const again = await t.request({
      method: 'POST',
      url: `/api/broadcasts/${later.json<Broadcast>().id}/resume`,
      headers: owner,
    });
    expect(again.statusCode).toBe(409);
  });

  it('pauses, resumes and cancels a throttled broadcast', async () => {
    const audience = await saveAudience('Throttled', []);
    const broadcast = (
      await send({
        audienceId: audience.id,
        message: { type: 'text', text: 'One a minute' },
        throttlePerMinute: 1,
      })
    ).json<Broadcast>();
    // One a minute: the first goes, the next batch waits a minute.
    await eventually(async () =>
      (await results(broadcast.id)).broadcast.figures.sent === 1 ? true : undefined,
    );
    const paused = await t.request({
      method: 'POST',
      url: `/api/broadcasts/${broadcast.id}/pause`,
      headers: owner,
    });
    expect(paused.json<Broadcast>().state).toBe('paused');
    // A batch that runs while paused sends nothing.
    await sendBroadcastBatch(t.app.ctx, broadcast.id);
    expect((await results(broadcast.id)).broadcast.figures.sent).toBe(1);
    const resumed = await t.request({
      method: 'POST',
      url: `/api/broadcasts/${broadcast.id}/resume`,
      headers: owner,
    });
    expect(resumed.json<Broadcast>().state).toBe('sending');
    await eventually(async () =>
      (await results(broadcast.id)).broadcast.figures.sent === 2 ? true : undefined,
    );
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/broadcasts/${broadcast.id}/cancel`,
      headers: owner,
    });
    expect(cancelled.json<Broadcast>().state).toBe('cancelled');
    const final = await results(broadcast.id);
    expect(final.broadcast.figures).toMatchObject({ recipients: 3, sent: 2, cancelled: 1, queued: 0 });
  });

  it('keeps audiences and broadcasts to their company', async () => {
    const other = authHeader((await registerOwner(t)).auth.token);
    const mine = (await t.request({ method: 'GET', url: '/api/audiences', headers: owner })).json<{
      audiences: Audience[];
    }>();
    const audienceId = mine.audiences[0]?.id ?? '';
    const theirs = (await t.request({ method: 'GET', url: '/api/audiences', headers: other })).json<{
      audiences: Audience[];
    }>();
    expect(theirs.audiences).toEqual([]);
    expect((await preview({ conditions: [] }, other)).json<AudiencePreview>().count).toBe(0);
    const broadcasts = (await t.request({ method: 'GET', url: '/api/broadcasts', headers: owner })).json<{
      broadcasts: Broadcast[];
    }>();
    const broadcastId = broadcasts.broadcasts[0]?.id ?? '';
    for (const call of [
      {
        method: 'PUT' as const,
        url: `/api/audiences/${audienceId}`,
        payload: { name: 'x', filter: { conditions: [] } },
      },
      { method: 'POST' as const, url: `/api/audiences/${audienceId}/duplicate` },
      { method: 'DELETE' as const, url: `/api/audiences/${audienceId}` },
      { method: 'GET' as const, url: `/api/broadcasts/${broadcastId}` },
      { method: 'POST' as const, url: `/api/broadcasts/${broadcastId}/pause` },
    ]) {
      const response = await t.request({ ...call, headers: other });
      expect([call.url, response.statusCode]).toEqual([call.url, 404]);
    }
    const sent = await send({ audienceId, message: { type: 'text', text: 'x' } }, other);
    expect(sent.statusCode).toBe(404);
  });

  it('sends each recipient once however many batches run at once, and takes over a stopped process’s claims', async () => {
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => chat(`Guest${i}`, 'green mug')));
    const audience = await saveAudience('Mug people', [
      { field: 'variable', name: 'item', op: 'equals', value: 'green mug' },
    ]);
    const second = testEngine === 'postgres' ? await t.secondInstance() : t.app;
    const broadcast = (
      await send({ audienceId: audience.id, message: { type: 'text', text: 'Mugs are back' } })
    ).json<Broadcast>();
    // A process that claimed three and stopped before sending them: their lease has run out.
    await sql`update broadcast_recipients set state = 'sending', claimed_until = now() - interval '1 second'
      where broadcast_id = ${broadcast.id} and contact_id in (
        select contact_id from broadcast_recipients where broadcast_id = ${broadcast.id} and state = 'queued' limit 3)`.execute(
      t.database.db,
    );
    // Retried and duplicated jobs, on both processes, all at once.
    await Promise.all([
      sendBroadcastBatch(t.app.ctx, broadcast.id),
      sendBroadcastBatch(second.ctx, broadcast.id),
      sendBroadcastBatch(t.app.ctx, broadcast.id),
      sendBroadcastBatch(second.ctx, broadcast.id),
    ]);
    await eventually(async () =>
      (await results(broadcast.id)).broadcast.state === 'done' ? true : undefined,
    );
    expect((await results(broadcast.id)).broadcast.figures).toMatchObject({ recipients: 20, sent: 20 });
    for (const visitor of many) expect(await broadcastMessages(visitor, /Mugs are back/)).toHaveLength(1);
  }, 60_000);
});
