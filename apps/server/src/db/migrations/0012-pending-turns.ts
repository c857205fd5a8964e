import { type Kysely, sql } from 'kysely';

/**
 * A turn that waits on an outside call (a model, a webhook) holds no connection or row lock: it
 * records on the conversation what it is doing (`pending_turn`: the turn's input and each call with
 * its outcome once known), which process does it and until when (`pending_owner`, `pending_until`).
 * Other turns of the conversation wait for it; a turn left by a stopped process is finished by
 * another, without repeating a call whose outcome was not recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversations
    add column pending_turn jsonb,
    add column pending_owner text,
    add column pending_until timestamptz`.execute(db);
  // Abandoned turns are found by their lease; only pending rows are indexed.
  await sql`create index conversations_pending_until_idx on conversations (pending_until)
    where pending_until is not null`.execute(db);
}
