import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL server of its own and a streaming replica of it, for the read replica's tests. */
export interface ReplicatedPostgres {
  /** `postgres://…/postgres` on each. */
  primaryUrl: string;
  replicaUrl: string;
  stop(): Promise<void>;
}

/** The newest PostgreSQL installed from Debian's packages (PG_BINDIR overrides). */
function binDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((version) => join(root, version, 'bin'))
    .find((dir) => existsSync(join(dir, 'initdb')));
  if (!found) throw new Error('PostgreSQL server binaries not found (set PG_BINDIR)');
  return found;
}

/**
 * Starts a primary and a replica (pg_basebackup, streaming) in a temporary folder on `ports`,
 * separate from the machine's own server so its settings stay untouched. PostgreSQL refuses to run
 * as root: as root, the servers run as the `postgres` user.
 */
export async function startReplicatedPostgres(ports: {
  primary: number;
  replica: number;
}): Promise<ReplicatedPostgres> {
  const bin = binDir();
  const folder = mkdtempSync(join(tmpdir(), 'parley-replica-'));
  const asRoot = process.getuid?.() === 0;
  const pgUser = asRoot ? Number((await run('id', ['-u', 'postgres'])).stdout.trim()) : undefined;
  const pgGroup = asRoot ? Number((await run('id', ['-g', 'postgres'])).stdout.trim()) : undefined;
  if (pgUser !== undefined && pgGroup !== undefined) chownSync(folder, pgUser, pgGroup);
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const primaryDir = join(folder, 'primary');
  const replicaDir = join(folder, 'replica');
  const settings = (port: number) =>
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${folder}'`,
      // A test's data: durability is not what is tested, speed is welcome.
      'fsync = off',
      'full_page_writes = off',
      'shared_buffers = 32MB',
      'max_connections = 60',
      '',
    ].join('\n');

  const started: string[] = [];
  const stop = async () => {
    for (const dir of started.reverse())
      await pg('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    // initdb's own pg_hba.conf trusts local and 127.0.0.1 connections, replication ones included.
    await pg('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await appendFile(join(primaryDir, 'postgresql.conf'), settings(ports.primary));
    await pg('pg_ctl', ['-D', primaryDir, '-w', '-l', join(folder, 'primary.log'), 'start']);
    started.push(primaryDir);
    await pg('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres'],
      ...['-D', replicaDir, '-R', '-X', 'stream', '--no-sync'],
    ]);
    await appendFile(join(replicaDir, 'postgresql.conf'), settings(ports.replica));
    await pg('pg_ctl', ['-D', replicaDir, '-w', '-l', join(folder, 'replica.log'), 'start']);
    started.push(replicaDir);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${ports.primary}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${ports.replica}/postgres`,
    stop,
  };
}
