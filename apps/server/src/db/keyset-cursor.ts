import { ValidationException } from '../errors';

/**
 * A page's cursor for lists read newest first by (created_at, id): the last row's created_at as
 * the database prints it (to the microsecond, which a JavaScript date would round) and its id.
 */
export interface KeysetPosition {
  createdAt: string;
  id: string;
}

export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** The position a cursor of this server names; a ValidationException naming `what` otherwise. */
export function decodeKeysetCursor(cursor: string, what: string): KeysetPosition {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id))
      return { createdAt, id };
  } catch {
    // Reported below, by name.
  }
  throw new ValidationException(`This page of ${what} cannot be found again; start from the first`, {
    cursor: 'Not a cursor this server gave',
  });
}
