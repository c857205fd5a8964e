import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import { checkpointWhenLogGrows, EMBEDDED_LOG_SETTINGS } from './embedded-checkpoint';
import { createPglitePool } from './pglite-pool';
import {
  DEFAULT_REPLICA_OPTIONS,
  primaryOnly,
  type ReadRouting,
  type ReplicaOptions,
  replicaRouting,
} from './read-replica';
import type { DB } from './schema';
import type { SqlExecutor } from './sql-executor';
import { statementName } from './statement-names';

export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
/** A database handle or an open transaction: what repositories take first. */
export type Queryable = Db | Trx;

/** The one database interface: the same SQL on embedded PGlite and on a PostgreSQL server. */
export interface Database extends SqlExecutor {
  readonly engine: 'pglite' | 'postgres';
  readonly db: Db;
  /** Where reads that may be a moment old go: a read replica when one is configured (see read-replica.ts). */
  readonly reads: ReadRouting;
  /** LISTEN on a channel; NOTIFY from any process (or PGlite session) reaches `onMessage`. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /** `pool`: connections kept, and the longest a statement may run (0 or unset: unlimited). */
  | {
      engine: 'postgres';
      url: string;
      pool?: { size: number; statementTimeoutMs: number };
      /** A read replica of `url` for the inbox lists and reports, and how closely it is watched. */
      readUrl?: string;
      replica?: ReplicaOptions;
    }
  /** `dataDir` undefined keeps everything in memory (tests). */
  | { engine: 'pglite'; dataDir: string | undefined };

const INT8 = 20;

/** Wraps a Kysely handle or transaction so pg-boss can run its SQL in it (e.g. send in a transaction). */
export function sqlExecutorFor(db: Queryable): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/** The database the configuration names: PostgreSQL (perhaps with a read replica) or the embedded one. */
export function databaseTarget(
  config: Pick<AppConfig, 'databaseUrl' | 'databasePool' | 'databaseRead' | 'dataDir'>,
): DatabaseTarget {
  if (!config.databaseUrl) return { engine: 'pglite', dataDir: pgliteDataDir(config.dataDir) };
  return {
    engine: 'postgres',
    url: config.databaseUrl,
    pool: config.databasePool,
    readUrl: config.databaseRead?.url,
    replica: config.databaseRead && { ...DEFAULT_REPLICA_OPTIONS, maxLagMs: config.databaseRead.maxLagMs },
  };
}

export async function createDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.engine === 'postgres') return createPostgresDatabase(target);
  return createPgliteDatabase(target.dataDir);
}

async function createPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  return pgliteDatabase(await openPglite(dataDir));
}

/**
 * Starts the embedded database: in memory when `dataDir` is undefined, from `loadDataDir` (a dump
 * of another one, `dumpDataDir`) when given: the test suites start from a migrated one that way.
 */
export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Counts come back as int8; both engines return them as plain numbers.
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: { [INT8]: (value: string) => Number(value) },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_LOG_SETTINGS],
    // Trigram indexes serve the inbox's searches, btree_gin the knowledge indexes scoped to a file
    // (PostgreSQL servers ship both as contrib extensions), pgvector the knowledge embeddings' HNSW
    // indexes (packaged apart from PGlite since 0.3).
    extensions: { pg_trgm, btree_gin, vector },
  }).then(async (pglite) => {
    // An HNSW scan filtered to one bot's file carries on until it has found enough of its rows
    // (pgvector 0.8), rather than stopping at the nearest rows of the whole table.
    await pglite.exec(`set hnsw.iterative_scan = 'relaxed_order'`);
    return pglite;
  });
}

/** The one Database interface over a started embedded database (closing it closes the PGlite). */
export function pgliteDatabase(pglite: PGlite): Database {
  const pool = createPglitePool(pglite);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const executeSql: SqlExecutor['executeSql'] = async (text, values) => {
    // pg-boss sends its schema as one multi-statement string without parameters;
    // PGlite's extended protocol takes one statement, its `exec` takes many.
    const client = await pool.connect();
    try {
      if (values && values.length > 0) return await pglite.query(text, values);
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    } finally {
      client.release();
    }
  };
  const checkpoints = checkpointWhenLogGrows({ executeSql });
  return {
    engine: 'pglite',
    db,
    reads: primaryOnly(db),
    executeSql,
    async listen(channel, onMessage) {
      return pglite.listen(channel, onMessage);
    },
    async close() {
      checkpoints.stop();
      await db.destroy();
      await pglite.close();
    },
  };
}

async function createPostgresDatabase({
  url,
  pool: { size, statementTimeoutMs } = { size: 10, statementTimeoutMs: 0 },
  readUrl,
  replica,
}: Extract<DatabaseTarget, { engine: 'postgres' }>): Promise<Database> {
  const poolOf = (connectionString: string, max: number) => {
    // No JIT: it pays off for long analytic queries, while an inbox or chat query whose plan merely
    // looks costly (a generic plan, a LIMIT the planner cannot see) lost hundreds of ms compiling.
    const created = new pg.Pool({
      connectionString,
      max,
      options: `-c jit=off -c statement_timeout=${statementTimeoutMs}`,
    });
    created.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    return created;
  };
  // `size` counts every connection of the process: the one listening for live updates too.
  const pool = poolOf(url, Math.max(1, size - 1));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingStatements(pool) }) });
  const reads = readUrl
    ? replicaRouting(db, preparingStatements(poolOf(readUrl, Math.max(1, size - 1))), replica)
    : primaryOnly(db);
  return {
    engine: 'postgres',
    db,
    reads,
    async executeSql(text, values) {
      return values && values.length > 0 ? pool.query(text, values) : pool.query(text);
    },
    async listen(channel, onMessage) {
      // LISTEN needs a session of its own that stays open (a pooled client would be reused).
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      client.on('error', () => {
        // The connection dropped; the caller re-subscribes through the bus on its next start.
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await reads.close();
      await db.destroy();
    },
  };
}

/**
 * Kysely's statements run as named prepared statements, so PostgreSQL parses and plans each one
 * once per connection rather than on every call (planning was a third of a chat turn's write,
 * bench/README.md). Named by a hash of the text; node-postgres remembers them per connection.
 */
function preparingStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (statement: unknown, parameters?: readonly unknown[]) =>
        typeof statement === 'string'
          ? client.query({ name: statementName(statement), text: statement, values: [...(parameters ?? [])] })
          : client.query(statement as never);
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

/** Where the embedded database keeps its files. */
export function pgliteDataDir(dataDir: string): string {
  return join(dataDir, 'pg');
}

// pg parses int8 to string by default; keep both engines alike.
pg.types.setTypeParser(INT8, (value: string) => Number(value));
