import type { FastifyInstance } from 'fastify';

/** Removes NUL characters from every string in a parsed value (PostgreSQL text refuses them). */
export function stripNul(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\0') ? value.replaceAll('\0', '') : value;
  if (Array.isArray(value)) return value.map(stripNul);
  if (value !== null && typeof value === 'object') {
    const clean: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) clean[stripNul(key) as string] = stripNul(item);
    return clean;
  }
  return value;
}

/** Cleans body, query and params before validation, so no handler ever sees a NUL. */
export function registerStripNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = stripNul(request.body);
    request.query = stripNul(request.query) as typeof request.query;
    request.params = stripNul(request.params) as typeof request.params;
  });
}
