import { type ErrorName, errorStatus } from '@parley/contracts';

/**
 * An error the API answers with its name, status and message. User errors (4xx) are expected and
 * not reported; anything else reaching the error handler is a bug and answers InternalException.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    override readonly name: ErrorName,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.statusCode = errorStatus[name];
  }
}

export class ValidationException extends AppError {
  constructor(message: string, details?: unknown) {
    super('ValidationException', message, details);
  }
}
export class UnauthorizedException extends AppError {
  constructor(message = 'Sign in to continue', details?: unknown) {
    super('UnauthorizedException', message, details);
  }
}
export class ForbiddenException extends AppError {
  constructor(message = 'You are not allowed to do this', details?: unknown) {
    super('ForbiddenException', message, details);
  }
}
export class NotFoundException extends AppError {
  constructor(message = 'Not found', details?: unknown) {
    super('NotFoundException', message, details);
  }
}
export class ConflictException extends AppError {
  constructor(message: string, details?: unknown) {
    super('ConflictException', message, details);
  }
}
export class PayloadTooLargeException extends AppError {
  constructor(message = 'The request body is too large', details?: unknown) {
    super('PayloadTooLargeException', message, details);
  }
}
export class RateLimitException extends AppError {
  constructor(
    readonly retryAfterMs: number,
    message = 'Too many attempts; try again later',
  ) {
    super('RateLimitException', message, { retryAfterMs });
  }
}

/** Turns anything thrown into an Error, so every catch can log and wrap it the same way. */
export function ensureError(value: unknown): Error {
  if (value instanceof Error) return value;
  return new Error(typeof value === 'string' ? value : JSON.stringify(value));
}
