import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PayloadTooLargeException, ValidationException } from '../../errors';

/**
 * The stored pieces of a file are this large but the last. A piece comes back from the database as
 * hexadecimal text twice its size: under V8's large-object size (128 KB) that string dies young,
 * where a 1 MB piece's (2 MB, an external string to Node) waited for a full collection. With 1 MB
 * pieces a 10 MB CSV's processing peaked some 60 MB higher on PostgreSQL.
 */
export const PIECE_BYTES = 32 * 1024;

/**
 * The content types a browser or a script sends a CSV file with (Windows names it an Excel type),
 * or a document: plain text, Markdown, HTML, PDF.
 */
const FILE_TYPES = [
  'text/csv',
  'application/csv',
  'application/octet-stream',
  'application/vnd.ms-excel',
  'text/plain',
  'text/markdown',
  'text/x-markdown',
  'text/html',
  'application/pdf',
];

/**
 * Lets the routes of this scope take a file as the raw body: the body stays an unread stream,
 * so the route reads it piece by piece and can stop at the size limit.
 */
export function acceptFileBodies(app: FastifyInstance): void {
  app.addContentTypeParser(FILE_TYPES, (_request, payload, done) => done(null, payload));
}

function tooLarge(maxBytes: number) {
  return new PayloadTooLargeException(
    `The file is larger than ${maxBytes / 1024 / 1024} MB; split it or remove columns, and upload again`,
    { maxBytes },
  );
}

/** One piece from its parts; a part that is a whole piece is kept, not copied (the file is held once). */
const joined = (parts: Buffer[]): Buffer =>
  parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts);

/**
 * Reads an uploaded file into pieces of PIECE_BYTES (the last one shorter), refusing it as soon as
 * it passes `maxBytes` (a declared Content-Length over it is refused before reading). The file is
 * held once.
 */
export async function receiveFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ pieces: Buffer[]; sizeBytes: number }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const body: unknown = request.body;
  if (!(body instanceof Readable)) {
    throw new ValidationException(
      'Send the file itself as the body, with its own type (text/csv, text/plain, application/pdf…) or application/octet-stream',
    );
  }
  const pieces: Buffer[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let sizeBytes = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    sizeBytes += bytes.byteLength;
    if (sizeBytes > maxBytes) {
      body.destroy();
      throw tooLarge(maxBytes);
    }
    // A body may come as one large chunk (a client's own framing, `inject`): it is cut, so the job
    // reads one piece of at most PIECE_BYTES at a time and the database never takes a larger value.
    for (let offset = 0; offset < bytes.byteLength; ) {
      const part = bytes.subarray(offset, offset + PIECE_BYTES - pendingBytes);
      offset += part.byteLength;
      pending.push(part);
      pendingBytes += part.byteLength;
      if (pendingBytes === PIECE_BYTES) {
        pieces.push(joined(pending));
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) pieces.push(joined(pending));
  return { pieces, sizeBytes };
}

/** A received file's first `bytes` bytes (whole pieces: a few more), or all of a shorter file. */
export function startOf(pieces: readonly Buffer[], bytes: number): Buffer {
  const first: Buffer[] = [];
  let size = 0;
  for (const piece of pieces) {
    if (size >= bytes) break;
    first.push(piece);
    size += piece.byteLength;
  }
  return Buffer.concat(first);
}
