import { Migrator, sql } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

function migratorFor(db: Db): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  // On one connection without the statement timeout: building an index over a big table may
  // take longer than any request should.
  const { error, results } = await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await migratorFor(connection).migrateToLatest();
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, { cause });
  }
}

export interface MigrationStatus {
  applied: number;
  pending: number;
  latest: string | null;
}

export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const all = await migratorFor(db).getMigrations();
  const applied = all.filter((migration) => migration.executedAt !== undefined);
  return {
    applied: applied.length,
    pending: all.length - applied.length,
    latest: applied.at(-1)?.name ?? null,
  };
}
