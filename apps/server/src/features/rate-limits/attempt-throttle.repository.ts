import { type RawBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/database';

/** How a key's failures slow it down: some free, then each next attempt waits twice as long. */
export interface ThrottlePolicy {
  /** Failures that cost nothing (fixed when a key starts); then the next attempt waits `firstDelayMs`. */
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key with no attempt for this long starts afresh. */
  quietMs: number;
}

const later = (ms: RawBuilder<number> | number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;
const after = (at: Date, ms: RawBuilder<number> | number) =>
  sql<Date>`${at}::timestamptz + ${ms} * interval '1 millisecond'`;

/** The wait after `failures` failures, in SQL, so a count and its wait are set in one statement. */
function delayAfter(failures: RawBuilder<number>, free: RawBuilder<number>, policy: ThrottlePolicy) {
  return sql<number>`(case when ${failures} < ${free} then 0 else least(
    ${policy.firstDelayMs}::float8 * power(2::float8, least(${failures} - ${free}, 40)),
    ${policy.maxDelayMs}::float8) end)`;
}

/**
 * Takes one attempt for `key`, made `at` (when the request arrived), counted as a failure until a
 * success clears the key; or nothing, with the wait left, while the key is waiting. One statement:
 * concurrent attempts queue on the row, so no more of them get through than the policy allows.
 *
 * Free failures are counted, not timed, and a wait is judged by when the attempt was made, not by
 * when the database got to it: a burst that arrived during a wait stays refused however late a
 * busy server reaches it, and attempts queued on the row are not refused because the one ahead of
 * them began later (`now()` is when a transaction began, which is not the order rows are locked).
 */
export async function claimAttempt(
  db: Queryable,
  key: string,
  policy: ThrottlePolicy,
  at: Date,
): Promise<{ ok: true; failures: number } | { ok: false; retryAfterMs: number }> {
  const expired = sql<boolean>`attempt_throttles.expires_at <= ${at}::timestamptz`;
  const failures = sql<number>`(case when ${expired} then 1 else attempt_throttles.failures + 1 end)`;
  const free = sql<number>`(case when ${expired} then excluded.free_failures else attempt_throttles.free_failures end)`;
  const claimed = await db
    .insertInto('attempt_throttles')
    .values({
      key,
      failures: 1,
      free_failures: policy.freeFailures,
      next_attempt_at: after(
        at,
        delayAfter(sql<number>`1`, sql<number>`${policy.freeFailures}::int`, policy),
      ),
      expires_at: after(at, policy.quietMs),
    })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures,
          free_failures: free,
          next_attempt_at: after(at, delayAfter(failures, free, policy)),
          // Attempts may reach the database out of the order they were made in.
          expires_at: sql<Date>`greatest(attempt_throttles.expires_at, ${after(at, policy.quietMs)})`,
        })
        .where(
          sql<boolean>`${expired} or attempt_throttles.failures < attempt_throttles.free_failures
            or attempt_throttles.next_attempt_at <= ${at}::timestamptz`,
        ),
    )
    .returning('failures')
    .executeTakeFirst();
  if (claimed) return { ok: true, failures: claimed.failures };
  const waiting = await db
    .selectFrom('attempt_throttles')
    .select('next_attempt_at')
    .where('key', '=', key)
    .executeTakeFirst();
  return { ok: false, retryAfterMs: Math.max(0, (waiting?.next_attempt_at.getTime() ?? 0) - Date.now()) };
}

/** Counts a failure for `key` without ever holding it back; answers the count. */
export async function countFailure(db: Queryable, key: string, quietMs: number): Promise<number> {
  const row = await db
    .insertInto('attempt_throttles')
    .values({
      key,
      failures: 1,
      free_failures: 0,
      next_attempt_at: sql<Date>`now()`,
      expires_at: later(quietMs),
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when attempt_throttles.expires_at <= now() then 1 else attempt_throttles.failures + 1 end`,
        expires_at: later(quietMs),
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** The failures counted for `key` and not yet forgotten. */
export async function readFailures(db: Queryable, key: string): Promise<number> {
  const row = await db
    .selectFrom('attempt_throttles')
    .select('failures')
    .where('key', '=', key)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.deleteFrom('attempt_throttles').where('key', '=', key).execute();
}
