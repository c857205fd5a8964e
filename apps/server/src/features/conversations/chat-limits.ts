import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { RateLimitException } from '../../errors';
import { incrementHitsOfKeys } from '../rate-limits/rate-limit.repository';

const ONE_MINUTE_MS = 60_000;

/**
 * Visitors' messages per minute, per conversation and per client IP. Counted in the database (both
 * in one statement), so the limits hold however many server processes share the traffic.
 */
export function chatMessageLimits(db: () => Queryable, limits: AppConfig['chatRateLimit']) {
  /** Counts the message; refuses it with 429 RateLimitException (and Retry-After) past either limit. */
  return async (request: FastifyRequest<{ Params: { id: string } }>): Promise<void> => {
    const [perIp, perConversation] = await incrementHitsOfKeys(
      db(),
      [`chat-ip:${request.ip}`, `chat-conversation:${request.params.id}`],
      ONE_MINUTE_MS,
    );
    const over = [
      perIp && perIp.hits > limits.perIp ? perIp : undefined,
      perConversation && perConversation.hits > limits.perConversation ? perConversation : undefined,
    ].filter((count) => count !== undefined);
    if (over.length === 0) return;
    const waitMs = Math.max(...over.map((count) => count.windowEndsAt.getTime() - Date.now()));
    throw new RateLimitException(
      waitMs,
      `Too many messages; wait ${Math.max(1, Math.ceil(waitMs / 1000))} seconds and send again`,
    );
  };
}
