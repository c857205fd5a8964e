/**
 * Agent turns (issue 22): a 3-step turn (the model asks for an HTTP tool, the tool answers, the
 * model answers) through the engine's agents port, as a bot's Agent module runs it: the agent's
 * version, settings and tools read, the model and the tool called, the run and its usage kept.
 * The fake model (OpenAI's streamed wire format) and the local tool server answer at once, in a
 * worker thread; Parley runs in the main thread on PostgreSQL (and PGlite for comparison).
 *
 * Parley's own overhead per step is a turn's time less the model's time (each call to the model
 * port, timed around it) and the tools' time (the tool steps' own durations), divided by its three
 * steps. Also the process's CPU time per turn (Parley with the fakes; not the database server's),
 * which a loaded machine changes least. Prints JSON.
 *
 * BENCH_SECONDS sets the measured time per scenario; BENCH_ENGINES picks engines (comma-separated).
 *
 * @bench-cores all (the model and tool fakes run beside Parley on the same machine)
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import { conversationAgents } from '../apps/server/src/features/agents/conversation-agents';
import { fakeOpenAi } from '../apps/server/test/fake-openai';
import { fakeToolServer } from '../apps/server/test/fake-tool-server';
import { testConfig } from '../apps/server/test/test-app';
import { createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { percentile } from './stats';

type Engine = 'pglite' | 'postgres';
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const WARMUP_MS = 2000;
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as Engine[];

// ---------- the model and the tool server (worker thread) ----------

async function serveFakes() {
  type Body = Record<string, unknown>;
  const messages = (body: Body) => body.messages as { role: string }[];
  const model = fakeOpenAi({
    tokens: ['Your order', ' has shipped.'],
    // Step 1 asks for the tool; once a tool result is in the conversation, step 3 answers.
    toolCalls: (body: Body) =>
      messages(body).some((message) => message.role === 'tool')
        ? undefined
        : [{ name: 'order_status', arguments: '{"order_id":"A1"}' }],
  });
  const tools = fakeToolServer();
  await Promise.all(
    [model.server, tools.server].map(
      (server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    ),
  );
  // The fakes keep what they were asked; a long run must not fill the worker's memory.
  setInterval(() => {
    model.requests.length = 0;
    tools.requests.length = 0;
  }, 1000).unref();
  const port = (server: typeof model.server) => (server.address() as AddressInfo).port;
  parentPort?.postMessage({
    modelUrl: `http://127.0.0.1:${port(model.server)}/v1`,
    toolUrl: `http://127.0.0.1:${port(tools.server)}`,
  });
}

// ---------- Parley and the load (main thread) ----------

interface Sample {
  wallMs: number;
  overheadPerStepMs: number;
}

async function setUp(engine: Engine, fakes: { modelUrl: string; toolUrl: string }) {
  const benchDb = engine === 'postgres' ? await createBenchDatabase('agents_bench') : undefined;
  const config = testConfig({
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fakes.modelUrl,
    OUTGOING_ALLOW_HOSTS: '127.0.0.1',
  });
  const database =
    engine === 'postgres' && benchDb
      ? await createDatabase({ engine, url: benchDb.url, pool: config.databasePool })
      : await createDatabase({ engine: 'pglite', dataDir: undefined });
  const app = await buildApp({ config, database, jobPollingIntervalSeconds: 60 });
  await app.ready();
  const email = `bench-${randomUUID().slice(0, 8)}@parley.test`;
  await createBenchOwner(database.db, email, 'Agents Bench Co');
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: BENCH_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  const tool = await app.inject({
    method: 'POST',
    url: '/agents-api/tools',
    headers,
    payload: {
      name: 'order_status',
      definition: {
        kind: 'http',
        url: `${fakes.toolUrl}/orders/{{ order_id }}`,
        headers: [{ name: 'Authorization', value: 'Bearer shop-secret', secret: true }],
        parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
        response: [{ key: 'status', path: 'order.status' }],
      },
    },
  });
  const agent = await app.inject({
    method: 'POST',
    url: '/agents-api/agents',
    headers,
    payload: {
      definition: {
        name: 'Orders',
        instructions: 'Find the order of {{ first_name }} with the order_status tool.',
        toolIds: [tool.json<{ id: string }>().id],
      },
    },
  });
  const { companyId } = (await database.db
    .selectFrom('agents')
    .select('company_id as companyId')
    .where('id', '=', agent.json<{ id: string }>().id)
    .executeTakeFirstOrThrow()) as { companyId: string };
  return { app, database, benchDb, agentId: agent.json<{ id: string }>().id, companyId };
}

async function scenario(engine: Engine, concurrency: number, fakes: { modelUrl: string; toolUrl: string }) {
  const { app, benchDb, agentId, companyId } = await setUp(engine, fakes);
  // The model's time of each turn: every call to the model port, timed around it.
  const modelTime = new AsyncLocalStorage<{ ms: number }>();
  const llm = app.ctx.conversations.engineServices.llm;
  const complete = llm.complete.bind(llm);
  llm.complete = async (request, onToken) => {
    const started = performance.now();
    try {
      return await complete(request, onToken);
    } finally {
      const turn = modelTime.getStore();
      if (turn) turn.ms += performance.now() - started;
    }
  };
  const port = conversationAgents(() => app.ctx);
  const botId = randomUUID();
  const turn = async (conversationId: string): Promise<Sample> => {
    const spent = { ms: 0 };
    const started = performance.now();
    const result = await modelTime.run(spent, () =>
      port.run({
        agentId,
        version: 1,
        companyId,
        botId,
        conversationId,
        moduleId: 'orders',
        messages: [{ role: 'user', content: 'Where is order A1?' }],
        variables: { first_name: 'Ada' },
      }),
    );
    const wallMs = performance.now() - started;
    if (result.outcome !== 'answered') throw new Error(`turn ${result.outcome}: ${result.failure}`);
    const toolMs = result.steps.reduce(
      (sum, step) => sum + (step.kind === 'tool' ? (step.durationMs ?? 0) : 0),
      0,
    );
    return { wallMs, overheadPerStepMs: (wallMs - spent.ms - toolMs) / 3 };
  };

  const samples: Sample[] = [];
  let measuring = false;
  const deadline = performance.now() + WARMUP_MS + DURATION_MS;
  setTimeout(() => {
    measuring = true;
  }, WARMUP_MS);
  let measuredFrom = 0;
  let cpuFrom = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const conversationId = randomUUID();
      while (performance.now() < deadline) {
        const sample = await turn(conversationId);
        if (measuring) {
          if (measuredFrom === 0) {
            measuredFrom = performance.now();
            cpuFrom = process.cpuUsage();
          }
          samples.push(sample);
        }
      }
    }),
  );
  const seconds = (performance.now() - measuredFrom) / 1000;
  const cpu = process.cpuUsage(cpuFrom);
  const walls = samples.map((sample) => sample.wallMs).sort((a, b) => a - b);
  const overheads = samples.map((sample) => sample.overheadPerStepMs).sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  await app.close();
  await benchDb?.drop();
  return {
    engine,
    concurrency,
    turns: samples.length,
    turnsPerSecond: Math.round(samples.length / seconds),
    turnP50Ms: round(percentile(walls, 50)),
    turnP95Ms: round(percentile(walls, 95)),
    overheadPerStepP50Ms: round(percentile(overheads, 50)),
    overheadPerStepP95Ms: round(percentile(overheads, 95)),
    // CPU of this process (Parley and, in its worker, the fakes) per turn: what a loaded machine
    // changes least; the database server's CPU is not in it.
    processCpuMsPerTurn: round((cpu.user + cpu.system) / 1000 / samples.length),
  };
}

async function main() {
  const worker = new Worker(new URL(import.meta.url));
  const fakes = await new Promise<{ modelUrl: string; toolUrl: string }>((resolve) =>
    worker.once('message', resolve),
  );
  const results = [];
  for (const engine of ENGINES)
    for (const concurrency of [1, 20]) results.push(await scenario(engine, concurrency, fakes));
  await worker.terminate();
  console.log(JSON.stringify({ bench: 'agents', results }, null, 2));
}

if (isMainThread) await main();
else await serveFakes();
