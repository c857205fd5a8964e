/**
 * Soak: the built server as `npm start` runs it (embedded database in a fresh data directory, or
 * PostgreSQL when BENCH_DATABASE_URL is set), 20 000 turns of the chat bench's bot (six modules a
 * turn) through HTTP from 50 visitors at once, each starting a new conversation every 40 turns
 * (500 conversations). The server's resident memory is read from /proc after start and every
 * 2 000 turns: it must be flat over the second half (at most 32 MB more at the end than after 10 000 turns; the first half is
 * the heap and caches finding their size). Prints JSON.
 *
 * @bench-cores all (the server and the load share the machine)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, chatBenchFlow, json, publishedBot, summary } from './load';

const TURNS = Number(process.env.BENCH_SOAK_TURNS ?? 20_000);
const SAMPLE_EVERY = 2_000;
const WARMUP_TURNS = TURNS / 2;
const VISITORS = 50;
// 500 conversations: one address may start 600 in 15 minutes.
const TURNS_PER_CONVERSATION = 40;
const GROWTH_LIMIT_MB = 32;
const PORT = 3000 + Math.floor(Math.random() * 1000);
const root = join(import.meta.dirname, '..');

/** The server process's resident memory, in MB. */
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
};

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SEED_DEMO: 'true',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      CHAT_RATE_LIMIT_PER_IP: '100000000',
      CHAT_RATE_LIMIT_PER_CONVERSATION: '100000000',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; tries < 600; tries++) {
    const healthy = await call(`http://127.0.0.1:${PORT}/api/health`, 'GET').then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill('SIGKILL');
  throw new Error('the server did not start within a minute');
}

async function soak() {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-soak-'));
  const server = await startServer(dataDir);
  const pid = server.pid ?? 0;
  const apiUrl = `http://127.0.0.1:${PORT}`;
  try {
    const afterStart = rssMb(pid);
    const key = await publishedBot(
      apiUrl,
      { email: 'owner@demo.parley.dev', password: 'parley-demo' },
      'Soak',
      chatBenchFlow,
    );
    const samples: { turns: number; rssMb: number }[] = [];
    const latencies: number[] = [];
    let errors = 0;
    let done = 0;
    const began = performance.now();
    const visitor = async () => {
      while (done < TURNS) {
        const chat = await json<{ conversationId: string; token: string }>(
          `${apiUrl}/api/chat/conversations`,
          'POST',
          { deploymentKey: key },
        );
        for (let turn = 0; turn < TURNS_PER_CONVERSATION && done < TURNS; turn++) {
          const started = performance.now();
          const response = await call(
            `${apiUrl}/api/chat/conversations/${chat.conversationId}/messages`,
            'POST',
            { text: `message ${turn}` },
            `Bearer ${chat.token}`,
          );
          if (response.status === 200) latencies.push(performance.now() - started);
          else errors++;
          done++;
          if (done % SAMPLE_EVERY === 0) samples.push({ turns: done, rssMb: rssMb(pid) });
        }
      }
    };
    await Promise.all(Array.from({ length: VISITORS }, visitor));
    const elapsedMs = performance.now() - began;
    const afterWarmup = samples.find((sample) => sample.turns >= WARMUP_TURNS)?.rssMb ?? afterStart;
    const last = samples.at(-1)?.rssMb ?? afterWarmup;
    const growthMb = last - afterWarmup;
    return {
      engine: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
      conversations: Math.ceil(done / TURNS_PER_CONVERSATION),
      ...summary(latencies, elapsedMs, errors),
      rssMb: {
        afterStart,
        afterHalf: afterWarmup,
        peak: Math.max(afterWarmup, ...samples.map((s) => s.rssMb)),
        last,
      },
      samples,
      growthOverSecondHalfMb: growthMb,
      target: `growth over the second half <= ${GROWTH_LIMIT_MB} MB`,
      met: growthMb <= GROWTH_LIMIT_MB && errors === 0,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(JSON.stringify(await soak(), null, 2));
