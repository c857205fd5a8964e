/**
 * Turns that wait on the outside: an LLM bot (input → LLM → back to the input) through the chat API,
 * the model a local OpenAI-compatible fake (streamed answers) that answers after a set latency, and
 * the same shape with a webhook module against a local receiver. Closed loops of visitors, each
 * with its own conversation. The server runs in a worker thread; the load, the fake model and the
 * receiver in the main thread. While each scenario runs, the database's connections are sampled
 * (on PostgreSQL): how many the server holds, and how many are busy at once. Prints JSON.
 *
 * BENCH_LLM_SCENARIOS picks scenarios by name (comma-separated); BENCH_SECONDS sets the measured time.
 *
 * @bench-cores all (the targets are stated for the 2-core machine with the load on the same machine)
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { flowFixture } from '@parley/flow/testing';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import { fakeOpenAi } from '../apps/server/test/fake-openai';
import { testConfig } from '../apps/server/test/test-app';
import { createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { agent, call, closedLoop, json, publishedBot, type Turn } from './load';

type Engine = 'pglite' | 'postgres';
interface Scenario {
  name: string;
  engine: Engine;
  module: 'llm' | 'webhook' | 'knowledge';
  latencyMs: number;
  visitors: number;
}

const SCENARIOS: Scenario[] = [
  { name: 'llm-1s-200-postgres', engine: 'postgres', module: 'llm', latencyMs: 1000, visitors: 200 },
  { name: 'llm-0s-50-postgres', engine: 'postgres', module: 'llm', latencyMs: 0, visitors: 50 },
  { name: 'llm-0s-1-postgres', engine: 'postgres', module: 'llm', latencyMs: 0, visitors: 1 },
  { name: 'webhook-1s-200-postgres', engine: 'postgres', module: 'webhook', latencyMs: 1000, visitors: 200 },
  { name: 'llm-1s-100-pglite', engine: 'pglite', module: 'llm', latencyMs: 1000, visitors: 100 },
  // A knowledge answer: one retrieval query over a price list, then one model call (issue 20).
  { name: 'knowledge-0s-10-postgres', engine: 'postgres', module: 'knowledge', latencyMs: 0, visitors: 10 },
  { name: 'knowledge-0s-10-pglite', engine: 'pglite', module: 'knowledge', latencyMs: 0, visitors: 10 },
];

/** A price list of `rows` products for the knowledge scenarios (SKU-1 … SKU-n). */
const priceList = (rows: number) =>
  [
    'SKU,Product,Price,Category',
    ...Array.from({ length: rows }, (_, index) => {
      const kind = ['Shoes', 'Jackets', 'Socks', 'Hats'][index % 4];
      return `SKU-${index + 1},${kind} model ${index + 1},${(index % 200) + 0.99},${kind}`;
    }),
  ].join('\n');
const PRICE_ROWS = 2_000;

/** Uploads the price list to the bench bot and waits until it is ready. */
async function uploadPriceList(apiUrl: string, owner: { email: string; password: string }) {
  const { token } = await json<{ token: string }>(`${apiUrl}/api/auth/login`, 'POST', owner);
  const auth = `JWT ${token}`;
  const bots = await json<{ items: { id: string }[] }>(`${apiUrl}/api/bots`, 'GET', undefined, auth);
  const config = { botId: bots.items[0]?.id ?? '' };
  const uploaded = await fetch(`${apiUrl}/api/bots/${config.botId}/knowledge/datasets?fileName=prices.csv`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'text/csv' },
    body: priceList(PRICE_ROWS),
  });
  const source = (await uploaded.json()) as { id: string };
  for (;;) {
    const preview = await json<{ source: { live: { state: string } | null } }>(
      `${apiUrl}/api/bots/${config.botId}/knowledge/datasets/${source.id}`,
      'GET',
      undefined,
      auth,
    );
    if (preview.source.live?.state === 'ready') return;
    await sleep(250);
  }
}

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const WARMUP_MS = 3000;

// ---------- server side (worker thread) ----------

async function serve({ engine, url, modelUrl }: { engine: Engine; url?: string; modelUrl: string }) {
  const config = testConfig({
    LOG_FORMAT: 'json',
    PUBLIC_URL: 'http://127.0.0.1',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    // Every visitor comes from 127.0.0.1: the per-IP chat limit would stop the load.
    CHAT_RATE_LIMIT_PER_IP: '100000000',
    CHAT_RATE_LIMIT_PER_CONVERSATION: '100000000',
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: modelUrl,
  });
  const database =
    engine === 'postgres' && url
      ? await createDatabase({ engine, url, pool: config.databasePool })
      : await createDatabase({ engine: 'pglite', dataDir: undefined });
  const app = await buildApp({ config, database, jobPollingIntervalSeconds: 2 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ownerEmail = `bench-${randomBytes(4).toString('hex')}@parley.test`;
  await createBenchOwner(database.db, ownerEmail, 'Bench Co');
  parentPort?.postMessage({
    apiUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    ownerEmail,
  });
}

// ---------- load side (main thread) ----------

/** A bot that listens at `start` and hands every message to `target`. */
const asking = (target: string) =>
  flowFixture().module(
    'start',
    'input',
    { prompt: 'Ask me', variable: 'said', validator: { type: 'text' } },
    { next: target },
  );

const flows = {
  llm: () =>
    asking('answer').module('answer', 'llm', { userPrompt: '{{ said }}', maxTokens: 64 }, { next: 'start' }),
  webhook: (receiverUrl: string) =>
    asking('lookup')
      .module(
        'lookup',
        'webhook',
        {
          method: 'POST',
          url: receiverUrl,
          body: '{{ said }}',
          responseVariable: 'found',
          timeoutMs: 10_000,
        },
        { success: 'tell' },
      )
      .module('tell', 'text', { text: 'Order {{ said }}: {{ found.status }}' }, { next: 'start' }),
  knowledge: () =>
    asking('answer').module(
      'answer',
      'knowledge_answer',
      { question: '{{ said }}' },
      { answered: 'start', no_match: 'start', failure: 'start' },
    ),
};

/** A receiver answering after `latencyMs`, as a slow order service does. */
function slowReceiver(latencyMs: number) {
  return createServer((request, response) => {
    request.resume();
    request.on('end', async () => {
      if (latencyMs) await sleep(latencyMs);
      response.setHeader('content-type', 'application/json');
      response.end('{"status":"shipped"}');
    });
  });
}

/**
 * Samples the bench database's client connections (the most open, and the most busy at once) and
 * counts the transactions committed meanwhile (turns written together share one), and the updates
 * of conversations, with how many were HOT (no index entry written: a claim should be).
 */
function connectionSampler(url: string) {
  const client = new pg.Client({ connectionString: url });
  let open = 0;
  let busy = 0;
  let running = true;
  const commits = async () =>
    (
      await client.query<{ commits: number }>(
        'select xact_commit::int as commits from pg_stat_database where datname = current_database()',
      )
    ).rows[0]?.commits ?? 0;
  const updates = async () =>
    (
      await client.query<{ updates: number; hot: number }>(
        `select n_tup_upd::int as updates, n_tup_hot_upd::int as hot
         from pg_stat_user_tables where relname = 'conversations'`,
      )
    ).rows[0] ?? { updates: 0, hot: 0 };
  // The whole server's: a figure of this bench's only on a PostgreSQL of its own (BENCH_DATABASE_URL).
  const walBytes = async () =>
    Number(
      (
        await client.query<{ bytes: string }>(
          `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint::text as bytes`,
        )
      ).rows[0]?.bytes ?? 0,
    );
  let firstCommits = 0;
  let lastCommits = 0;
  let firstUpdates = { updates: 0, hot: 0 };
  let lastUpdates = { updates: 0, hot: 0 };
  let firstWal = 0;
  let lastWal = 0;
  const done = (async () => {
    await client.connect();
    firstCommits = await commits();
    firstUpdates = await updates();
    firstWal = await walBytes();
    while (running) {
      const { rows } = await client.query<{ open: number; busy: number }>(
        `select count(*)::int as open, count(*) filter (where state <> 'idle')::int as busy
         from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      open = Math.max(open, rows[0]?.open ?? 0);
      busy = Math.max(busy, rows[0]?.busy ?? 0);
      await sleep(50);
    }
    // The statistics reach pg_stat_database when a backend reports them (at most every second).
    await sleep(1100);
    lastWal = await walBytes();
    lastCommits = await commits();
    lastUpdates = await updates();
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await done;
      return {
        maxOpen: open,
        maxBusy: busy,
        commits: lastCommits - firstCommits,
        walBytes: lastWal - firstWal,
        conversationUpdates: {
          all: lastUpdates.updates - firstUpdates.updates,
          hot: lastUpdates.hot - firstUpdates.hot,
        },
      };
    },
  };
}

const listenLocally = async (server: ReturnType<typeof createServer>) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

async function run(scenario: Scenario) {
  const model = fakeOpenAi({
    tokens: ['Green', ' tea', ' suits', ' you', '.'],
    ...(scenario.latencyMs ? { beforeAnswer: () => sleep(scenario.latencyMs) } : {}),
  });
  const receiver = slowReceiver(scenario.latencyMs);
  const modelUrl = `${await listenLocally(model.server)}/v1`;
  const receiverUrl = `${await listenLocally(receiver)}/orders`;
  const benchDb = scenario.engine === 'postgres' ? await createBenchDatabase('parley_bench_llm') : undefined;
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { engine: scenario.engine, url: benchDb?.url, modelUrl },
  });
  try {
    const { apiUrl, ownerEmail } = await new Promise<{ apiUrl: string; ownerEmail: string }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    const flow =
      scenario.module === 'llm'
        ? flows.llm()
        : scenario.module === 'knowledge'
          ? flows.knowledge()
          : flows.webhook(receiverUrl);
    const owner = { email: ownerEmail, password: BENCH_PASSWORD };
    const key = await publishedBot(apiUrl, owner, `Bench ${scenario.module}`, flow);
    if (scenario.module === 'knowledge') await uploadPriceList(apiUrl, owner);
    const conversations = await Promise.all(
      Array.from({ length: scenario.visitors }, () =>
        json<{ conversationId: string; token: string }>(`${apiUrl}/api/chat/conversations`, 'POST', {
          deploymentKey: key,
        }),
      ),
    );
    // Every answer while the database is sampled, warm-up included (for commits per answer).
    let answered = 0;
    const turn: Turn = async (visitor, counter) => {
      const conversation = conversations[visitor];
      if (!conversation) return 0;
      const response = await call(
        `${apiUrl}/api/chat/conversations/${conversation.conversationId}/messages`,
        'POST',
        {
          text:
            scenario.module === 'knowledge'
              ? `How much is SKU-${(counter % PRICE_ROWS) + 1}?`
              : `question ${counter}`,
        },
        `Bearer ${conversation.token}`,
      );
      if (response.status < 300) answered++;
      return response.status;
    };
    model.requests.length = 0;
    const sampler = benchDb ? connectionSampler(benchDb.url) : undefined;
    const result = await closedLoop(scenario.visitors, turn, {
      warmupMs: WARMUP_MS,
      durationMs: DURATION_MS,
    });
    const connections = await sampler?.stop();
    const { commits, walBytes, conversationUpdates, ...held } = connections ?? { commits: 0, walBytes: 0 };
    return {
      ...scenario,
      answersPerSecond: result.turnsPerSecond,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      answers: result.turns,
      errors: result.errors,
      ...(connections
        ? {
            databaseConnections: held,
            // The sampler's own statements and the job queue's polling are counted too.
            commitsPerAnswer: Math.round((commits / Math.max(1, answered)) * 100) / 100,
            conversationUpdates,
            walBytesPerAnswer: Math.round(walBytes / Math.max(1, answered)),
          }
        : {}),
    };
  } finally {
    await worker.terminate();
    await benchDb?.drop();
    model.server.closeAllConnections();
    receiver.closeAllConnections();
    await Promise.all([
      new Promise((resolve) => model.server.close(resolve)),
      new Promise((resolve) => receiver.close(resolve)),
    ]);
  }
}

if (isMainThread) {
  const chosen = process.env.BENCH_LLM_SCENARIOS?.split(',');
  const results = [];
  for (const scenario of SCENARIOS.filter((s) => !chosen || chosen.includes(s.name))) {
    results.push(await run(scenario));
  }
  agent.destroy();
  console.log(JSON.stringify({ benchmark: 'llm', durationSeconds: DURATION_MS / 1000, results }, null, 2));
} else {
  await serve(workerData as { engine: Engine; url?: string; modelUrl: string });
}
