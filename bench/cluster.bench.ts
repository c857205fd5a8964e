/**
 * Many server processes: chat turns per second through nginx with 1, 2 and 3 Parley processes on
 * one PostgreSQL database, then 3 processes with one killed (SIGKILL) mid-run: the seconds until
 * throughput is back, and the requests that failed as the clients saw them, before and after their
 * retry (with the same client message id, as the SDK does). Prints JSON.
 *
 * @bench-cores all (servers, nginx, PostgreSQL and the load generator share the machine)
 */
import { randomBytes } from 'node:crypto';
import { flowFixture } from '@parley/flow/testing';
import { startNginx } from '../apps/server/scale/nginx';
import { createDatabase } from '../apps/server/src/db/database';
import { type ChildServer, startChildServer } from '../apps/server/test/child-servers';
import { freePort } from '../apps/server/test/free-port';
import { createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { call, closedLoop, json, publishedBot } from './load';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const VISITORS = 30;
const serverEnv = {
  LOG_LEVEL: 'silent',
  TRUST_PROXY: '1',
  AUTH_RATE_LIMIT_PER_IP: '1000',
  CHAT_RATE_LIMIT_PER_IP: '100000000',
  CHAT_RATE_LIMIT_PER_CONVERSATION: '100000000',
};

const echo = flowFixture()
  .module(
    'start',
    'input',
    { prompt: 'Say something', variable: 'said', validator: { type: 'text' } },
    { next: 'echo' },
  )
  .module('echo', 'text', { text: 'You said {{ said }}' }, { next: 'start' });

const database = await createBenchDatabase('bench_cluster');
const ports = [await freePort(), await freePort(), await freePort()];
const servers: ChildServer[] = [];
try {
  servers.push(await startChildServer(database.url, serverEnv, ports[0]));
  servers.push(
    ...(await Promise.all(ports.slice(1).map((port) => startChildServer(database.url, serverEnv, port)))),
  );
  const db = await createDatabase({ engine: 'postgres', url: database.url });
  const email = `bench-${randomBytes(4).toString('hex')}@parley.test`;
  await createBenchOwner(db.db, email, 'Bench Co');
  await db.close();
  const direct = servers[0]?.url ?? '';
  const key = await publishedBot(direct, { email, password: BENCH_PASSWORD }, 'Echo', echo);

  const conversations = async (entry: string) =>
    Promise.all(
      Array.from({ length: VISITORS }, () =>
        json<{ conversationId: string; token: string }>(`${entry}/api/chat/conversations`, 'POST', {
          deploymentKey: key,
        }),
      ),
    );
  /** Sends one message, retrying failures with its id as the SDK does; counts what failed. */
  const sender = (entry: string, visitors: { conversationId: string; token: string }[]) => {
    const seen = { failedTries: 0, failedAfterRetry: 0, answeredAt: [] as number[] };
    const turn = async (visitor: number, counter: number) => {
      const conversation = visitors[visitor];
      if (!conversation) return 0;
      const body = {
        text: `m${counter}`,
        clientMessageId: `v${visitor}-${counter}-${randomBytes(3).toString('hex')}`,
      };
      for (let attempt = 1; attempt <= 6; attempt++) {
        const response = await call(
          `${entry}/api/chat/conversations/${conversation.conversationId}/messages`,
          'POST',
          body,
          `Bearer ${conversation.token}`,
        ).catch(() => ({ status: 0, body: '' }));
        if (response.status === 200) {
          seen.answeredAt.push(performance.now());
          return 200;
        }
        seen.failedTries++;
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** (attempt - 1)));
      }
      seen.failedAfterRetry++;
      return 0;
    };
    return { seen, turn };
  };

  const throughput: Record<string, unknown> = {};
  for (const processes of [1, 2, 3]) {
    const port = await freePort();
    const nginx = await startNginx({
      listen: `127.0.0.1:${port}`,
      upstreams: ports.slice(0, processes).map((p) => `127.0.0.1:${p}`),
    });
    const entry = `http://127.0.0.1:${port}`;
    const { turn } = sender(entry, await conversations(entry));
    throughput[`${processes} process${processes > 1 ? 'es' : ''}`] = await closedLoop(VISITORS, turn, {
      warmupMs: 1500,
      durationMs: DURATION_MS,
    });
    await nginx.stop();
  }

  // One process killed a third of the way in; it is not started again during the run.
  const port = await freePort();
  const nginx = await startNginx({
    listen: `127.0.0.1:${port}`,
    upstreams: ports.map((p) => `127.0.0.1:${p}`),
  });
  const entry = `http://127.0.0.1:${port}`;
  const { seen, turn } = sender(entry, await conversations(entry));
  const began = performance.now();
  const killAfterMs = DURATION_MS / 3;
  setTimeout(() => servers[2]?.kill('SIGKILL'), killAfterMs);
  await closedLoop(VISITORS, turn, { warmupMs: 0, durationMs: DURATION_MS * 1.5 });
  await nginx.stop();
  const perSecond = new Map<number, number>();
  for (const at of seen.answeredAt) {
    const second = Math.floor((at - began) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  const killSecond = Math.floor(killAfterMs / 1000);
  const before = Array.from({ length: killSecond }, (_, s) => perSecond.get(s) ?? 0);
  const baseline = before.slice(1).reduce((sum, n) => sum + n, 0) / Math.max(1, before.length - 1);
  // Back when the surviving two processes serve at least 60% of what three did in a second.
  let recoveredAfter: number | null = null;
  for (let s = killSecond + 1; s < DURATION_MS * 1.5; s++) {
    if ((perSecond.get(s) ?? 0) >= baseline * 0.6) {
      recoveredAfter = s - killSecond;
      break;
    }
  }
  console.log(
    JSON.stringify(
      {
        visitors: VISITORS,
        throughput,
        killed: {
          turnsPerSecondBefore: Math.round(baseline),
          turnsPerSecond: Array.from(
            { length: Math.ceil((DURATION_MS * 1.5) / 1000) },
            (_, s) => perSecond.get(s) ?? 0,
          ),
          killedAtSecond: killSecond,
          secondsUntilBack: recoveredAfter,
          failedTriesSeen: seen.failedTries,
          failedAfterRetry: seen.failedAfterRetry,
        },
      },
      null,
      2,
    ),
  );
} finally {
  for (const server of servers) server.kill();
  await database.drop();
}
