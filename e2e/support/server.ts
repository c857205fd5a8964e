import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../../apps/server/test/free-port';
import { directoryMadeOnce } from '../../apps/server/test/made-once';

/** The repository's root: found upwards, so benches bundled elsewhere start the same server. */
function findRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'parley') return dir;
  }
  throw new Error(`no Parley checkout above ${from}`);
}

export const root = findRoot(import.meta.dirname);

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the process but keeps its data, for a test to look into the database. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

const serverEntry = join(root, 'apps/server/dist/main.js');

/**
 * Starts the built server (`npm test` builds first) as `npm start` runs it: its own embedded
 * database in a temporary DATA_DIR, demo data seeded. The data directory starts as a copy of one
 * the same build migrated and seeded once (see `seededDataDir`), so a journey waits for the
 * server to open its database, not to build it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  cpSync(await seededDataDir(), dataDir, { recursive: true });
  return bootServer(dataDir, env);
}

/**
 * A data directory as the first `npm start` of this build leaves it (migrated, demo data seeded,
 * the server's generated secrets), made once per build in the temporary folder: a server started
 * on it and stopped.
 */
let seeded: Promise<string> | undefined;
function seededDataDir(): Promise<string> {
  // Once per test process: the build does not change while the journeys run.
  seeded ??= directoryMadeOnce(
    join(
      tmpdir(),
      `parley-e2e-seeded-${createHash('sha256').update(readFileSync(serverEntry)).digest('hex').slice(0, 12)}`,
    ),
    async (building) => {
      await (await bootServer(building, {})).kill();
    },
  );
  return seeded;
}

async function bootServer(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      // Ready: the database answers and its migrations are this code's.
      const response = await fetch(`${url}/api/health/ready`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const kill = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return {
    url,
    dataDir,
    kill,
    async stop() {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
