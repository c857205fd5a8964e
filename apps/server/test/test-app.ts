import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { loadConfig } from '../src/config';
import type { ServerConfig } from '../src/context';
import { createDatabase, type Database, openPglite, pgliteDatabase } from '../src/db/database';
import { migrateToLatest, migratorFor } from '../src/db/migrate';
import type { OutgoingMail } from '../src/features/mail/mail-outbox.repository';
import { type QueueName, startJobQueue } from '../src/jobs/job-queue';
import { directoryMadeOnce } from './made-once';

/** Which database the API suites run on: the vitest project sets it (see vitest.config.ts). */
export const testEngine = process.env.PARLEY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  database: Database;
  /** Every mail the app delivered, oldest first (the outbox keeps no content once one is sent). */
  mails: OutgoingMail[];
  /** On PostgreSQL: the test database's address (for a server in another process). */
  databaseUrl: string | undefined;
  /** `app.inject` with JSON in and out. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** On PostgreSQL: another server process on the same database (as when two instances run). */
  secondInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    SECRETS_KEY: 'test-secrets-key-test-secrets-key-0123',
    PUBLIC_URL: 'http://parley.test',
    SEED_DEMO: '0',
    // The suites' fake webhook receivers and vendors listen on this machine.
    OUTGOING_ALLOW_HOSTS: '127.0.0.1',
    // No test reaches a vendor on the internet: one that forgets its fake gets a refused connection.
    DEEPL_FREE_URL: 'http://127.0.0.1:9',
    DEEPL_PRO_URL: 'http://127.0.0.1:9',
    GRAPH_API_URL: 'http://127.0.0.1:9',
    SHOPIFY_ADMIN_URL: 'http://127.0.0.1:9/{shop}',
    // The suites that count DeepL calls count their own; pretranslation.api.test.ts turns it on.
    PRETRANSLATE: '0',
    ZENDESK_API_URL: 'http://127.0.0.1:9/{subdomain}',
    ...env,
  });
}

/**
 * Test databases start as copies of templates made once per machine, not from scratch: a migrated
 * one with pg-boss's schema and queues (what every app's start did again: migrating took a large
 * part of each API suite's setup), and on PGlite an empty one too (its initdb is most of its start).
 * PGlite's are data directories in the temporary folder, each test's a copy PGlite opens from
 * disk (reading only the files it needs: a second faster than loading a dump into memory);
 * PostgreSQL's a template database on TEST_DATABASE_URL's server. Each is named by a hash of the
 * migrations, the job queues and the database libraries' versions, so changing any of them makes
 * new ones.
 */
type Template = 'empty' | 'migrated';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const sourcesOf = (folder: string) =>
  readdirSync(join(serverRoot, folder))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
    .map((file) => join(folder, file));
let templateHash: string | undefined;
function templateKey(): string {
  templateHash ??= (() => {
    const hash = createHash('sha256');
    for (const file of [...sourcesOf('src/db/migrations'), 'src/jobs/job-queue.ts', 'src/db/database.ts'])
      hash.update(file).update(readFileSync(join(serverRoot, file)));
    for (const library of ['pg-boss', '@electric-sql/pglite'])
      hash.update(readFileSync(join(serverRoot, '../../node_modules', library, 'package.json')));
    return hash.digest('hex').slice(0, 12);
  })();
  return templateHash;
}

/** Migrates and creates pg-boss's schema and queues, as an app's start does (it then finds them). */
async function prepareTemplate(database: Database): Promise<void> {
  await migrateToLatest(database.db);
  const silent = { error: () => {} } as unknown as FastifyBaseLogger;
  // Without its background maintenance, which could still be querying once the database closes.
  const jobs = await startJobQueue(database, silent, { background: false });
  await jobs.stop();
}

/** A PGlite data directory, empty or migrated, in the temporary folder: made if missing. */
const pgliteTemplate = (template: Template) =>
  directoryMadeOnce(join(tmpdir(), `parley-test-pglite-${template}-${templateKey()}`), async (building) => {
    const database = pgliteDatabase(await openPglite(building));
    if (template === 'migrated') await prepareTemplate(database);
    await database.close();
  });

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs a statement again while PostgreSQL says a database is still in use (55006): a closed pool's sessions end a moment later. */
async function whileInUse(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The name of the migrated template database on the server, made (once, under a lock) if missing. */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `parley_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  try {
    if (await exists()) return name;
    await admin.query(`select pg_advisory_lock(hashtext('parley:test-template'))`);
    try {
      if (await exists()) return name;
      // Built under another name and renamed when whole, so no suite copies a half-made one.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const database = await createDatabase({ engine: 'postgres', url: databaseUrl(adminUrl, building) });
      try {
        await prepareTemplate(database);
      } finally {
        await database.close();
      }
      await whileInUse(() => admin.query(`alter database ${building} rename to ${name}`));
      return name;
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('parley:test-template'))`);
    }
  } finally {
    await admin.end();
  }
}

async function databaseFrom(template: Template): Promise<{
  database: Database;
  url?: string;
  drop: () => Promise<void>;
}> {
  if (testEngine === 'pglite') {
    const directory = mkdtempSync(join(tmpdir(), 'parley-test-db-'));
    cpSync(await pgliteTemplate(template), directory, { recursive: true });
    return {
      database: pgliteDatabase(await openPglite(directory)),
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PARLEY_TEST_DB=postgres needs TEST_DATABASE_URL');
  // An empty database is PostgreSQL's own template's copy, as before; a migrated one is ours.
  const source = template === 'migrated' ? await postgresTemplate(adminUrl) : undefined;
  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await whileInUse(() => admin.query(`create database ${name}${source ? ` template ${source}` : ''}`));
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  return {
    database: await createDatabase({ engine: 'postgres', url }),
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh database, not migrated: a PGlite in a temporary folder, or a new database on
 * TEST_DATABASE_URL's server. Close it with `database.close()`, then `drop` removes it.
 */
export async function freshDatabase(): Promise<{
  database: Database;
  url?: string;
  drop: () => Promise<void>;
}> {
  return databaseFrom('empty');
}

/** A fresh database already migrated to the latest (and with pg-boss's queues), as `freshDatabase`. */
export async function migratedDatabase(): Promise<Awaited<ReturnType<typeof freshDatabase>>> {
  return databaseFrom('migrated');
}

/** A fresh database migrated up to `name` only, with its migrator: for a migration's own test. */
export async function databaseMigratedTo(name: string) {
  const { database, drop } = await freshDatabase();
  const migrator = migratorFor(database.db);
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
  return {
    database,
    migrator,
    async close() {
      await database.close();
      await drop();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'logStream' | 'streamHeartbeatMs' | 'resolveHost'> & {
    /** A database of the test's own instead of a fresh one (e.g. with a read replica). */
    database?: Awaited<ReturnType<typeof freshDatabase>>;
  } = {},
): Promise<TestApp> {
  const configured = testConfig(env);
  const { database: own, ...buildOptions } = options;
  const { database, url, drop } = own ?? (await migratedDatabase());
  const mails: OutgoingMail[] = [];
  const app = await buildApp({
    config: configured,
    database,
    jobPollingIntervalSeconds: 0.5,
    onMailDelivered: (mail) => mails.push(mail),
    ...buildOptions,
  });
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    config: app.ctx.config,
    database,
    mails,
    databaseUrl: url,
    request: (options) => app.inject(options),
    async secondInstance() {
      if (!url) throw new Error('A second instance needs PostgreSQL (PGlite is one process)');
      const other = await buildApp({
        config: configured,
        database: await createDatabase({ engine: 'postgres', url }),
        jobPollingIntervalSeconds: 0.5,
        // Any process may take a mail's job: what it sends lands in the same mailbox.
        onMailDelivered: (mail) => mails.push(mail),
        ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
      });
      await other.ready();
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await drop();
    },
  };
}

/**
 * Polls until `check` returns a value, for work done by background jobs. `lastSeen` names what
 * the last check found, for the error when time runs out.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  lastSeen?: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms${lastSeen ? `; last seen: ${lastSeen()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until `queues` hold no job waiting, running or due to be tried again. Checks that
 * something did *not* happen (no second send, no reply while an agent has control) wait on this
 * instead of sleeping and hoping the work was done in the meantime.
 */
export async function jobsSettled(t: Pick<TestApp, 'database'>, queues: QueueName[], timeoutMs = 20_000) {
  await eventually(async () => {
    const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pgboss.job
        where name in (${sql.join(queues)}) and state in ('created', 'retry', 'active')`.execute(
      t.database.db,
    );
    return rows[0]?.waiting === 0 ? true : undefined;
  }, timeoutMs);
}
