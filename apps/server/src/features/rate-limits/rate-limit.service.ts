import type { Queryable } from '../../db/database';
import { RateLimitException } from '../../errors';
import { incrementHits, readHits } from './rate-limit.repository';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Counts a hit and refuses it once the window holds more than `max`. */
export async function consumeLimit(db: Queryable, key: string, limit: Limit): Promise<void> {
  const { hits, windowEndsAt } = await incrementHits(db, key, limit.windowMs);
  if (hits > limit.max) throw new RateLimitException(windowEndsAt.getTime() - Date.now());
}

/** Refuses when the window is already full, without counting (e.g. failures counted elsewhere). */
export async function assertUnderLimit(db: Queryable, key: string, limit: Limit): Promise<void> {
  const current = await readHits(db, key);
  if (current && current.hits >= limit.max) {
    throw new RateLimitException(current.windowEndsAt.getTime() - Date.now());
  }
}
