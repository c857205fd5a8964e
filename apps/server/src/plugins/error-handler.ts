import type { ErrorEnvelope, ErrorName } from '@parley/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimitException } from '../errors';

function send(reply: FastifyReply, status: number, name: ErrorName, message: string, details?: unknown) {
  const body: ErrorEnvelope = { error: { name, message, ...(details === undefined ? {} : { details }) } };
  return reply.code(status).type('application/json').send(body);
}

const nameByStatus: Record<number, ErrorName> = {
  400: 'ValidationException',
  401: 'UnauthorizedException',
  403: 'ForbiddenException',
  404: 'NotFoundException',
  409: 'ConflictException',
  413: 'PayloadTooLargeException',
  429: 'RateLimitException',
};

/** Fastify's own 4xx errors (body parsing, content type) under our names, with a message a person can act on. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
};

/**
 * One error handler for the whole server: named errors in one envelope, 5xx details hidden
 * (logged, never answered), and the same envelope for routes that do not exist.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitException) {
        reply.header('retry-after', Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
      }
      return send(reply, error.statusCode, error.name, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message,
      }));
      return send(reply, 400, 'ValidationException', 'The request is not valid', { issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(reply, 500, 'InternalException', 'Something went wrong on our side');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const name = nameByStatus[status] ?? 'ValidationException';
      return send(
        reply,
        name === 'ValidationException' ? 400 : status,
        name,
        fastifyMessages[error.code] ?? error.message,
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'InternalException', 'Something went wrong on our side');
  });
}

export function sendNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, 404, 'NotFoundException', `No route ${method} ${url.split('?')[0]}`);
}
