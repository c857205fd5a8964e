import { type Kysely, sql } from 'kysely';

/**
 * Bots that speak the visitor's language: the languages a bot offers besides its own, the
 * visitor's language kept on the conversation, and on a message the same message in the other
 * language (a visitor's message as the bot read it, a bot's message as it was written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bots add column offered_languages jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table conversations add column language text`.execute(db);
  await sql`alter table conversation_messages add column translation jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversation_messages drop column translation`.execute(db);
  await sql`alter table conversations drop column language`.execute(db);
  await sql`alter table bots drop column offered_languages`.execute(db);
}
