import { Migrator } from 'kysely';
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
  const { error, results } = await migratorFor(db).migrateToLatest();
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
