import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PayloadTooLargeException, ValidationException } from '../../errors';

/** The stored pieces of a file are about this large (a few rows per statement, few statements). */
export const PIECE_BYTES = 1024 * 1024;

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

/**
 * Reads an uploaded file into pieces of about PIECE_BYTES, refusing it as soon as it passes
 * `maxBytes` (a declared Content-Length over it is refused before reading). The file is held once.
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
    pending.push(bytes);
    pendingBytes += bytes.byteLength;
    if (pendingBytes >= PIECE_BYTES) {
      pieces.push(Buffer.concat(pending));
      pending = [];
      pendingBytes = 0;
    }
  }
  if (pendingBytes > 0) pieces.push(Buffer.concat(pending));
  return { pieces, sizeBytes };
}
