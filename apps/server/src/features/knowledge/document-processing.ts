import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import { ensureError } from '../../errors';
import { chunkBlocks } from './document-chunks';
import type { DocumentReader } from './document-reader';
import { DocumentProblem } from './document-text';
import {
  type ChunkToStore,
  clearChunks,
  failFile,
  filePieces,
  fileToProcess,
  insertChunks,
  makeFileLive,
  mergePendingWords,
  setFileProgress,
} from './knowledge.repository';

/** Chunks per insert statement. */
const CHUNKS_PER_BATCH = 200;
/** Reading the file and extracting its text is this share of the progress; storing chunks the rest. */
const EXTRACTING_SHARE = 40;

/** Thrown when the file was replaced or deleted while it was processed: the job just stops. */
class FileGone extends Error {}

/**
 * The background job of an uploaded document (queue `document-processing`): reads the stored file
 * (at most 10 MB, so it is read whole: a PDF or a Markdown tree needs all of it), has a reading
 * thread extract its text under its headings, stores it as chunks in batches with progress, and
 * makes it live in one transaction. A file that is not what its name says, or has no text, ends `failed` with the reason.
 */
export async function processDocumentFile(
  database: Database,
  log: FastifyBaseLogger,
  reader: DocumentReader,
  fileId: string,
  /** Runs in the transaction making the file live (queues its embeddings). */
  onLive?: (trx: Queryable, fileId: string) => Promise<void>,
) {
  const db = database.db;
  const file = await fileToProcess(db, fileId);
  if (!file || file.state === 'ready' || file.state === 'failed') return;
  const progress = async (value: number) => {
    if (!(await setFileProgress(db, fileId, { state: 'processing', progress: Math.round(value) })))
      throw new FileGone();
  };
  try {
    // A retry after a stopped process starts over.
    await clearChunks(db, fileId);
    await progress(1);
    const pieces: Uint8Array[] = [];
    for await (const piece of filePieces(db, fileId)) {
      pieces.push(piece);
      // On the embedded database a statement never waits on I/O: without this turn of the event
      // loop a 10 MB file's 320 reads would run back to back, and a visitor's turn behind them all.
      await setImmediate();
    }
    const blocks = await reader.read(file.format, Buffer.concat(pieces));
    const chunks = chunkBlocks(blocks);
    await progress(EXTRACTING_SHARE);
    for (let start = 0; start < chunks.length; start += CHUNKS_PER_BATCH) {
      const batch: ChunkToStore[] = chunks
        .slice(start, start + CHUNKS_PER_BATCH)
        .map((chunk, index) => ({ chunkNumber: start + index + 1, ...chunk }));
      await insertChunks(db, fileId, file.search_config, batch);
      await progress(
        EXTRACTING_SHARE + ((100 - EXTRACTING_SHARE - 1) * (start + batch.length)) / chunks.length,
      );
    }
    await mergePendingWords(db, 'knowledge_chunks');
    const live = await db.transaction().execute(async (trx) => {
      const made = await makeFileLive(trx, fileId, {
        rowCount: null,
        chunkCount: chunks.length,
        columns: [],
        notices: [],
      });
      if (made) await onLive?.(trx, fileId);
      return made;
    });
    if (!live) await clearChunks(db, fileId);
  } catch (error) {
    if (error instanceof FileGone) {
      await clearChunks(db, fileId);
      return;
    }
    if (error instanceof DocumentProblem) {
      await clearChunks(db, fileId);
      await failFile(db, fileId, error.message, []);
      return;
    }
    log.error({ err: ensureError(error), fileId }, 'document processing failed');
    await clearChunks(db, fileId);
    await failFile(db, fileId, 'Processing stopped unexpectedly; upload the file again.', []);
  }
}
