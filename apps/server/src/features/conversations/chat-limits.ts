import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { RateLimitException } from '../../errors';
import type { SharedHitCounts } from '../rate-limits/shared-hit-counts';

/** The window visitors' message limits count in. */
export const CHAT_LIMIT_WINDOW_MS = 60_000;

/**
 * Visitors' messages per minute, per conversation and per client IP, counted across all server
 * processes (see SharedHitCounts: no database round trip per message).
 */
export function chatMessageLimits(counts: SharedHitCounts, limits: AppConfig['chatRateLimit']) {
  /** Counts the message; refuses it with 429 RateLimitException (and Retry-After) past either limit. */
  return async (request: FastifyRequest<{ Params: { id: string } }>): Promise<void> => {
    const [perIp, perConversation] = counts.hit([
      `chat-ip:${request.ip}`,
      `chat-conversation:${request.params.id}`,
    ]);
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
