import { type Kysely, sql } from 'kysely';

/**
 * A person's language: what the inbox translates visitors' messages into for them, and what their
 * replies are translated from (null: they read and write each bot's own language).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column language text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column language`.execute(db);
}
