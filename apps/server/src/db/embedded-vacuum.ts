import type { Database } from './database';

/** How often the embedded database is vacuumed (pg-boss cron). */
export const EMBEDDED_VACUUM_CRON = '*/10 * * * *';

/**
 * Vacuums and analyzes the embedded database. PGlite has no background workers, so autovacuum
 * never runs there: every turn's update of a conversation would leave its old row and index
 * entries behind for good, and the planner would never learn how big the tables grew. PostgreSQL
 * servers do this themselves (nothing to do there).
 */
export async function vacuumEmbeddedDatabase(database: Database): Promise<void> {
  if (database.engine !== 'pglite') return;
  await database.executeSql('vacuum (analyze)');
}
