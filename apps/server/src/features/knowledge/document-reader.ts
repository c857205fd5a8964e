import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import type { KnowledgeFileFormat } from '../../db/tables/knowledge.table';
import type { ReadReply, ReadRequest } from './document-reader-worker';
import { DocumentProblem, type TextBlock } from './document-text';

/** What one file may take to read: past either, it fails with a reason instead of holding a thread. */
export interface ReadingBudget {
  timeMs: number;
  /** The reading thread's heap (V8's old generation). */
  memoryMb: number;
}

export const DEFAULT_READING_BUDGET: ReadingBudget = { timeMs: 45_000, memoryMb: 512 };

/** Reads uploaded documents into text blocks, off the event loop, each file within a budget. */
export interface DocumentReader {
  /** The file's blocks; throws DocumentProblem when it cannot be read or is over budget. */
  read(format: KnowledgeFileFormat, bytes: Uint8Array): Promise<TextBlock[]>;
  close(): Promise<void>;
}

/**
 * Where the thread's entry is: beside the bundle in dist/ when built (build.mjs emits it), or,
 * running from TypeScript sources (vitest, `npm run dev`), a bootstrap that loads it through tsx.
 */
function workerEntry(): string {
  const here = import.meta.url;
  return fileURLToPath(
    new URL(here.endsWith('.ts') ? './document-reader-worker.dev.mjs' : './document-reader-worker.js', here),
  );
}

/**
 * One reading thread at a time (started on the first file, stopped when idle), its heap capped at
 * `memoryMb`: Node ends a thread over it, and the pool starts a fresh one for the next file.
 */
export function readingPool<Task, Reply>(memoryMb: number): Piscina<Task, Reply> {
  const pool = new Piscina<Task, Reply>({
    filename: workerEntry(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 },
  });
  // A thread that ends with no file in hand needs nothing but the new one the pool starts; a
  // file's own failure reaches its caller. Unheard, the pool's error event would end the process.
  pool.on('error', () => {});
  return pool;
}

const overTime = (budget: ReadingBudget) =>
  new DocumentProblem(
    `Reading this file took longer than ${budget.timeMs / 1000} s, so Parley stopped. ` +
      'It may be damaged or built unusually (a page nested thousands of levels deep, a PDF of ' +
      'thousands of drawings). Save it again in a simpler form, or upload its text as a .txt file.',
  );
const overMemory = (budget: ReadingBudget) =>
  new DocumentProblem(
    `Reading this file needs more than the ${budget.memoryMb} MB of memory Parley gives one file. ` +
      'Split it into smaller files, or upload its text as a .txt file.',
  );

/**
 * A pool of reading threads (piscina), started on the first file and stopped when idle. A thread
 * over its memory budget is ended by Node and one over its time budget by the pool; either way the
 * file fails with a reason the person can act on and the next file gets a fresh thread. The job
 * queue hands a process one document at a time, so a file's time budget is its own reading time,
 * never time spent waiting behind another file.
 */
export function documentReader(budget: ReadingBudget = DEFAULT_READING_BUDGET): DocumentReader {
  const pool = readingPool<ReadRequest, ReadReply>(budget.memoryMb);
  return {
    async read(format, bytes) {
      let reply: ReadReply;
      try {
        reply = await pool.run({ format, bytes }, { signal: AbortSignal.timeout(budget.timeMs) });
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') throw overTime(budget);
        if (error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY')
          throw overMemory(budget);
        throw error;
      }
      if ('problem' in reply) throw new DocumentProblem(reply.problem);
      return reply.blocks;
    },
    close: () => pool.destroy(),
  };
}
