import { type Migration, Migrator, sql } from 'kysely';
import type { Db } from './database';
import { migrations as knownMigrations } from './migrations';

const MIGRATION_TABLE = 'schema_migrations';

/** Kysely's migrator over Parley's migrations table (tests of one migration drive it step by step). */
export function migratorFor(db: Db, migrations: Record<string, Migration> = knownMigrations): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: 'schema_migrations_lock',
  });
}

/**
 * Raised when the database holds migrations this server's code does not know: a newer version
 * migrated it, and this one would misread its tables. The operator runs the newer version instead.
 */
export class DatabaseAheadError extends Error {
  override name = 'DatabaseAheadError';
  constructor(readonly unknown: string[]) {
    super(
      `The database was migrated by a newer Parley (migrations this version does not know: ${unknown.join(', ')}). ` +
        'Run the newer version of Parley on it, or restore a backup taken before it was upgraded.',
    );
  }
}

/** Every process migrating at start takes this lock in turn, so migrations run once. */
const MIGRATION_LOCK_KEY = 'parley:migrations';

/**
 * Applies every pending migration; throws with the failing migration's name, or DatabaseAheadError
 * when the database is newer than this code. Many processes starting together take turns under an
 * advisory lock: the first migrates, the others find nothing left to do.
 */
export async function migrateToLatest(db: Db, migrations = knownMigrations): Promise<void> {
  // On one connection without the statement timeout: building an index over a big table may
  // take longer than any request should; the session's lock is released with it.
  const { error, results } = await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    await sql`select pg_advisory_lock(hashtext(${MIGRATION_LOCK_KEY}))`.execute(connection);
    try {
      const unknown = await unknownMigrations(connection, migrations);
      if (unknown.length > 0) throw new DatabaseAheadError(unknown);
      return await migratorFor(connection, migrations).migrateToLatest();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${MIGRATION_LOCK_KEY}))`.execute(connection);
      await sql`reset statement_timeout`.execute(connection);
    }
  });
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, { cause });
  }
}

/** Applied migrations the code does not list (none on a database not migrated yet). */
async function unknownMigrations(db: Db, migrations: Record<string, Migration>): Promise<string[]> {
  const table = await sql<{ exists: boolean }>`
    select to_regclass(${MIGRATION_TABLE}) is not null as exists`.execute(db);
  if (!table.rows[0]?.exists) return [];
  const applied = await sql<{ name: string }>`
    select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  return applied.rows.map((row) => row.name).filter((name) => !(name in migrations));
}

export interface MigrationStatus {
  applied: number;
  pending: number;
  latest: string | null;
  /** Applied migrations this code does not know: the database is newer than this server. */
  unknown: string[];
}

export async function migrationStatus(db: Db, migrations = knownMigrations): Promise<MigrationStatus> {
  const unknown = await unknownMigrations(db, migrations);
  const all = await migratorFor(db, migrations).getMigrations();
  const applied = all.filter((migration) => migration.executedAt !== undefined);
  return {
    applied: applied.length,
    pending: all.length - applied.length,
    latest: applied.at(-1)?.name ?? null,
    unknown,
  };
}
