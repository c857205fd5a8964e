import type { FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config';
import { RateLimitException } from '../../errors';

const ONE_MINUTE_S = 60;

/**
 * Visitors' messages per minute, per conversation and per client IP. Counted in this process's
 * memory, so a message costs no database round trip; with N server processes behind a load
 * balancer a visitor may send up to N times the limit (the limits are far above what a person
 * types, and meant to stop scripts).
 */
export function chatMessageLimits(limits: AppConfig['chatRateLimit']) {
  const perIp = new RateLimiterMemory({ keyPrefix: 'chat-ip', points: limits.perIp, duration: ONE_MINUTE_S });
  const perConversation = new RateLimiterMemory({
    keyPrefix: 'chat-conversation',
    points: limits.perConversation,
    duration: ONE_MINUTE_S,
  });

  /** Counts the message; refuses it with 429 RateLimitException (and Retry-After) past either limit. */
  return async (request: FastifyRequest<{ Params: { id: string } }>): Promise<void> => {
    try {
      await perIp.consume(request.ip);
      await perConversation.consume(request.params.id);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      throw new RateLimitException(
        refused.msBeforeNext,
        `Too many messages; wait ${Math.max(1, Math.ceil(refused.msBeforeNext / 1000))} seconds and send again`,
      );
    }
  };
}
