import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { loadConfig } from '../src/config';
import type { ServerConfig } from '../src/context';
import { createDatabase, type Database } from '../src/db/database';
import { migratorFor } from '../src/db/migrate';
import type { OutgoingMail } from '../src/features/mail/mail-outbox.repository';

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
    ZENDESK_API_URL: 'http://127.0.0.1:9/{subdomain}',
    ...env,
  });
}

/**
 * A fresh database, not migrated: in-memory PGlite, or a new database on TEST_DATABASE_URL's
 * server. Close it with `database.close()`, then `drop` removes it from the server.
 */
export async function freshDatabase(): Promise<{
  database: Database;
  url?: string;
  drop: () => Promise<void>;
}> {
  if (testEngine === 'pglite') {
    return { database: await createDatabase({ engine: 'pglite', dataDir: undefined }), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PARLEY_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: await createDatabase({ engine: 'postgres', url: url.toString() }),
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
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
  const { database, url, drop } = own ?? (await freshDatabase());
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

/** Polls until `check` returns a value, for work done by background jobs. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
