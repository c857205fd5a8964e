import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/database';
import { primaryOnly } from '../apps/server/src/db/read-replica';

/** Where the benches make their databases: the machine's PostgreSQL unless BENCH_DATABASE_URL says. */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onAdminConnection(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A database of the benches' server by name (one a bench kept, to measure again or to EXPLAIN). */
export function benchDatabase(name: string): BenchDatabase {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onAdminConnection(`drop database if exists ${name} with (force)`),
  };
}

/** A new, empty database named `{prefix}_{random hex}`. */
export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onAdminConnection(`create database ${name}`);
  return benchDatabase(name);
}

/**
 * The server's database with every statement counted: those through Kysely, and the raw ones
 * (pg-boss, NOTIFY) beside. No replica: reads go through the counted handle too.
 */
export function countingDatabase(database: Database) {
  const counts = { statements: 0 };
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counts.statements++;
      return args.result;
    },
  };
  const db = database.db.withPlugin(counter);
  const counted: Database = {
    engine: database.engine,
    db,
    reads: primaryOnly(db),
    executeSql: (text, values) => {
      counts.statements++;
      return database.executeSql(text, values);
    },
    listen: (channel, onMessage) => database.listen(channel, onMessage),
    close: () => database.close(),
  };
  return { counted, counts };
}
