/**
 * `npm run cluster -- --processes 3 [--port 3000]`: Parley on PostgreSQL (DATABASE_URL) as N server
 * processes behind a local nginx on one port, to try running many processes on one machine.
 * A process that exits is started again (as a supervisor would), so `kill -TERM <pid>` or
 * `kill -KILL <pid>` shows a restart without a visitor noticing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startNginx } from '../apps/server/scale/nginx';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
  },
});
const count = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('--processes must be a whole number from 1 to 16');
  process.exit(1);
}
if (!Number.isInteger(port) || port < 1 || port + count > 65535) {
  console.error('--port must be a free port, with the next --processes ports free for the servers');
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error(
    'Set DATABASE_URL to a PostgreSQL database shared by the processes, e.g.\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/parley npm run cluster -- --processes 3',
  );
  process.exit(1);
}

const root = join(import.meta.dirname, '..');
const serverEntry = join(root, 'apps/server/dist/main.js');
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
let stopping = false;
const running = new Map<number, ChildProcess>();

function startProcess(index: number): Promise<void> {
  const processPort = port + index;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(processPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      // nginx forwards the visitor's address: rate limits count visitors, not the balancer.
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.set(index, child);
  console.log(`› process ${index} (pid ${child.pid}) on 127.0.0.1:${processPort}`);
  child.once('exit', (code, signal) => {
    running.delete(index);
    if (stopping) return;
    console.log(`› process ${index} exited (${signal ?? code}); starting it again`);
    setTimeout(() => void startProcess(index), 1_000);
  });
  return waitUntilReady(processPort, child);
}

async function waitUntilReady(processPort: number, child: ChildProcess): Promise<void> {
  while (child.exitCode === null) {
    const ready = await fetch(`http://127.0.0.1:${processPort}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// The first process migrates the database; the others start once it is ready (they would wait on
// the migration lock anyway, but each would report it).
await startProcess(1);
await Promise.all(Array.from({ length: count - 1 }, (_, i) => startProcess(i + 2)));
const nginx = await startNginx({
  listen: String(port),
  upstreams: Array.from({ length: count }, (_, i) => `127.0.0.1:${port + i + 1}`),
});
console.log(`\nParley runs as ${count} processes behind nginx at ${publicUrl} (Ctrl+C stops them all)\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopping = true;
    console.log('› stopping: nginx, then each process gracefully');
    await nginx.stop();
    const exits = [...running.values()].map(
      (child) =>
        new Promise<void>((resolve) =>
          child.exitCode === null ? child.once('exit', () => resolve()) : resolve(),
        ),
    );
    for (const child of running.values()) child.kill('SIGTERM');
    await Promise.all(exits);
    process.exit(0);
  });
}
