import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openPglite, pgliteDatabase } from './database';
import { checkpointIfLogGrew, EMBEDDED_CHECKPOINT_LOG_BYTES } from './embedded-checkpoint';
import type { SqlExecutor } from './sql-executor';

const MB = 1024 * 1024;

async function number(database: SqlExecutor, query: string): Promise<number> {
  const [row] = (await database.executeSql(query)).rows as { value: number }[];
  return row?.value ?? Number.NaN;
}

/** The write-ahead log's files, in bytes. */
const logFiles = (database: SqlExecutor) =>
  number(database, 'select coalesce(sum(size), 0)::int8 as value from pg_ls_waldir()');
/** Log written since the last checkpoint, in bytes. */
const sinceCheckpoint = (database: SqlExecutor) =>
  number(
    database,
    'select (pg_current_wal_insert_lsn() - redo_lsn)::int8 as value from pg_control_checkpoint()',
  );
/** Log written since the database began, in bytes. */
const logPosition = (database: SqlExecutor) =>
  number(database, `select (pg_current_wal_insert_lsn() - '0/0')::int8 as value`);
/** About 40 MB of rows (and more of log). */
const writeRows = (database: SqlExecutor) =>
  database.executeSql(
    `insert into log_churn select n, repeat(md5(n::text), 32) from generate_series(1, 40000) as n`,
  );

/** PGlite alone, without the server's Database around it (nor its checks). */
const bare = (pglite: PGlite): SqlExecutor => ({
  async executeSql(text) {
    return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
  },
});

describe('the embedded database’s checkpoints', () => {
  it('keeps its write-ahead log bounded, which PGlite alone never does', async () => {
    const pglite = await openPglite(undefined);
    try {
      const alone = bare(pglite);
      await alone.executeSql('create table log_churn (id int, text text)');
      await writeRows(alone);
      // PGlite wrote past the limit without a checkpoint of its own, and keeps every file of it.
      expect(await sinceCheckpoint(alone)).toBeGreaterThan(EMBEDDED_CHECKPOINT_LOG_BYTES);
      expect(await logFiles(alone)).toBeGreaterThan(48 * MB);
    } catch (error) {
      await pglite.close();
      throw error;
    }

    const database = pgliteDatabase(pglite);
    try {
      expect(await checkpointIfLogGrew(database)).toBe(true);
      expect(await sinceCheckpoint(database)).toBeLessThan(MB);
      expect(await checkpointIfLogGrew(database)).toBe(false);

      const start = await logPosition(database);
      for (let round = 0; round < 3; round++) {
        await writeRows(database);
        // Checked here, or by the database's own check every few seconds meanwhile.
        await checkpointIfLogGrew(database);
        expect(await sinceCheckpoint(database)).toBeLessThan(MB);
        // The log before the checkpoint is gone but for 32 MB of files kept to be written again.
        expect(await logFiles(database)).toBeLessThanOrEqual(32 * MB);
      }
      expect((await logPosition(database)) - start).toBeGreaterThan(120 * MB);
      expect(await number(database, 'select count(*)::int as value from log_churn')).toBe(160_000);
    } finally {
      await database.close();
    }
  }, 60_000);
});
