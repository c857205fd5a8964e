import { sql } from 'kysely';
import type { Database } from './database';

/**
 * Runs `work` while this process holds the PostgreSQL advisory lock named `key`, so processes
 * starting together take turns at it. The lock is held on a connection of its own while `work`
 * uses others. The embedded database serves one process (and has one connection): it just runs.
 */
export async function withAdvisoryLock<T>(
  database: Database,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  if (database.engine === 'pglite') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
