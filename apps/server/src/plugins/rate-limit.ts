import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { consumeLimit, type Limit } from '../features/rate-limits/rate-limit.service';

/** What each bucket allows per client IP. */
export type RateLimitBucket = 'auth' | 'telemetry' | 'chat-start' | 'prompt-test';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts each request per client IP in the named bucket (shared by every server process). */
    rateLimit?: { bucket: RateLimitBucket };
  }
  interface FastifyRequest {
    /**
     * When the API received the request (epoch ms), before any database round trip: attempts
     * (sign-ins, codes, password checks) are judged by when they were made, not by when a busy
     * server got to them.
     */
    receivedAt: number;
  }
}

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Sign-in, sign-up and recovery: the configured (tight) limit. Telemetry batches come every 15 s
 * from each open tab, and visitors start conversations from shared addresses: far looser. Prompt
 * tests each call the model provider.
 */
export function rateLimitFor(bucket: RateLimitBucket, config: AppConfig): Limit {
  switch (bucket) {
    case 'auth':
      return { max: config.authRateLimit.perIp, windowMs: config.authRateLimit.windowMs };
    case 'telemetry':
      return { max: 1_200, windowMs: FIFTEEN_MINUTES };
    case 'chat-start':
      return { max: 600, windowMs: FIFTEEN_MINUTES };
    // Each prompt test costs the company a model call: a person trying prompts, not a script.
    case 'prompt-test':
      return { max: 120, windowMs: FIFTEEN_MINUTES };
  }
}

export function registerRateLimit(app: FastifyInstance, limitFor: (bucket: RateLimitBucket) => Limit): void {
  app.decorateRequest('receivedAt', 0);
  app.addHook('onRequest', async (request) => {
    request.receivedAt = Date.now();
    const bucket = request.routeOptions.config.rateLimit?.bucket;
    if (!bucket) return;
    await consumeLimit(app.ctx.database.db, `${bucket}:ip:${request.ip}`, limitFor(bucket));
  });
}
