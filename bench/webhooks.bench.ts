/**
 * Installed webhooks (issue 23), on PostgreSQL:
 * 1. Parley's own time in a webhook turn: one visitor's messages through the chat API (in-process,
 *    `app.inject`), each calling an installed webhook on a local receiver that answers at once, the
 *    delivery logged; the receiver's own time is taken out. The same with a raw request (no log)
 *    and with no webhook at all, for comparison; and the floor: a bare Fastify route doing what any
 *    webhook turn must do at least (a durable record before the call, the call, a durable write of
 *    the turn's state and two messages after it), with none of Parley's work.
 * 2. The delivery log over 1 000 000 deliveries of one company: the list's first page, filtered
 *    and searched, and a later page, through the API.
 * Beside the wall times, the CPU each turn took: this process's (server, load and receiver) and
 * the database backends' (read from /proc), which a busy machine blurs far less than wall time.
 * Prints JSON. BENCH_TURNS sets the turns measured (default 1 500), BENCH_DELIVERIES the log's size
 * (0 times the turns alone).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { flowFixture } from '@parley/flow/testing';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { Agent, request as undiciRequest } from 'undici';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import { testConfig } from '../apps/server/test/test-app';
import { createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { storeFloorTurn } from './floor-turn';
import { percentile, processCpuMs } from './stats';

const TURNS = Number(process.env.BENCH_TURNS ?? 1500);
const WARMUP_TURNS = 200;
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1_000_000);
const QUERY_RUNS = 100;

const round = (value: number) => Number(value.toFixed(2));
function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
  };
}

/** Answers at once; notes how long each request spent inside it (from its arrival to its answer). */
function receiver() {
  let spent = 0;
  const server = createServer((request, response) => {
    const arrived = performance.now();
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.end('{"order":{"status":"shipped"}}');
      spent += performance.now() - arrived;
    });
  });
  return {
    server,
    /** The receiver's time since the last call. */
    take() {
      const taken = spent;
      spent = 0;
      return taken;
    },
  };
}

const asking = (target: string) =>
  flowFixture().module(
    'start',
    'input',
    { prompt: 'Order?', variable: 'said', validator: { type: 'text' } },
    { next: target },
  );
const flows = {
  instance: (instance: { id: string; name: string }) =>
    asking('lookup')
      .module(
        'lookup',
        'webhook',
        {
          url: 'https://unused.example',
          instance: { ...instance, fields: { order: '{{ said }}' }, maps: ['order_status'] },
        },
        { success: 'tell' },
      )
      .module('tell', 'text', { text: 'Order {{ said }}: {{ order_status }}' }, { next: 'start' }),
  raw: (url: string) =>
    asking('lookup')
      .module(
        'lookup',
        'webhook',
        { url, body: '{{ said }}', responseVariable: 'found' },
        { success: 'tell' },
      )
      .module('tell', 'text', { text: 'Order {{ said }}: {{ found.order.status }}' }, { next: 'start' }),
  none: () => asking('tell').module('tell', 'text', { text: 'Order {{ said }}: noted' }, { next: 'start' }),
};

const benchDb = await createBenchDatabase('parley_bench_webhooks');
const config = testConfig({
  LOG_FORMAT: 'json',
  CHAT_RATE_LIMIT_PER_IP: '100000000',
  CHAT_RATE_LIMIT_PER_CONVERSATION: '100000000',
});
const database = await createDatabase({ engine: 'postgres', url: benchDb.url, pool: config.databasePool });
const app = await buildApp({ config, database, jobPollingIntervalSeconds: 2 });
await app.ready();
const hook = receiver();
await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/orders`;

async function api<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  body?: object,
) {
  const response = await app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

try {
  await createBenchOwner(database.db, 'bench-webhooks@parley.test', 'Bench Co');
  const { token } = await api<{ token: string }>(
    'POST',
    '/api/auth/login',
    {},
    {
      email: 'bench-webhooks@parley.test',
      password: BENCH_PASSWORD,
    },
  );
  const auth = { authorization: `JWT ${token}` };
  const template = await api<{ id: string }>('POST', '/api/webhooks/templates', auth, {
    visibility: 'private',
    definition: {
      name: 'Order service',
      summary: 'Looks an order up',
      category: 'developer',
      fields: [
        { key: 'base', label: 'Address', type: 'text' },
        { key: 'token', label: 'Token', secret: true },
        { key: 'order', label: 'Order', scope: 'bot', example: '{{ said }}' },
      ],
      request: {
        method: 'POST',
        url: '{{ fields.base }}',
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'Authorization', value: 'Bearer {{ fields.token }}' },
        ],
        body: '{"order": {{ fields.order | tojson }}}',
      },
      responseMapping: [{ variable: 'order_status', path: 'order.status' }],
    },
  });
  const instance = await api<{ id: string; name: string; companyId?: string }>(
    'POST',
    '/api/webhooks/instances',
    auth,
    {
      templateId: template.id,
      name: 'Orders',
      fields: { base: receiverUrl, token: 'tok_bench_secret_value' },
    },
  );

  const deploy = async (name: string, flow: ReturnType<typeof asking>) => {
    const bot = await api<{ id: string; flow: Record<string, unknown> }>('POST', '/api/bots', auth, {
      name,
      language: 'en',
    });
    await api('PUT', `/api/bots/${bot.id}/flow`, auth, { flow: flow.onto(bot.flow) });
    await api('POST', `/api/bots/${bot.id}/publish`, auth);
    const { key } = await api<{ key: string }>('POST', `/api/bots/${bot.id}/deployments`, auth, {
      channel: 'webchat',
    });
    return { botId: bot.id, key };
  };

  /** The CPU time of the bench database's backends (the server's pool), from /proc. */
  const databaseCpuMs = async () => {
    const { rows } = await sql<{
      pid: number;
    }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db);
    return rows.reduce((sum, { pid }) => {
      try {
        return sum + processCpuMs(pid);
      } catch {
        return sum; // a backend that ended meanwhile
      }
    }, 0);
  };

  const startConversation = (key: string) =>
    api<{ conversationId: string; token: string }>(
      'POST',
      '/api/chat/conversations',
      {},
      { deploymentKey: key },
    );

  /** Turns one after another, each by `send`: the time of each (the receiver's taken out) and the CPU. */
  const measured = async (send: (turn: number) => Promise<{ statusCode: number }>) => {
    const times: number[] = [];
    let cpu = { process: process.cpuUsage(), database: 0 };
    for (let turn = 0; turn < WARMUP_TURNS + TURNS; turn++) {
      if (turn === WARMUP_TURNS) cpu = { process: process.cpuUsage(), database: await databaseCpuMs() };
      hook.take();
      const started = performance.now();
      const response = await send(turn);
      const elapsed = performance.now() - started - hook.take();
      if (response.statusCode !== 200) throw new Error(`turn answered ${response.statusCode}`);
      if (turn >= WARMUP_TURNS) times.push(elapsed);
    }
    const processCpu = process.cpuUsage(cpu.process);
    return {
      ...stats(times),
      processCpuMsPerTurn: round((processCpu.user + processCpu.system) / 1000 / TURNS),
      databaseCpuMsPerTurn: round(((await databaseCpuMs()) - cpu.database) / TURNS),
    };
  };

  /** One visitor's turns through the chat API: Parley's time in each. */
  const turns = async (key: string) => {
    const { conversationId, token: visitor } = await startConversation(key);
    return measured((turn) =>
      app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conversationId}/messages`,
        headers: { authorization: `Bearer ${visitor}` },
        payload: { text: `A-${turn}` },
      }),
    );
  };

  /**
   * The floor of a webhook turn on this machine and database, with none of Parley's work: the
   * claim's durable commit before the call, the call on a kept connection, and one durable
   * statement storing the state and the two messages after it (the chat bench's floor).
   */
  const floorTurns = async (key: string) => {
    const { conversationId } = await startConversation(key);
    const dispatcher = new Agent();
    const floor = Fastify();
    floor.post<{ Body: { text: string } }>('/floor', async (request) => {
      const { text } = request.body;
      await sql`update conversations set pending_owner = 'floor', pending_until = now() + interval '1 minute'
        where id = ${conversationId}::uuid`.execute(database.db);
      const answer = await undiciRequest(receiverUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order: text }),
        dispatcher,
      });
      await answer.body.json();
      await storeFloorTurn(database.db, conversationId, text);
      return { ok: true };
    });
    try {
      return await measured((turn) =>
        floor.inject({ method: 'POST', url: '/floor', payload: { text: `A-${turn}` } }),
      );
    } finally {
      await floor.close();
      await dispatcher.close();
    }
  };

  const withInstance = await deploy('Instance', flows.instance(instance));
  const overhead = {
    installedWebhookLogged: await turns(withInstance.key),
    rawWebhook: await turns((await deploy('Raw', flows.raw(receiverUrl))).key),
    noWebhook: await turns((await deploy('None', flows.none())).key),
    floorWebhookTurn: await floorTurns((await deploy('Floor', flows.none())).key),
  };
  const logged = await database.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  if (DELIVERIES === 0)
    console.log(
      JSON.stringify(
        { benchmark: 'webhooks', turns: TURNS, overhead, deliveriesLoggedByTheTurns: Number(logged.count) },
        null,
        2,
      ),
    );
  else {
    // ---- the log at scale: 20 instances, deliveries every 7.7 s back over 89 days ----
    const companyId = (
      await database.db
        .selectFrom('webhook_instances')
        .select('company_id')
        .where('id', '=', instance.id)
        .executeTakeFirstOrThrow()
    ).company_id;
    // Made through the API: each instance's secrets are sealed to it.
    for (let n = 2; n <= 20; n++)
      await api('POST', '/api/webhooks/instances', auth, {
        templateId: template.id,
        name: `Orders ${n}`,
        fields: { base: receiverUrl, token: 'tok_bench_secret_value' },
      });
    const filling = performance.now();
    // Through a connection of its own: the server's pool stops statements after its timeout.
    const filler = new pg.Client({ connectionString: benchDb.url });
    await filler.connect();
    const fill = sql`insert into webhook_deliveries
      (company_id, instance_id, bot_id, conversation_id, module_id, kind, attempt, input, request, ok, status,
       duration_ms, response_body, failure_reason, failure_message, created_at)
    select ${companyId}, instances.ids[1 + i % 20],
      case when i % 50 = 0 then ${withInstance.botId}::uuid
        else (lpad(to_hex(i % 49), 8, '0') || '-0000-4000-8000-0000000000b0')::uuid end,
      (lpad(to_hex(i / 3), 8, '0') || '-0000-4000-8000-0000000000c0')::uuid, 'lookup',
      case when i % 100 = 0 then 'test' else 'live' end, 1,
      '{"variables": {"said": "A-1"}, "renderedFields": {"order": "A-1"}}'::jsonb,
      jsonb_build_object('method', 'POST', 'url', 'https://orders-' || (i % 20) || '.example.com/orders',
        'headers', '[{"name": "Authorization", "value": "Bearer ••••"}]'::jsonb, 'body', '{"order": "A-' || i || '"}'),
      i % 10 <> 0, case when i % 10 <> 0 then 200 when i % 5000 = 0 then null else 503 end,
      i % 400, '{"order":{"status":"shipped"}}',
      case when i % 5000 = 0 then 'timeout' when i % 10 = 0 then 'error_status' end,
      case when i % 5000 = 0 then 'timed out after 10000 ms' when i % 10 = 0 then 'The receiver answered 503' end,
      now() - i * interval '7.7 seconds'
    from generate_series(1, ${DELIVERIES}) i,
      (select array_agg(id order by created_at, id) ids from webhook_instances where company_id = ${companyId}) instances`.compile(
      database.db,
    );
    await filler.query(fill.sql, [...fill.parameters]);
    // What autovacuum does to a table after a day of inserts: statistics, and the visibility map
    // that lets health read the instance index alone.
    await filler.query('vacuum analyze webhook_deliveries');
    await filler.end();
    const fillSeconds = round((performance.now() - filling) / 1000);

    const timed = async (url: string) => {
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < QUERY_RUNS + 5; run++) {
        const started = performance.now();
        const page = await api<{ deliveries?: unknown[]; instances?: unknown[] }>('GET', url, auth);
        if (run >= 5) times.push(performance.now() - started);
        rows = (page.deliveries ?? page.instances ?? []).length;
      }
      return { rows, ...stats(times) };
    };
    const first = await api<{ nextCursor: string }>('GET', '/api/webhooks/deliveries', auth);
    const second = await api<{ nextCursor: string }>(
      'GET',
      `/api/webhooks/deliveries?cursor=${first.nextCursor}`,
      auth,
    );
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600_000);
    const dayBefore = new Date(weekAgo.getTime() - 24 * 3600_000);
    const list = {
      newest: await timed('/api/webhooks/deliveries'),
      thirdPage: await timed(`/api/webhooks/deliveries?cursor=${second.nextCursor}`),
      oneInstance: await timed(`/api/webhooks/deliveries?instanceId=${instance.id}`),
      oneBot: await timed(`/api/webhooks/deliveries?botId=${withInstance.botId}`),
      failed: await timed('/api/webhooks/deliveries?outcome=failed'),
      tests: await timed('/api/webhooks/deliveries?kind=test'),
      oneDayAWeekAgo: await timed(
        `/api/webhooks/deliveries?from=${dayBefore.toISOString()}&to=${weekAgo.toISOString()}`,
      ),
      searchCommon: await timed('/api/webhooks/deliveries?search=orders-7'),
      searchRare: await timed('/api/webhooks/deliveries?search=timed%20out'),
      searchNothing: await timed('/api/webhooks/deliveries?search=no%20such%20words'),
      oneConversation: await timed(
        `/api/webhooks/deliveries?conversationId=${
          (
            await database.db
              .selectFrom('webhook_deliveries')
              .select('conversation_id')
              .where('company_id', '=', companyId)
              .orderBy('created_at', 'desc')
              .offset(5000)
              .limit(1)
              .executeTakeFirstOrThrow()
          ).conversation_id
        }`,
      ),
      instanceHealth7Days: await timed('/api/webhooks/instances?days=7'),
    };
    console.log(
      JSON.stringify(
        {
          benchmark: 'webhooks',
          turns: TURNS,
          overhead,
          deliveriesLoggedByTheTurns: Number(logged.count),
          log: { deliveries: DELIVERIES, fillSeconds, queryRuns: QUERY_RUNS, list },
        },
        null,
        2,
      ),
    );
  }
} finally {
  await app.close();
  hook.server.close();
  await benchDb.drop();
}
