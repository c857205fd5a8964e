import { type Kysely, sql } from 'kysely';

/**
 * What a broadcast achieved and who may get one (issue 27, after 0035).
 *
 * - `conversations.country`: the visitor's country (ISO 3166 alpha-2) as the widget's start
 *   request told it (a proxy's country header, else the region of the browser's language), so an
 *   audience can filter by it.
 * - `broadcast_recipients.opened_at`: when the contact saw the message (the widget showed it in an
 *   open chat; the messaging suite said its user read the conversation).
 * - Contacts by company and opt-out (the recipients' insert and the counts skip those who opted
 *   out without reading them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversations add column country text`.execute(db);
  await sql`alter table broadcast_recipients add column opened_at timestamptz`.execute(db);
  // Which sent recipients a read of a conversation opens: by conversation, still unopened.
  await sql`create index broadcast_recipients_unopened_idx on broadcast_recipients (conversation_id, message_seq)
    where state = 'sent' and opened_at is null`.execute(db);
}
