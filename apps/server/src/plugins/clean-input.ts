import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ValidationException } from '../errors';

/** Deeper than any document the API takes (a flow nests about a dozen levels). */
export const MAX_INPUT_DEPTH = 64;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL accepts: NUL characters removed (text refuses them) and lone UTF-16 surrogates
 * (valid in JSON, refused in jsonb) replaced by U+FFFD, as `String.prototype.toWellFormed` does.
 */
export function cleanText(text: string): string {
  const withoutNul = text.includes('\0') ? text.replaceAll('\0', '') : text;
  return withoutNul.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Cleans every string (keys too) of a parsed value. Refuses a value nested deeper than
 * MAX_INPUT_DEPTH, so no walk over it (here, in validation or in the database) can run out of stack.
 */
export function cleanInput(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_INPUT_DEPTH) {
    throw new ValidationException(`The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`);
  }
  if (Array.isArray(value)) return value.map((item) => cleanInput(item, depth + 1));
  const clean: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) clean[cleanText(key)] = cleanInput(item, depth + 1);
  return clean;
}

/** Cleans body, query and params before validation, so no handler ever sees a NUL or a lone surrogate. */
export function registerCleanInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // An uploaded file's body is still a stream: its route reads (and cleans) it as it goes.
    if (request.body !== undefined && !(request.body instanceof Readable))
      request.body = cleanInput(request.body);
    request.query = cleanInput(request.query) as typeof request.query;
    request.params = cleanInput(request.params) as typeof request.params;
  });
}
