import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

export interface WindowCount {
  hits: number;
  windowEndsAt: Date;
}

/** Counts one hit against `key` in a fixed window that starts with the first hit. */
export async function incrementHits(db: Queryable, key: string, windowMs: number): Promise<WindowCount> {
  const windowEnd = sql<Date>`now() + ${windowMs} * interval '1 millisecond'`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_ends_at: windowEnd })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end`,
        window_ends_at: sql`case when rate_limits.window_ends_at <= now() then excluded.window_ends_at else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, windowEndsAt: row.window_ends_at };
}
