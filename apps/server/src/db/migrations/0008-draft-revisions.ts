import { type Kysely, sql } from 'kysely';

/**
 * Each save of a bot's draft counts up its revision, and remembers who saved it: the builder
 * sends the revision it started from, so a save over someone else's newer one is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bots
    add column draft_revision integer not null default 0,
    add column draft_saved_by uuid references users (id) on delete set null`.execute(db);
}
