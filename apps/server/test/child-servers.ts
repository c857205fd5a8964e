import { type ChildProcess, spawn } from 'node:child_process';

/** A Parley server running in a process of its own (see child-server.ts). */
export interface ChildServer {
  process: ChildProcess;
  /** `http://127.0.0.1:<port>` once it serves. */
  url: string;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * Starts a server process on the PostgreSQL database at `databaseUrl` with `env` (test settings),
 * on `port` (any free one by default); resolves once it listens, rejects with what it printed if it
 * exits first.
 */
export function startChildServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  port = 0,
): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/child-server.ts'], {
    env: {
      ...process.env,
      PARLEY_CHILD_DATABASE_URL: databaseUrl,
      PARLEY_CHILD_ENV: JSON.stringify(env),
      PARLEY_CHILD_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const port = /listening (\d+)/.exec(stdout)?.[1];
      if (port)
        resolve({
          process: child,
          url: `http://127.0.0.1:${port}`,
          stderr: () => stderr,
          exited,
          kill: (signal = 'SIGKILL') => {
            if (child.exitCode === null) child.kill(signal);
          },
        });
    });
    void exited.then((code) =>
      reject(new Error(`the child server exited (${code}) before it served:\n${stderr}`)),
    );
  });
}
