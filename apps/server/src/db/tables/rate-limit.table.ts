import type { Generated } from 'kysely';

/** Fixed-window counters shared by every server process. */
export interface RateLimitTable {
  key: string;
  hits: Generated<number>;
  window_ends_at: Date;
}
