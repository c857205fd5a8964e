import { type Kysely, sql } from 'kysely';

/**
 * The id a client gives a message it sends (the widget and the SDK do), kept on every message of
 * the turn it brought: a retry of the same id, to any server process, answers those messages
 * instead of running the turn again. Looked up per conversation, for the few messages that have one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversation_messages add column client_message_id text`.execute(db);
  await sql`create index conversation_messages_client_id_idx
    on conversation_messages (conversation_id, client_message_id) where client_message_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversation_messages drop column client_message_id`.execute(db);
}
