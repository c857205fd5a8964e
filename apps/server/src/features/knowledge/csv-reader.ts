import { MessageChannel } from 'node:worker_threads';
import type { ColumnType } from '@parley/contracts';
import type { CsvFormat } from './csv-format';
import { type CsvInspection, CsvProblem, type TypedRow } from './csv-records';
import { readingPool } from './document-reader';
import type { CsvReply, CsvTask, HostMessage, ThreadMessage } from './document-reader-worker';

/** What reading one CSV file may take: its thread's heap, and how long it may go without a word. */
export interface CsvBudget {
  memoryMb: number;
  /** The thread's longest silence while the host waits on it (a piece or batch is milliseconds). */
  quietMs: number;
}

export const DEFAULT_CSV_BUDGET: CsvBudget = { memoryMb: 512, quietMs: 30_000 };

/** Reads uploaded CSV files off the event loop: the host streams the file in, rows come back in batches. */
export interface CsvReader {
  /** Checks the whole file and types its columns, storing nothing; throws CsvProblem. */
  inspect(pieces: AsyncIterable<Uint8Array>, format: CsvFormat): Promise<CsvInspection>;
  /** The rows under the header, typed, a batch (one insert statement) at a time; throws CsvProblem. */
  rows(
    pieces: AsyncIterable<Uint8Array>,
    format: CsvFormat,
    columns: readonly { name: string; type: ColumnType }[],
  ): AsyncGenerator<TypedRow[]>;
  close(): Promise<void>;
}

/**
 * CSV files are read on a thread of their own pool (piscina), one file at a time per process as
 * the job queue hands them out, so a large spreadsheet never waits behind a document's time budget
 * or holds one up. The thread pulls the file piece by piece and waits for the host between batches.
 */
export function csvReader(budget: CsvBudget = DEFAULT_CSV_BUDGET): CsvReader {
  const pool = readingPool<CsvTask, CsvReply>(budget.memoryMb);

  const problemOf = (error: unknown): unknown => {
    if (error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY')
      return new CsvProblem(
        `Reading this file needs more than the ${budget.memoryMb} MB of memory Parley gives one file. Split it into smaller files.`,
      );
    return error;
  };
  const tooSlow = () =>
    new CsvProblem(
      `Reading this file stopped answering for ${budget.quietMs / 1000} s, so Parley stopped. Save it again as CSV UTF-8 and upload it again.`,
    );

  /** One task's conversation: yields the batches of rows the thread sends; answers its reply. */
  async function* converse(
    task: Omit<CsvTask, 'port'>,
    pieces: AsyncIterable<Uint8Array>,
  ): AsyncGenerator<TypedRow[], CsvReply> {
    const { port1: host, port2: thread } = new MessageChannel();
    const source = pieces[Symbol.asyncIterator]();
    const abort = new AbortController();
    const batches: TypedRow[][] = [];
    let reply: CsvReply | undefined;
    let failure: unknown;
    let wake: (() => void) | undefined;
    let silence: NodeJS.Timeout | undefined;
    let finished = false;
    const fail = (error: unknown) => {
      failure ??= error;
      abort.abort();
      wake?.();
    };
    const send = (message: HostMessage) => {
      if (!finished) host.postMessage(message);
    };
    // The thread's silence is timed only while the host waits on it: a slow insert of the host's is not.
    let waiting = false;
    const watch = () => {
      clearTimeout(silence);
      if (waiting) silence = setTimeout(() => fail(tooSlow()), budget.quietMs);
    };
    host.on('message', (message: ThreadMessage) => {
      watch();
      if (message.type === 'rows') {
        batches.push(message.rows as TypedRow[]);
        wake?.();
        return;
      }
      source
        .next()
        .then((next) => send(next.done ? { type: 'end' } : { type: 'piece', bytes: next.value }), fail);
    });
    const running = pool
      .run({ ...task, port: thread }, { transferList: [thread], signal: abort.signal })
      .then(
        (answer) => {
          reply = answer;
          wake?.();
        },
        (error: unknown) => fail(problemOf(error)),
      );
    try {
      for (;;) {
        const batch = batches.shift();
        if (batch) {
          yield batch;
          send({ type: 'next' });
          continue;
        }
        if (failure !== undefined) throw failure;
        if (reply) {
          if ('problem' in reply) throw new CsvProblem(reply.problem, reply.lines);
          return reply;
        }
        waiting = true;
        watch();
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        waiting = false;
        clearTimeout(silence);
        wake = undefined;
      }
    } finally {
      finished = true;
      clearTimeout(silence);
      // A reader that stopped early (enough rows, a failed insert) ends the thread's task too.
      if (!reply) abort.abort();
      await running;
      host.close();
      await source.return?.();
    }
  }

  return {
    async inspect(pieces, format) {
      const conversation = converse({ csv: 'inspect', format }, pieces);
      const end = await conversation.next();
      if (!end.done || !('inspection' in end.value))
        throw new Error('The CSV thread sent rows to an inspection');
      return end.value.inspection;
    },
    async *rows(pieces, format, columns) {
      yield* converse({ csv: 'rows', format, columns: [...columns] }, pieces);
    },
    close: () => pool.destroy(),
  };
}
