import { z } from 'zod';
import type { SqlExecutor } from './sql-executor';

/** Write-ahead log written since the embedded database's last checkpoint that makes it checkpoint. */
export const EMBEDDED_CHECKPOINT_LOG_BYTES = 32 * 1024 * 1024;
/** How often the embedded database's write-ahead log is measured. */
const LOG_CHECK_MS = 5_000;

/** Start settings: past a checkpoint, at most this much write-ahead log is kept for reuse. */
export const EMBEDDED_LOG_SETTINGS = ['-c', 'min_wal_size=32MB', '-c', 'max_wal_size=32MB'];

const logRowsSchema = z.array(z.object({ bytes: z.number() }));

/**
 * Checkpoints the embedded database when it has written EMBEDDED_CHECKPOINT_LOG_BYTES of
 * write-ahead log since its last checkpoint; true when it did. PGlite runs PostgreSQL as a
 * single-user backend, which never checkpoints by itself (on a server the checkpointer process does,
 * past `max_wal_size`): its log grew until it was closed, on disk under the data directory or in the
 * process's memory without one (176 MB for a 10 MB CSV). A checkpoint lets it drop or reuse the log
 * before it. Through `executeSql`, it never lands inside another request's transaction.
 */
export async function checkpointIfLogGrew(database: SqlExecutor): Promise<boolean> {
  const { rows } = await database.executeSql(
    'select (pg_current_wal_insert_lsn() - redo_lsn)::int8 as bytes from pg_control_checkpoint()',
  );
  const [written] = logRowsSchema.parse(rows);
  if (!written || written.bytes < EMBEDDED_CHECKPOINT_LOG_BYTES) return false;
  await database.executeSql('checkpoint');
  return true;
}

/**
 * Measures the embedded database's log every few seconds (a cron job would let a large upload
 * write hundreds of megabytes first) and checkpoints when it grew; `stop` before closing it.
 */
export function checkpointWhenLogGrows(database: SqlExecutor): { stop(): void } {
  const timer = setInterval(() => {
    checkpointIfLogGrew(database).catch(() => {
      // Closing meanwhile; otherwise the next check tries again.
    });
  }, LOG_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
