import type { FastifyInstance } from 'fastify';
import { consumeLimit, type Limit } from '../features/rate-limits/rate-limit.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts each request per client IP in the named bucket (shared by every server process). */
    rateLimit?: { bucket: string };
  }
}

export function registerRateLimit(app: FastifyInstance, limitFor: (bucket: string) => Limit): void {
  app.addHook('onRequest', async (request) => {
    const bucket = request.routeOptions.config.rateLimit?.bucket;
    if (!bucket) return;
    await consumeLimit(app.ctx.database.db, `${bucket}:ip:${request.ip}`, limitFor(bucket));
  });
}
