import { type Kysely, sql } from 'kysely';

/**
 * A member limited to some of the company's bots (issue 24: an agent who answers only the shop's
 * bot, an analyst who reads only one brand's reports). `bot_ids` holds the bots they may see; null
 * is every bot of the company, as before. A list on the user row (rather than a table of its own)
 * comes with the session's one read of the user, and a bot deleted later cannot empty the list into
 * "every bot". An invitation carries the limit its person joins with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column bot_ids jsonb`.execute(db);
  await sql`alter table user_invitations add column bot_ids jsonb`.execute(db);
  await sql`alter table users add constraint users_bot_ids_check
    check (bot_ids is null or (jsonb_typeof(bot_ids) = 'array' and jsonb_array_length(bot_ids) > 0))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_invitations drop column bot_ids`.execute(db);
  await sql`alter table users drop column bot_ids`.execute(db);
}
