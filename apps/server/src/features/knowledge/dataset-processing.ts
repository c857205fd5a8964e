import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { StoredColumn } from '../../db/tables/knowledge.table';
import { ensureError } from '../../errors';
import { delimiterName, SNIFF_BYTES, sniffFormat } from './csv-format';
import type { CsvReader } from './csv-reader';
import { CsvProblem } from './csv-records';
import {
  clearRows,
  failFile,
  filePieces,
  fileStart,
  fileToProcess,
  insertRows,
  makeFileLive,
  mergePendingWords,
  setFileProgress,
} from './knowledge.repository';

/** Reading the file to check it is this share of the progress; storing its rows is the rest. */
const CHECKING_SHARE = 20;

/** A replaced file's choices carry over to the columns of the same name; new columns get defaults. */
function chooseColumns(
  inspected: readonly { name: string; type: StoredColumn['type']; looksLikeKey: boolean }[],
  previous: readonly StoredColumn[] | null,
): StoredColumn[] {
  return inspected.map((column) => {
    const before = previous?.find((each) => each.name === column.name);
    return {
      name: column.name,
      type: column.type,
      searchable: before?.searchable ?? column.type === 'text',
      filter: before?.filter ?? column.looksLikeKey,
    };
  });
}

/** Thrown when the file was replaced or deleted while it was processed: the job just stops. */
class FileGone extends Error {}

/**
 * The background job of an uploaded CSV file (queue `dataset-processing`): reads it (on the CSV
 * reader's thread; this side only streams the file in and stores rows) once to
 * check it and type its columns (storing nothing), then again to store its rows in batches,
 * reporting progress, and finally makes it live in one transaction. The file streams from the
 * database piece by piece both times. A bad file ends `failed` with the reason and its first bad
 * lines, its rows and bytes dropped.
 */
export async function processDatasetFile(
  database: Database,
  log: FastifyBaseLogger,
  csv: CsvReader,
  fileId: string,
  /** Runs in the transaction making the file live (queues its embeddings). */
  onLive?: (trx: Queryable, fileId: string) => Promise<void>,
) {
  const db = database.db;
  const file = await fileToProcess(db, fileId);
  if (!file || file.state === 'ready' || file.state === 'failed') return;
  const progress = async (state: 'processing', value: number, extra = {}) => {
    if (!(await setFileProgress(db, fileId, { state, progress: Math.round(value), ...extra })))
      throw new FileGone();
  };
  try {
    // A retry after a stopped process starts over.
    await clearRows(db, fileId);
    const sniffed = sniffFormat(await fileStart(db, fileId, SNIFF_BYTES));
    if (!sniffed.ok) throw new CsvProblem(sniffed.reason);
    const { format } = sniffed;
    await progress('processing', 1, {
      encoding: format.encoding,
      delimiter: delimiterName(format.delimiter),
    });

    const inspection = await csv.inspect(filePieces(db, fileId), format);
    const columns = chooseColumns(inspection.columns, file.liveColumns);
    await progress('processing', CHECKING_SHARE);

    let stored = 0;
    let reported: number = CHECKING_SHARE;
    for await (const rows of csv.rows(filePieces(db, fileId), format, columns)) {
      await insertRows(db, fileId, file.search_config, columns, rows);
      stored += rows.length;
      // On the embedded database a statement never waits on I/O: without this turn of the event
      // loop the whole file would be stored before any other request or timer of the server ran.
      await setImmediate();
      // Written when the percentage shown moves (each write is a commit of its own).
      const percent = Math.round(
        CHECKING_SHARE + ((100 - CHECKING_SHARE - 1) * stored) / inspection.rowCount,
      );
      if (percent > reported) {
        await progress('processing', percent);
        reported = percent;
      }
    }
    await mergePendingWords(db, 'knowledge_rows');

    const notices =
      inspection.formulaCells > 0
        ? [
            `${inspection.formulaCells} cells start with =, +, - or @ (a spreadsheet formula); they are kept as plain text and never run.`,
          ]
        : [];
    const live = await db.transaction().execute(async (trx) => {
      const made = await makeFileLive(trx, fileId, { rowCount: stored, columns, notices });
      if (made) await onLive?.(trx, fileId);
      return made;
    });
    if (!live) await clearRows(db, fileId);
  } catch (error) {
    if (error instanceof FileGone) {
      await clearRows(db, fileId);
      return;
    }
    if (error instanceof CsvProblem) {
      await failFile(db, fileId, error.message, error.lines);
      return;
    }
    // A bug or a lost database: the file fails with a reason a person can act on, the log has the rest.
    log.error({ err: ensureError(error), fileId }, 'dataset processing failed');
    await failFile(db, fileId, 'Processing stopped unexpectedly; upload the file again.', []);
  }
}
