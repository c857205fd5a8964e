/** The three error screens (spec §2, §8). */
export type ErrorKind = 'not-found' | 'unauthorized' | 'internal-error';

/** Chosen by the error's name alone: NotFoundException, UnauthorizedException, anything else. */
export function errorKindOf(error: unknown): ErrorKind {
  const name =
    error !== null && typeof error === 'object' && 'name' in error ? String(error.name) : undefined;
  if (name === 'NotFoundException') return 'not-found';
  if (name === 'UnauthorizedException') return 'unauthorized';
  return 'internal-error';
}

/** An error a screen throws to show the not-found page (e.g. an id that is not there). */
export class NotFoundException extends Error {
  override name = 'NotFoundException';
}
