// The thread that reads uploaded files (see document-reader.ts and csv-reader.ts for the hosts):
// parsing a file a user supplies takes time and memory that depend on the file, so it never runs on
// the server's event loop. Piscina runs this module's default export once per task.
import type { MessagePort } from 'node:worker_threads';
import type { ColumnType } from '@parley/contracts';
import type { KnowledgeFileFormat } from '../../db/tables/knowledge.table';
import type { CsvFormat } from './csv-format';
import { type CsvInspection, CsvProblem, csvRecords, inspectCsv, typedRowBatches } from './csv-records';
import { DocumentProblem, documentBlocks, type TextBlock } from './document-text';

export interface ReadRequest {
  format: KnowledgeFileFormat;
  bytes: Uint8Array;
}
/** The document's blocks, or why it cannot be read (an error's class does not cross threads). */
export type ReadReply = { blocks: TextBlock[] } | { problem: string };

/**
 * A CSV file read in a conversation over `port`: the thread asks for the file piece by piece
 * (`more`: the host answers `piece` or `end`), and, reading rows, sends each batch (`rows`) and
 * waits for the host's `next` before reading on. So neither side holds more than a piece and a batch.
 */
export interface CsvTask {
  csv: 'inspect' | 'rows';
  format: CsvFormat;
  /** Reading rows: the columns' names and types, as the inspection found them. */
  columns?: { name: string; type: ColumnType }[];
  port: MessagePort;
}
export type CsvReply = { inspection: CsvInspection } | { done: true } | { problem: string; lines: number[] };

export type HostMessage = { type: 'piece'; bytes: Uint8Array } | { type: 'end' } | { type: 'next' };
export type ThreadMessage = { type: 'more' } | { type: 'rows'; rows: unknown[] };

/**
 * The thread's side of the conversation. The parser's stream reads ahead, so a request for the next
 * piece can be out while a batch waits for `next`: each answer goes to the request it answers.
 */
function hostOf(port: MessagePort) {
  const pieceWaiters: ((message: HostMessage) => void)[] = [];
  const nextWaiters: (() => void)[] = [];
  port.on('message', (message: HostMessage) => {
    if (message.type === 'next') nextWaiters.shift()?.();
    else pieceWaiters.shift()?.(message);
  });
  return {
    async *pieces(): AsyncGenerator<Uint8Array> {
      for (;;) {
        const message = await new Promise<HostMessage>((resolve) => {
          pieceWaiters.push(resolve);
          port.postMessage({ type: 'more' } satisfies ThreadMessage);
        });
        if (message.type !== 'piece') return;
        yield message.bytes;
      }
    },
    send(rows: unknown[]): Promise<void> {
      return new Promise((resolve) => {
        nextWaiters.push(resolve);
        port.postMessage({ type: 'rows', rows } satisfies ThreadMessage);
      });
    },
  };
}

async function readCsv({ csv, format, columns, port }: CsvTask): Promise<CsvReply> {
  const host = hostOf(port);
  try {
    const records = csvRecords(host.pieces(), format);
    if (csv === 'inspect') return { inspection: await inspectCsv(records, format) };
    for await (const rows of typedRowBatches(records, columns ?? [], format)) await host.send(rows);
    return { done: true };
  } catch (error) {
    if (error instanceof CsvProblem) return { problem: error.message, lines: error.lines };
    throw error;
  } finally {
    port.close();
  }
}

export default async function readFile(task: ReadRequest | CsvTask): Promise<ReadReply | CsvReply> {
  if ('csv' in task) return readCsv(task);
  try {
    return { blocks: await documentBlocks(task.format, task.bytes) };
  } catch (error) {
    if (error instanceof DocumentProblem) return { problem: error.message };
    throw error;
  }
}
