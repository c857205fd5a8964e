import { type Kysely, sql } from 'kysely';

/**
 * Claims become HOT updates (issue 18). A turn that calls outside claims its conversation by
 * setting `pending_turn`, `pending_owner` and `pending_until`; the last was indexed (for the
 * abandoned-turn sweep), so no claim could be HOT and each wrote an entry in every index of
 * `conversations` (primary key, inbox, expiry, contact, pending). The sweep now finds pending
 * turns in a table of their own: the claim inserts the conversation's row in the same statement,
 * the turn's store deletes it, and the sweep joins it to `conversations`, whose `pending_until`
 * (no longer indexed) stays the lease every check reads. A claim then touches no indexed column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Only the pending ones, at most a few per visitor waiting: the sweep reads it whole.
  await sql`create table pending_conversations (
    conversation_id uuid primary key references conversations (id) on delete cascade
  )`.execute(db);
  await sql`insert into pending_conversations (conversation_id)
    select id from conversations where pending_owner is not null`.execute(db);
  await sql`drop index conversations_pending_until_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index conversations_pending_until_idx on conversations (pending_until)
    where pending_until is not null`.execute(db);
  await sql`drop table pending_conversations`.execute(db);
}
