import { type ErrorName, errorEnvelopeSchema } from '@parley/contracts';

/**
 * What every failed request raises: the server's error body (name, message, details) plus the
 * HTTP status. Screens choose what to show by `name`.
 */
export class ApiError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** Builds the error from a non-OK answer, whatever its body holds. */
  static fromResponse(status: number, body: unknown): ApiError {
    const parsed = errorEnvelopeSchema.safeParse(body);
    if (parsed.success) {
      const { name, message, details } = parsed.data.error;
      return new ApiError(name, message, status, details);
    }
    const name =
      status === 404
        ? 'NotFoundException'
        : status === 401
          ? 'UnauthorizedException'
          : status === 403
            ? 'ForbiddenException'
            : 'InternalException';
    return new ApiError(name, `The server answered ${status}`, status);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What a screen says about a failed request: its own words for the named errors it expects (a
 * refused key, an unreachable vendor…), else the server's message; null when nothing failed.
 */
export function errorWords(error: Error | null, byName: Partial<Record<ErrorName, string>>): string | null {
  if (!error) return null;
  return (isApiError(error) && byName[error.name as ErrorName]) || error.message;
}
