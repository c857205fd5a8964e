import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { StoredColumn } from '../../db/tables/knowledge.table';
import { ensureError } from '../../errors';
import { delimiterName, SNIFF_BYTES, sniffFormat } from './csv-format';
import { CsvProblem, csvRecords, inspectCsv, typedCells } from './csv-records';
import {
  clearRows,
  failFile,
  filePieces,
  fileStart,
  fileToProcess,
  insertRows,
  makeFileLive,
  mergePendingWords,
  type RowToStore,
  setFileProgress,
} from './knowledge.repository';

/** Rows per insert statement at most. */
const ROWS_PER_BATCH = 1000;
/**
 * Characters of cells per insert statement at most (its one JSON parameter), however wide the
 * rows: the embedded database's memory grows to fit its largest statement and is never given back
 * (a 10 MB value grew it by 83 MB).
 */
const BATCH_CHARS = 64 * 1024;
/** Reading the file to check it is this share of the progress; storing its rows is the rest. */
const CHECKING_SHARE = 20;

/** About how many characters a row adds to the batch's JSON: its cells, their column names, quotes. */
const jsonChars = (fields: readonly string[], columns: readonly StoredColumn[]) =>
  fields.reduce((chars, field, index) => chars + field.length + (columns[index]?.name.length ?? 0) + 6, 16);

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
 * The background job of an uploaded CSV file (queue `dataset-processing`): reads it once to
 * check it and type its columns (storing nothing), then again to store its rows in batches,
 * reporting progress, and finally makes it live in one transaction. The file streams from the
 * database piece by piece both times. A bad file ends `failed` with the reason and its first bad
 * lines, its rows and bytes dropped.
 */
export async function processDatasetFile(
  database: Database,
  log: FastifyBaseLogger,
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

    const inspection = await inspectCsv(csvRecords(filePieces(db, fileId), format), format);
    const columns = chooseColumns(inspection.columns, file.liveColumns);
    await progress('processing', CHECKING_SHARE);

    let batch: RowToStore[] = [];
    let batchChars = 0;
    let stored = 0;
    let reported: number = CHECKING_SHARE;
    let header = true;
    for await (const record of csvRecords(filePieces(db, fileId), format)) {
      if (header) {
        header = false;
        continue;
      }
      stored++;
      batch.push({
        rowNumber: stored,
        lineNumber: record.line,
        cells: typedCells(record.fields, columns, format),
      });
      batchChars += jsonChars(record.fields, columns);
      if (batch.length >= ROWS_PER_BATCH || batchChars >= BATCH_CHARS) {
        await insertRows(db, fileId, file.search_config, columns, batch);
        batch = [];
        batchChars = 0;
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
    }
    if (batch.length > 0) await insertRows(db, fileId, file.search_config, columns, batch);
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
