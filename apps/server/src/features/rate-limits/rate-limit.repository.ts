import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

export interface WindowCount {
  hits: number;
  windowEndsAt: Date;
}

/** Counts one hit against `key` in a fixed window that starts with the first hit. */
export async function incrementHits(db: Queryable, key: string, windowMs: number): Promise<WindowCount> {
  const [count] = await incrementHitsOfKeys(db, [key], windowMs);
  if (!count) throw new Error(`no count came back for ${key}`);
  return count;
}

/**
 * Counts one hit against each of `keys` (distinct) in one statement, as `incrementHits` does:
 * the counts come back in the order of `keys`.
 */
export async function incrementHitsOfKeys(
  db: Queryable,
  keys: readonly string[],
  windowMs: number,
): Promise<WindowCount[]> {
  const windowEnd = sql<Date>`now() + ${windowMs} * interval '1 millisecond'`;
  // Rows are locked in one order by every caller, so two counts sharing keys never deadlock.
  const ordered = [...keys].sort();
  const rows = await db
    .insertInto('rate_limits')
    .values(ordered.map((key) => ({ key, hits: 1, window_ends_at: windowEnd })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end`,
        window_ends_at: sql`case when rate_limits.window_ends_at <= now() then excluded.window_ends_at else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['key', 'hits', 'window_ends_at'])
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, { hits: row.hits, windowEndsAt: row.window_ends_at }]));
  return keys.map((key) => {
    const count = byKey.get(key);
    if (!count) throw new Error(`no count came back for ${key}`);
    return count;
  });
}
