import { describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database';
import { checkpointIfLogGrew, EMBEDDED_CHECKPOINT_LOG_BYTES } from './embedded-checkpoint';

const MB = 1024 * 1024;

async function number(database: Database, query: string): Promise<number> {
  const [row] = (await database.executeSql(query)).rows as { value: number }[];
  return row?.value ?? Number.NaN;
}

/** The write-ahead log's files, in bytes. */
const logFiles = (database: Database) =>
  number(database, 'select coalesce(sum(size), 0)::int8 as value from pg_ls_waldir()');
/** Log written since the last checkpoint, in bytes. */
const sinceCheckpoint = (database: Database) =>
  number(
    database,
    'select (pg_current_wal_insert_lsn() - redo_lsn)::int8 as value from pg_control_checkpoint()',
  );
/** About 40 MB of rows (and more of log). */
const writeRows = (database: Database) =>
  database.executeSql(
    `insert into log_churn select n, repeat(md5(n::text), 32) from generate_series(1, 40000) as n`,
  );

describe('the embedded database’s checkpoints', () => {
  it('keeps its write-ahead log bounded, which PGlite alone never does', async () => {
    const database = await createDatabase({ engine: 'pglite', dataDir: undefined });
    try {
      await database.executeSql('create table log_churn (id int, text text)');
      // A little log: no checkpoint yet.
      expect(await checkpointIfLogGrew(database)).toBe(false);

      await writeRows(database);
      // PGlite wrote past the limit without a checkpoint of its own, and keeps every file of it.
      expect(await sinceCheckpoint(database)).toBeGreaterThan(EMBEDDED_CHECKPOINT_LOG_BYTES);
      expect(await logFiles(database)).toBeGreaterThan(48 * MB);
      expect(await checkpointIfLogGrew(database)).toBe(true);
      expect(await sinceCheckpoint(database)).toBeLessThan(MB);

      let written = 0;
      for (let round = 0; round < 3; round++) {
        await writeRows(database);
        written += await sinceCheckpoint(database);
        expect(await checkpointIfLogGrew(database)).toBe(true);
        // The log before the checkpoint is gone but for 32 MB of files kept to be written again.
        expect(await logFiles(database)).toBeLessThanOrEqual(32 * MB);
      }
      expect(written).toBeGreaterThan(120 * MB);
      expect(await number(database, 'select count(*)::int as value from log_churn')).toBe(160_000);
    } finally {
      await database.close();
    }
  }, 60_000);
});
