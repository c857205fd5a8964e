import { type Kysely, sql } from 'kysely';

/**
 * Messenger's handover protocol: which app holds a person's thread when it is not Parley's (the
 * Page inbox, another app; null: Parley, or idle), and the time of the handover event that said
 * so, so a late or replayed event never moves it back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messenger_conversations
    add column thread_owner_app_id text,
    add column thread_changed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messenger_conversations
    drop column thread_owner_app_id,
    drop column thread_changed_at`.execute(db);
}
