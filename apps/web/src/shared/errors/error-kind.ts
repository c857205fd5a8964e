import { ApiError } from '../api/api-error';

/** The three error screens (spec §2, §8). */
export type ErrorKind = 'not-found' | 'unauthorized' | 'internal-error';

/**
 * The one place that picks an error's screen, by its name: NotFoundException gives not-found;
 * UnauthorizedException, and ForbiddenException (signed in, but this is not theirs to see, such
 * as another company's report), give unauthorized; anything else internal-error. (An API answer
 * without the error envelope is named after its status: see ApiError.fromResponse.)
 */
export function errorKindOf(error: unknown): ErrorKind {
  const name =
    error !== null && typeof error === 'object' && 'name' in error ? String(error.name) : undefined;
  if (name === 'NotFoundException') return 'not-found';
  if (name === 'UnauthorizedException' || name === 'ForbiddenException') return 'unauthorized';
  return 'internal-error';
}

/**
 * Whether a failed read decides the whole page rather than a part of it: the page is not the
 * person's to see (403) or is not there (404). The query client throws these to the page's error
 * screen; a query whose 404 concerns only a part of the page (an open conversation) opts out.
 */
export function isPageError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

/**
 * What becomes of an error a page threw to its error screen. An expected refusal or absence
 * (unauthorized, not-found) is what the screen says, not a fault: nothing more is logged. Anything
 * else is a fault, logged as React would.
 */
export function reportCaughtError(error: unknown): void {
  if (errorKindOf(error) === 'internal-error') console.error(error);
}

/** An error a screen throws to show the not-found page (e.g. an id that is not there). */
export class NotFoundException extends Error {
  override name = 'NotFoundException';
}
