import { type Kysely, sql } from 'kysely';

/**
 * The messaging suite's events, ordered and handled at least once (issue 42, items 3 and 4):
 *
 * - `sunshine_events.created_at`: when the suite says the event happened (its `createdAt`). The
 *   suite retries a delivery that failed, so an event can come minutes after later ones.
 * - `sunshine_events.handled_at`: set once the event is handled. An id was taken as done as soon as
 *   it was received, so an event whose handling failed was lost: the suite's retry of it was
 *   dropped as a duplicate. `failed_at`: its last handling failed; the suite's retry of such an
 *   event is queued again. Ids received before this migration were handled (or lost) already.
 * - `sunshine_conversations.last_event_at`: the time of the newest event applied to the
 *   conversation. Control changes (and the bot answers) only from an event at least as new; an
 *   older one is kept for the transcript only. Null: none applied since this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sunshine_events
    add column created_at timestamptz,
    add column handled_at timestamptz,
    add column failed_at timestamptz`.execute(db);
  await sql`update sunshine_events set handled_at = received_at`.execute(db);
  await sql`alter table sunshine_conversations add column last_event_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sunshine_conversations drop column last_event_at`.execute(db);
  await sql`alter table sunshine_events
    drop column created_at,
    drop column handled_at,
    drop column failed_at`.execute(db);
}
