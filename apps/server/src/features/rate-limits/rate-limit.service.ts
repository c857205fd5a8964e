import type { Queryable } from '../../db/database';
import { RateLimitException } from '../../errors';
import { claimAttempt, type ThrottlePolicy } from './attempt-throttle.repository';
import { incrementHits } from './rate-limit.repository';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Counts a hit and refuses it once the window holds more than `max`. */
export async function consumeLimit(db: Queryable, key: string, limit: Limit): Promise<void> {
  const { hits, windowEndsAt } = await incrementHits(db, key, limit.windowMs);
  if (hits > limit.max) throw new RateLimitException(windowEndsAt.getTime() - Date.now());
}

/** Takes an attempt for `key` made `at` (see `claimAttempt`), or refuses with the wait left. */
export async function takeAttempt(
  db: Queryable,
  key: string,
  policy: ThrottlePolicy,
  at: Date,
): Promise<void> {
  const claim = await claimAttempt(db, key, policy, at);
  if (!claim.ok) {
    throw new RateLimitException(claim.retryAfterMs, 'Too many failed attempts; wait a moment and try again');
  }
}
