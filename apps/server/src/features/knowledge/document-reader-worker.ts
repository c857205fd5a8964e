// The thread that reads uploaded documents (see document-reader.ts for the host): parsing a file
// a user supplies takes time and memory that depend on the file, so it never runs on the server's
// event loop. Piscina runs this module's default export once per file.
import type { KnowledgeFileFormat } from '../../db/tables/knowledge.table';
import { DocumentProblem, documentBlocks, type TextBlock } from './document-text';

export interface ReadRequest {
  format: KnowledgeFileFormat;
  bytes: Uint8Array;
}
/** The document's blocks, or why it cannot be read (an error's class does not cross threads). */
export type ReadReply = { blocks: TextBlock[] } | { problem: string };

export default async function readDocument({ format, bytes }: ReadRequest): Promise<ReadReply> {
  try {
    return { blocks: await documentBlocks(format, bytes) };
  } catch (error) {
    if (error instanceof DocumentProblem) return { problem: error.message };
    throw error;
  }
}
