/**
 * Chat API throughput: turns per second and p50/p99 latency through HTTP on 127.0.0.1, on PGlite
 * and on PostgreSQL, for a scripted flow that walks six modules a turn. Closed loop at concurrency
 * 1, 10 and 50 (one conversation per virtual visitor), an open loop at a constant rate, and the
 * floor: a bare Fastify route doing the turn's minimum in one statement on the same database.
 * The server runs in a worker thread, the load generator in the main thread. Prints JSON.
 *
 * @bench-cores all (the target is stated for the 2-core machine with the load on the same machine)
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import { testConfig } from '../apps/server/test/test-app';
import { createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { storeFloorTurn } from './floor-turn';
import {
  agent,
  call,
  chatBenchFlow,
  closedLoop as closedLoopOf,
  json,
  publishedBot,
  summary,
  type Turn,
} from './load';

type Engine = 'pglite' | 'postgres';
interface ServerReady {
  apiUrl: string;
  floorUrl: string;
  ownerEmail: string;
}

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 6) * 1000;
const WARMUP_MS = 1500;

// ---------- server side (worker thread) ----------

async function serve(engine: Engine, url: string | undefined): Promise<void> {
  const config = testConfig({
    LOG_FORMAT: 'json',
    PUBLIC_URL: 'http://127.0.0.1',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    // Every simulated visitor comes from this machine's address.
    CHAT_RATE_LIMIT_PER_IP: '100000000',
    CHAT_RATE_LIMIT_PER_CONVERSATION: '100000000',
  });
  const database =
    engine === 'postgres' && url
      ? await createDatabase({ engine, url })
      : await createDatabase({ engine: 'pglite', dataDir: undefined });
  const app = await buildApp({ config, database, jobPollingIntervalSeconds: 2 });
  const ownerEmail = `bench-${randomBytes(4).toString('hex')}@parley.test`;
  await createBenchOwner(database.db, ownerEmail, 'Bench Co');
  await app.listen({ port: 0, host: '127.0.0.1' });

  // The floor: what any turn must do at least, as one statement (state, the two messages).
  const floor = Fastify();
  floor.post<{ Params: { id: string }; Body: { text: string } }>('/floor/:id', async (request) => {
    await storeFloorTurn(database.db, request.params.id, request.body.text);
    return { ok: true };
  });
  // The stored conversation state's size, for the ≤ 8 KB budget.
  floor.get<{ Params: { id: string } }>('/state-size/:id', async (request) => {
    const row = await sql<{
      bytes: number;
    }>`select octet_length(state::text) as bytes from conversations where id = ${request.params.id}::uuid`.execute(
      database.db,
    );
    return { bytes: Number(row.rows[0]?.bytes ?? 0) };
  });
  await floor.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;
  parentPort?.postMessage({
    apiUrl: `http://127.0.0.1:${port(app.server)}`,
    floorUrl: `http://127.0.0.1:${port(floor.server)}`,
    ownerEmail,
  } satisfies ServerReady);
}

// ---------- load side (main thread) ----------

interface Conversation {
  conversationId: string;
  token: string;
}

const closedLoop = (concurrency: number, turn: Turn) =>
  closedLoopOf(concurrency, turn, { warmupMs: WARMUP_MS, durationMs: DURATION_MS });

/** Open loop: turns start on a fixed schedule whatever the answers do; latency counts from the schedule. */
async function openLoop(rate: number, visitors: number, turn: Turn) {
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const interval = 1000 / rate;
  const began = performance.now();
  const busy = new Set<number>();
  const launch = (index: number) => {
    const due = began + index * interval;
    // A free visitor takes the turn (a conversation runs one turn at a time, like a person).
    let chosen = index % visitors;
    for (let tries = 0; busy.has(chosen) && tries < visitors; tries++) chosen = (chosen + 1) % visitors;
    busy.add(chosen);
    pending.push(
      turn(chosen, index).then((status) => {
        busy.delete(chosen);
        if (status === 200) latencies.push(performance.now() - due);
        else errors++;
      }),
    );
  };
  // Timers fire a millisecond apart at best: each wake-up starts every turn that is due by then.
  let next = 0;
  while (performance.now() - began < DURATION_MS) {
    for (const now = performance.now(); began + next * interval <= now; next++) launch(next);
    const wait = began + next * interval - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }
  await Promise.all(pending);
  return { rate, ...summary(latencies, performance.now() - began, errors) };
}

async function benchEngine(engine: Engine) {
  const benchDb = engine === 'postgres' ? await createBenchDatabase('parley_bench') : undefined;
  const url = benchDb?.url;
  const worker = new Worker(new URL(import.meta.url), { workerData: { engine, url } });
  try {
    const ready = await new Promise<ServerReady>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const key = await publishedBot(
      ready.apiUrl,
      { email: ready.ownerEmail, password: BENCH_PASSWORD },
      'Bench',
      chatBenchFlow,
    );
    const conversations: Conversation[] = [];
    for (let index = 0; index < 60; index++) {
      conversations.push(
        await json<Conversation>(`${ready.apiUrl}/api/chat/conversations`, 'POST', { deploymentKey: key }),
      );
    }
    const apiTurn: Turn = async (visitor, counter) => {
      const conversation = conversations[visitor] as Conversation;
      const response = await call(
        `${ready.apiUrl}/api/chat/conversations/${conversation.conversationId}/messages`,
        'POST',
        { text: `message ${counter}` },
        `Bearer ${conversation.token}`,
      );
      return response.status;
    };
    const floorTurn: Turn = async (visitor, counter) => {
      const conversation = conversations[visitor] as Conversation;
      return (
        await call(`${ready.floorUrl}/floor/${conversation.conversationId}`, 'POST', {
          text: `message ${counter}`,
        })
      ).status;
    };

    const closed: Record<string, unknown> = {};
    for (const concurrency of [1, 10, 50]) closed[`c${concurrency}`] = await closedLoop(concurrency, apiTurn);
    const best = (closed.c50 as { turnsPerSecond: number }).turnsPerSecond;
    const open = await openLoop(Math.max(10, Math.round(best * 0.7)), 50, apiTurn);
    const floor = await closedLoop(50, floorTurn);
    const state = await json<{ bytes: number }>(
      `${ready.floorUrl}/state-size/${conversations[0]?.conversationId}`,
      'GET',
    );
    return { engine, closedLoop: closed, openLoop: open, floorC50: floor, stateBytesAfterBench: state.bytes };
  } finally {
    await worker.terminate();
    await benchDb?.drop();
  }
}

if (isMainThread) {
  const results = [];
  // BENCH_ENGINES=postgres measures one engine only.
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
  for (const engine of engines) results.push(await benchEngine(engine));
  agent.destroy();
  console.log(JSON.stringify({ benchmark: 'chat', durationSeconds: DURATION_MS / 1000, results }, null, 2));
} else {
  const { engine, url } = workerData as { engine: Engine; url?: string };
  await serve(engine, url);
}
