import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

export interface WindowCount {
  hits: number;
  windowEndsAt: Date;
}

/** Counts one hit against `key` in a fixed window that starts with the first hit. */
export async function incrementHits(db: Queryable, key: string, windowMs: number): Promise<WindowCount> {
  const [count] = await addHitsOfKeys(db, [{ key, hits: 1 }], windowMs);
  if (!count) throw new Error(`no count came back for ${key}`);
  return count;
}

/**
 * Adds hits to each key's count (keys distinct) in one statement, each in a fixed window that
 * starts with its first hit: the counts come back in the order given.
 */
export async function addHitsOfKeys(
  db: Queryable,
  added: readonly { key: string; hits: number }[],
  windowMs: number,
): Promise<WindowCount[]> {
  const windowEnd = sql<Date>`now() + ${windowMs} * interval '1 millisecond'`;
  // Rows are locked in one order by every caller, so two statements sharing keys never deadlock.
  const ordered = [...added].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows = await db
    .insertInto('rate_limits')
    .values(ordered.map(({ key, hits }) => ({ key, hits, window_ends_at: windowEnd })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when rate_limits.window_ends_at <= now() then excluded.hits else rate_limits.hits + excluded.hits end`,
        window_ends_at: sql`case when rate_limits.window_ends_at <= now() then excluded.window_ends_at else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['key', 'hits', 'window_ends_at'])
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, { hits: row.hits, windowEndsAt: row.window_ends_at }]));
  return added.map(({ key }) => {
    const count = byKey.get(key);
    if (!count) throw new Error(`no count came back for ${key}`);
    return count;
  });
}
