import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Reads } from '../db/read-replica';

/** On a signed-in write's answer: where the primary's log was once it was done. */
export const WRITTEN_AT_HEADER = 'parley-written-at';
/** On a read: the last `parley-written-at` the client saw; the read must see at least that. */
export const READ_AFTER_HEADER = 'parley-read-after';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With a read replica, every signed-in write answers with the primary's log position, so the
 * person's next reads see what they did (see read-replica.ts). Visitors' chat writes do not: they
 * never read from the replica, and a turn should not pay for the extra statement.
 */
export function registerReadYourWrites(app: FastifyInstance): void {
  const { reads } = app.ctx.database;
  if (!reads.replicated) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400 || !request.session) return payload;
    const at = await reads.writtenAt().catch(() => undefined);
    if (at) void reply.header(WRITTEN_AT_HEADER, at);
    return payload;
  });
}

/** What a route that may read a moment-old copy (inbox lists, reports) reads with. */
export function readsOf(request: FastifyRequest): Reads {
  const { database } = request.server.ctx;
  const readAfter = request.headers[READ_AFTER_HEADER];
  return {
    db: database.reads.readerFor(Array.isArray(readAfter) ? readAfter.at(-1) : readAfter),
    primary: database.db,
  };
}
