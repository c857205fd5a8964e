import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  StartConversationResponse,
  WebhookCallResult,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookInstance,
  WebhookRequestTemplate,
  WebhookTemplate,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, startChat, visitorSays } from '../../../test/fixtures';
import { orderLookupFlow } from '../../../test/flows';
import { createTestApp, eventually, type TestApp, testEngine } from '../../../test/test-app';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local order service. `/ok` answers JSON; `/html` a page; `/hang` never answers; `/huge` 30 MB;
 * `/flaky` answers 503 to an order's first two calls, then JSON.
 */
function orderService() {
  const received: Received[] = [];
  const hung: ServerResponse[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const path = request.url ?? '/';
    received.push({ path, headers: request.headers, body });
    const order = (JSON.parse(body || '{}') as { order?: string }).order ?? '';
    if (path.startsWith('/hang')) {
      hung.push(response);
    } else if (path.startsWith('/html')) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>Thanks!</html>');
    } else if (path.startsWith('/huge')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(1024 * 1024);
      for (let sent = 0; sent < 30 && !response.destroyed; sent++) {
        if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
      }
      response.end();
    } else if (
      path.startsWith('/flaky') &&
      received.filter((call) => call.path.startsWith('/flaky') && call.body === body).length <= 2
    ) {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"message":"busy"}');
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ order: { id: order, status: 'shipped' } }));
    }
  });
  return {
    server,
    received,
    close() {
      for (const response of hung) response.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const apiToken = 'tok_live_s3cr3t_value_1234';
const signingSecret = 'whsec_turns_signing_secret_01';

/** A company's own template: the order service's address and token, the order from the bot. */
const orderTemplate = (request: Partial<WebhookRequestTemplate> = {}) => ({
  visibility: 'private' as const,
  definition: {
    name: 'Order service',
    summary: 'Looks an order up',
    category: 'developer' as const,
    fields: [
      { key: 'base', label: 'Address', type: 'text' as const },
      { key: 'token', label: 'Token', secret: true },
      { key: 'order', label: 'Order', scope: 'bot' as const, example: '{{ order }}' },
    ],
    request: {
      method: 'POST' as const,
      url: '{{ fields.base }}',
      headers: [{ name: 'Authorization', value: 'Bearer {{ fields.token }}' }],
      body: '{"order": {{ fields.order | tojson }}, "token": {{ fields.token | tojson }}}',
      ...request,
    },
    responseMapping: [{ variable: 'order_status', path: 'order.status' }],
  },
});

/** Asks for an order, calls the instance, says the status (or why it failed, by the failure port). */
const ordersFlow = (instance: { id: string; name: string }, timeoutMs = 3_000) =>
  orderLookupFlow(
    {
      url: 'https://unused.example',
      timeoutMs,
      instance: { ...instance, fields: { order: '{{ order }}' }, maps: ['order_status'] },
    },
    { status: '{{ order_status }}', failed: 'not now' },
  );

describe('bots calling installed webhooks', () => {
  let t: TestApp;
  let base = '';
  const service = orderService();
  let headers: Record<string, string> = {};

  beforeAll(async () => {
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
    t = await createTestApp({ WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_RETRY_LIMIT: '3' });
    headers = authHeader((await registerOwner(t)).auth.token);
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  const template = async (request: Partial<WebhookRequestTemplate> = {}) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/webhooks/templates',
      headers,
      payload: orderTemplate(request),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WebhookTemplate>();
  };
  const install = async (templateId: string, path: string, asynchronous = false) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/webhooks/instances',
      headers,
      payload: {
        templateId,
        name: `Orders ${path}`,
        fields: { base: `${base}${path}`, token: apiToken },
        signingSecret,
        asynchronous,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WebhookInstance>();
  };
  const botFor = async (instance: WebhookInstance, timeoutMs?: number) => {
    const { key, bot } = await deployedBot(t, headers, instance.name, ordersFlow(instance, timeoutMs));
    return { key, botId: bot.id };
  };
  /** The texts of the turn's messages. */
  const say = async (conversation: StartConversationResponse, text: string) =>
    (await visitorSays(t, conversation, text)).flatMap((message) =>
      message.message.type === 'text' ? [message.message.text] : [],
    );
  const deliveriesOf = (conversationId: string) =>
    t.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .orderBy('attempt')
      .execute();
  const resultEvents = (conversationId: string) =>
    t.database.db
      .selectFrom('conversation_events')
      .select('data')
      .where('conversation_id', '=', conversationId)
      .where('name', '=', 'Webhook Result')
      .execute();

  it('delivers a live turn’s call once, signed, logs it with its bot and conversation, and maps the answer', async () => {
    const instance = await install((await template()).id, '/ok');
    const { key, botId } = await botFor(instance);
    const conversation = await startChat(t, key);
    expect(await say(conversation, 'A-17')).toContain('Order A-17: shipped');

    const calls = service.received.filter((call) => call.body.includes('"A-17"'));
    expect(calls).toHaveLength(1);
    const call = calls[0];
    const [timestamp, digest] = String(call?.headers['x-parley-signature']).split(',');
    const seconds = timestamp?.replace('t=', '');
    expect(digest).toBe(
      `v1=${createHmac('sha256', signingSecret).update(`${seconds}.${call?.body}`).digest('hex')}`,
    );
    expect(Math.abs(Number(seconds) - Date.now() / 1000)).toBeLessThan(60);

    const [delivery, ...more] = await deliveriesOf(conversation.conversationId);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({
      kind: 'live',
      instance_id: instance.id,
      bot_id: botId,
      module_id: 'lookup',
      ok: true,
      status: 200,
      attempt: 1,
    });
    expect(call?.headers['x-parley-delivery']).toBe(delivery?.id);
    expect(call?.headers['x-parley-attempt']).toBe('1');
    // The token is in what was sent, never in what was kept.
    expect(call?.body).toContain(apiToken);
    expect(JSON.stringify(delivery?.request)).not.toContain(apiToken);
    expect(delivery?.request.headers).toEqual([{ name: 'Authorization', value: 'Bearer ••••' }]);
    const [event] = await resultEvents(conversation.conversationId);
    expect(event?.data).toMatchObject({ ok: true, status: 200, deliveryId: delivery?.id });
  });

  it('logs a turn’s deliveries with the turn’s own write, and the first of two calls before the second is made', async () => {
    const instance = await install((await template()).id, '/ok');
    // Two lookups in one turn: the first is logged before the turn records and makes the second.
    const twice = flowFixture()
      .module(
        'start',
        'input',
        { prompt: 'Order number?', variable: 'order', validator: { type: 'text' } },
        { next: 'first' },
      )
      .module(
        'first',
        'webhook',
        {
          url: 'https://unused.example',
          instance: { ...instance, fields: { order: '{{ order }}' }, maps: [] },
        },
        { success: 'second' },
      )
      .module(
        'second',
        'webhook',
        {
          url: 'https://unused.example',
          instance: { ...instance, fields: { order: '{{ order }}-again' }, maps: ['order_status'] },
        },
        { success: 'tell' },
      )
      .module('tell', 'text', { text: 'Order {{ order }}: {{ order_status }}' }, { next: 'start' });
    const { key } = await deployedBot(t, headers, 'Twice', twice);
    const conversation = await startChat(t, key);
    const statements: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const query = args[0] as string | { text?: string };
      statements.push((typeof query === 'string' ? query : (query.text ?? '')).toLowerCase());
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      expect(await say(conversation, 'B-2')).toContain('Order B-2: shipped');
    } finally {
      pg.Client.prototype.query = original;
    }
    const deliveries = await deliveriesOf(conversation.conversationId);
    expect(deliveries.map((delivery) => [delivery.module_id, delivery.ok])).toEqual(
      expect.arrayContaining([
        ['first', true],
        ['second', true],
      ]),
    );
    expect(deliveries).toHaveLength(2);
    const [event] = await resultEvents(conversation.conversationId);
    expect(deliveries.map((delivery) => delivery.id)).toContain(event?.data.deliveryId);
    if (testEngine === 'postgres') {
      const logging = statements.filter((text) => text.includes('insert into "webhook_deliveries"'));
      const writes = statements.filter((text) => /update conversations c set/.test(text));
      // The first delivery alone; the second in the statement that stores the turn (one commit).
      expect(logging).toHaveLength(1);
      expect(writes.filter((text) => text.includes('insert into webhook_deliveries'))).toHaveLength(1);
    }
  });

  it.each([
    [
      'a body template that does not render',
      '/ok',
      { body: '{"order": {{ fields.order | nosuchfilter }}}' },
      'template_error',
    ],
    ['an address that is not an address', 'not-an-address', {}, 'invalid_address'],
    ['an answer that is not JSON', '/html', {}, 'not_json'],
    ['a receiver that never answers', '/hang', {}, 'timeout'],
    ['a 30 MB answer', '/huge', {}, 'too_large'],
  ] as const)(
    'names %s on the delivery and in the conversation, and goes on by the failure port',
    async (_, path, overrides, reason) => {
      const made = await template(overrides);
      const instance =
        path === 'not-an-address'
          ? await (async () => {
              const response = await t.request({
                method: 'POST',
                url: '/api/webhooks/instances',
                headers,
                payload: {
                  templateId: made.id,
                  name: 'Nowhere',
                  fields: { base: 'nowhere at all', token: apiToken },
                },
              });
              expect(response.statusCode, response.body).toBe(201);
              return response.json<WebhookInstance>();
            })()
          : await install(made.id, path);
      const { key } = await botFor(instance, 1_000);
      const conversation = await startChat(t, key);
      expect(await say(conversation, `B-${reason}`)).toContain(`Order B-${reason}: not now`);
      const [delivery] = await deliveriesOf(conversation.conversationId);
      expect(delivery).toMatchObject({ ok: false, failure_reason: reason });
      expect(delivery?.failure_message).toBeTruthy();
      const [event] = await resultEvents(conversation.conversationId);
      expect(event?.data).toMatchObject({ ok: false, reason, deliveryId: delivery?.id });
    },
  );

  it('queues an asynchronous webhook’s delivery, and retries it with backoff, once per attempt', async () => {
    const instance = await install((await template()).id, '/flaky', true);
    const { key } = await botFor(instance);
    const processes = testEngine === 'postgres' ? [await t.secondInstance()] : [];
    expect(processes.length).toBe(testEngine === 'postgres' ? 1 : 0);
    const conversations = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const conversation = await startChat(t, key);
        // The bot does not wait for the receiver: it goes on at once, with nothing mapped.
        expect(await say(conversation, `C-${index}`)).toContain(`Order C-${index}:`);
        return conversation;
      }),
    );
    for (const [index, conversation] of conversations.entries()) {
      const deliveries = await eventually(async () => {
        const rows = await deliveriesOf(conversation.conversationId);
        return rows.some((row) => row.ok) ? rows : undefined;
      }, 20_000);
      expect(deliveries.map((row) => [row.attempt, row.ok, row.status])).toEqual([
        [1, false, 503],
        [2, false, 503],
        [3, true, 200],
      ]);
      const [first] = deliveries;
      expect(deliveries.slice(1).every((row) => row.retry_of === first?.id)).toBe(true);
      const sent = service.received.filter((call) => call.body.includes(`"C-${index}"`));
      expect(sent).toHaveLength(3);
      // One delivery to the receiver (it deduplicates on its id), tried three times.
      expect(sent.map((call) => call.headers['x-parley-delivery'])).toEqual([
        first?.id,
        first?.id,
        first?.id,
      ]);
      expect(sent.map((call) => call.headers['x-parley-attempt'])).toEqual(['1', '2', '3']);
      const [event] = await resultEvents(conversation.conversationId);
      expect(event?.data).toMatchObject({ ok: true, queued: true, deliveryId: first?.id });
    }
  });

  describe('the delivery log', () => {
    const get = async <T>(url: string, as = headers) => {
      const response = await t.request({ method: 'GET', url, headers: as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };

    it('lists every call with its instance, bot and conversation, filtered, searched and paged, secrets masked', async () => {
      const instance = await install((await template()).id, '/ok');
      const { key, botId } = await botFor(instance);
      const conversation = await startChat(t, key);
      for (const order of ['L-1', 'L-2', 'L-3']) await say(conversation, order);
      const mine = await get<WebhookDeliveryList>(`/api/webhooks/deliveries?instanceId=${instance.id}`);
      expect(mine.deliveries.map((delivery) => [delivery.kind, delivery.ok, delivery.status])).toEqual([
        ['live', true, 200],
        ['live', true, 200],
        ['live', true, 200],
      ]);
      expect(mine.deliveries[0]).toMatchObject({
        instanceName: instance.name,
        botId,
        botName: instance.name,
        conversationId: conversation.conversationId,
        moduleId: 'lookup',
        method: 'POST',
        url: `${base}/ok`,
      });
      const first = await get<WebhookDeliveryList>(
        `/api/webhooks/deliveries?conversationId=${conversation.conversationId}&limit=2`,
      );
      expect(first.deliveries).toHaveLength(2);
      const rest = await get<WebhookDeliveryList>(
        `/api/webhooks/deliveries?conversationId=${conversation.conversationId}&limit=2&cursor=${first.nextCursor}`,
      );
      expect(rest.nextCursor).toBeNull();
      expect([...first.deliveries, ...rest.deliveries].map((delivery) => delivery.id)).toEqual(
        mine.deliveries.map((delivery) => delivery.id),
      );
      expect(
        (await get<WebhookDeliveryList>(`/api/webhooks/deliveries?botId=${botId}`)).deliveries,
      ).toHaveLength(3);
      const failed = await get<WebhookDeliveryList>('/api/webhooks/deliveries?outcome=failed');
      expect(failed.deliveries.length).toBeGreaterThan(0);
      expect(failed.deliveries.every((delivery) => !delivery.ok)).toBe(true);
      const found = await get<WebhookDeliveryList>('/api/webhooks/deliveries?search=NOT%20JSON');
      expect(found.deliveries.map((delivery) => delivery.failure?.reason)).toEqual(['not_json']);
      const detail = await get<WebhookDelivery>(`/api/webhooks/deliveries/${mine.deliveries[0]?.id}`);
      expect(detail.request.body).toContain('"L-3"');
      expect(detail.responseBody).toContain('shipped');
      expect(detail.replayable).toBe(true);
      const everything = [JSON.stringify(mine), JSON.stringify(detail)].join();
      expect(everything).not.toContain(apiToken);
      expect(everything).not.toContain(signingSecret);
    });

    it('shows an asynchronous delivery’s attempts together', async () => {
      const [retried] = (await get<WebhookDeliveryList>('/api/webhooks/deliveries?search=flaky')).deliveries;
      const detail = await get<WebhookDelivery>(`/api/webhooks/deliveries/${retried?.id}`);
      expect(detail.attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
        [1, 503],
        [2, 503],
        [3, 200],
      ]);
    });

    it('replays a delivery as it was made, signed anew, logged as a replay of it', async () => {
      const [original] = (
        await get<WebhookDeliveryList>('/api/webhooks/deliveries?search=%2Fok&outcome=succeeded')
      ).deliveries;
      const before = service.received.length;
      const replayed = await t.request({
        method: 'POST',
        url: `/api/webhooks/deliveries/${original?.id}/replay`,
        headers,
      });
      expect(replayed.statusCode, replayed.body).toBe(200);
      expect(replayed.json<WebhookCallResult>()).toMatchObject({ ok: true, status: 200 });
      const sent = service.received.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body).toContain(apiToken);
      const detail = await get<WebhookDelivery>(`/api/webhooks/deliveries/${original?.id}`);
      expect(detail.replays).toHaveLength(1);
      expect(detail.replays[0]).toMatchObject({
        kind: 'replay',
        replayOf: original?.id,
        conversationId: original?.conversationId,
        botId: original?.botId,
      });
      const replays = await get<WebhookDeliveryList>('/api/webhooks/deliveries?kind=replay');
      expect(replays.deliveries.map((delivery) => delivery.id)).toContain(detail.replays[0]?.id);
    });

    it('measures each instance over the period asked', async () => {
      const { instances } = await get<{ instances: WebhookInstance[] }>('/api/webhooks/instances?days=1');
      const flaky = instances.find((instance) => instance.name === 'Orders /flaky');
      expect(flaky?.health).toMatchObject({ deliveries: 18, succeeded: 6, successRate: 6 / 18 });
      expect(flaky?.health.p95Ms).toEqual(expect.any(Number));
      expect(
        (await t.request({ method: 'GET', url: '/api/webhooks/instances?days=3', headers })).statusCode,
      ).toBe(400);
    });

    it('shows one company nothing of another’s deliveries', async () => {
      const other = authHeader((await registerOwner(t)).auth.token);
      const [delivery] = (await get<WebhookDeliveryList>('/api/webhooks/deliveries')).deliveries;
      expect((await get<WebhookDeliveryList>('/api/webhooks/deliveries', other)).deliveries).toEqual([]);
      for (const [method, url] of [
        ['GET', `/api/webhooks/deliveries/${delivery?.id}`],
        ['POST', `/api/webhooks/deliveries/${delivery?.id}/replay`],
      ] as const) {
        const response = await t.request({ method, url, headers: other });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.name).toBe('NotFoundException');
      }
      expect(
        (await get<WebhookDeliveryList>(`/api/webhooks/deliveries?instanceId=${delivery?.instanceId}`, other))
          .deliveries,
      ).toEqual([]);
    });
  });
});
