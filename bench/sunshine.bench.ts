/**
 * The messaging-suite channel (issue 25), on PostgreSQL, against the local fake of the suite:
 * 1. Accepting a webhook post of 100 `conversation:message` events (checked, recorded by id and
 *    queued), through the API in-process (`app.inject`). Between posts the queue is left to
 *    drain, so each post is timed alone.
 * 2. A message turn through this channel against the same turn through web chat (the chat API's
 *    service), one conversation each, the same six-module flow; the outbound call is left out
 *    (the job queue is stopped while timing: the send is its own job). Timed twice: with the send
 *    queued in the turn's commit, as it ships, and without (the turn alone).
 * Each counts the statements it runs (every Kysely statement and raw one; a transaction's BEGIN and
 * COMMIT are not counted), which is Parley's own cost whatever the machine's load.
 * Prints JSON. BENCH_BATCHES sets the posts timed (default 40), BENCH_TURNS the turns (default 1 000).
 */
import { performance } from 'node:perf_hooks';
import type { BotDetail, Deployment, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { buildApp } from '../apps/server/src/app';
import { handleSunshineEvents } from '../apps/server/src/channels/sunshine/sunshine-inbound';
import { createDatabase } from '../apps/server/src/db/database';
import { sendMessage } from '../apps/server/src/features/conversations/chat.service';
import { fakeSunshine } from '../apps/server/test/fake-sunshine';
import { testConfig } from '../apps/server/test/test-app';
import { countingDatabase, createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { percentile } from './stats';

const BATCHES = Number(process.env.BENCH_BATCHES ?? 40);
const TURNS = Number(process.env.BENCH_TURNS ?? 1000);
const WARMUP = 100;

const round = (value: number) => Number(value.toFixed(3));
function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
  };
}

/** Six modules a turn, as the chat bench's: input → set variable → condition → text → set variable → text. */
const flow = flowFixture()
  .module(
    'start',
    'input',
    { prompt: 'Say something', variable: 'said', validator: { type: 'text' } },
    {
      next: 'count',
    },
  )
  .module(
    'count',
    'set_variable',
    { assignments: [{ variable: 'turns', value: '(turns or 0) + 1' }] },
    {
      next: 'check',
    },
  )
  .module(
    'check',
    'condition',
    { branches: [{ id: 'even', label: '', expression: 'turns % 2 == 0' }] },
    { 'branch:even': 'even', else: 'even' },
  )
  .module('even', 'text', { text: 'Turn {{ turns }}: {{ said | upper }}' }, { next: 'note' })
  .module('note', 'set_variable', { assignments: [{ variable: 'last', value: 'said' }] }, { next: 'bye' })
  .module('bye', 'text', { text: 'Noted.' }, { next: 'start' });

const benchDb = await createBenchDatabase('parley_bench_sunshine');
const config = testConfig({ LOG_FORMAT: 'json', OUTGOING_ALLOW_HOSTS: '127.0.0.1' });
const { counted: database, counts } = countingDatabase(
  await createDatabase({ engine: 'postgres', url: benchDb.url, pool: config.databasePool }),
);
const app = await buildApp({ config, database, jobPollingIntervalSeconds: 2 });
await app.ready();
const suite = fakeSunshine();
const apiUrl = await suite.listen();

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
  await createBenchOwner(database.db, 'bench-sunshine@parley.test', 'Bench Co');
  const { token } = await api<{ token: string }>(
    'POST',
    '/api/auth/login',
    {},
    {
      email: 'bench-sunshine@parley.test',
      password: BENCH_PASSWORD,
    },
  );
  const headers = { authorization: `JWT ${token}` };
  const bot = await api<BotDetail>('POST', '/api/bots', headers, { name: 'Bench', language: 'en' });
  await api('PUT', `/api/bots/${bot.id}/flow`, headers, { flow: flow.onto(bot.flow) });
  await api('POST', `/api/bots/${bot.id}/publish`, headers);
  const deployment = await api<Deployment>('POST', `/api/bots/${bot.id}/deployments`, headers, {
    channel: 'webchat',
  });
  await api('PUT', `/api/deployments/${deployment.id}/sunshine`, headers, {
    appId: suite.appId,
    keyId: suite.keyId,
    keySecret: suite.secret,
    region: 'custom',
    apiUrl,
  });
  const secret = suite.state.integrations[0]?.webhooks[0]?.secret ?? '';
  const url = `/api/channels/sunshine/deployments/${deployment.id}/events`;
  const user = { id: 'bench-user', externalId: 'bench-1', profile: { givenName: 'Bench' } };
  const messageEvent = (id: string, scId: string, text: string) => ({
    id,
    type: 'conversation:message',
    createdAt: new Date().toISOString(),
    payload: {
      conversation: { id: scId, type: 'personal' },
      message: { id, author: { type: 'user', userId: user.id, user }, content: { type: 'text', text } },
    },
  });

  // 1. Batches of 100 events accepted.
  const accepted: number[] = [];
  let acceptStatements = 0;
  const drained = async () => {
    for (;;) {
      const { rows } = await database.executeSql(
        `select count(*)::text as n from pgboss.job where name in ('sunshine-events', 'sunshine-outbound') and state < 'completed'`,
      );
      if ((rows[0] as { n: string } | undefined)?.n === '0') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  for (let batch = 0; batch < BATCHES + 3; batch++) {
    const body = JSON.stringify({
      app: { id: suite.appId },
      webhook: { id: 'bench', version: 'v2' },
      events: Array.from({ length: 100 }, (_, index) =>
        messageEvent(`b${batch}-e${index}`, `sc-${batch}-${index % 10}`, `hello ${index}`),
      ),
    });
    const before = counts.statements;
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-api-key': secret },
      payload: body,
    });
    const took = performance.now() - started;
    acceptStatements = counts.statements - before;
    if (response.statusCode !== 200) throw new Error(`batch: ${response.statusCode} ${response.body}`);
    if (batch >= 3) accepted.push(took);
    await drained();
  }

  // 2. The same turn through this channel and through web chat, the outbound call left out: the
  // queue stops (no send runs), sends are queued in the turn's commit as they ship, or not at all.
  const ctx = app.ctx;
  await ctx.jobs.stop();
  const outbox = ctx.conversations.turnOutbox;
  const started = await api<StartConversationResponse>(
    'POST',
    '/api/chat/conversations',
    {},
    {
      deploymentKey: deployment.key,
    },
  );
  async function measure(scId: string) {
    await handleSunshineEvents(ctx, {
      deploymentId: deployment.id,
      events: [messageEvent(`${scId}-first`, scId, 'hi')],
    });
    const sunshineTimes: number[] = [];
    const webchatTimes: number[] = [];
    let sunshineStatements = 0;
    let webchatStatements = 0;
    for (let turn = 0; turn < TURNS + WARMUP; turn++) {
      let before = counts.statements;
      let at = performance.now();
      await handleSunshineEvents(ctx, {
        deploymentId: deployment.id,
        events: [messageEvent(`${scId}-${turn}`, scId, `message ${turn}`)],
      });
      const sunshine = performance.now() - at;
      const sunshineCount = counts.statements - before;
      before = counts.statements;
      at = performance.now();
      await sendMessage(ctx, started.conversationId, started.token, { text: `message ${turn}` });
      const webchat = performance.now() - at;
      const webchatCount = counts.statements - before;
      if (turn >= WARMUP) {
        sunshineTimes.push(sunshine);
        webchatTimes.push(webchat);
        sunshineStatements += sunshineCount;
        webchatStatements += webchatCount;
      }
    }
    const sunshineStats = stats(sunshineTimes);
    const webchatStats = stats(webchatTimes);
    return {
      turns: TURNS,
      sunshine: { ...sunshineStats, statementsPerTurn: round(sunshineStatements / TURNS) },
      webchat: { ...webchatStats, statementsPerTurn: round(webchatStatements / TURNS) },
      extraP50Ms: round(sunshineStats.p50Ms - webchatStats.p50Ms),
      targetExtraMs: 2,
    };
  }
  const withSendQueued = await measure('sc-turns-queued');
  ctx.conversations.turnOutbox = undefined;
  const turnAlone = await measure('sc-turns-alone');
  ctx.conversations.turnOutbox = outbox;
  console.log(
    JSON.stringify(
      {
        batchOf100Accepted: {
          batches: accepted.length,
          ...stats(accepted),
          statementsPerPost: acceptStatements,
          targetP95Ms: 50,
        },
        messageTurnWithSendQueued: withSendQueued,
        messageTurnAlone: turnAlone,
      },
      null,
      2,
    ),
  );
} finally {
  await app.close();
  await suite.close();
  await benchDb.drop();
}
