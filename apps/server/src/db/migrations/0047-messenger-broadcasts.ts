import { type Kysely, sql } from 'kysely';

/**
 * Broadcasts on Messenger (issue 27, after 0042).
 *
 * - `broadcast_recipients.handed_at`: when the channel's sender began handing the message to the
 *   vendor (Messenger's Send API). Meta's delivery and read receipts carry a watermark (everything
 *   sent up to that instant), not message ids for reads, so a recipient's message is delivered or
 *   read once a watermark reaches the moment it went out.
 * - `broadcast_recipients.delivered_at`: when the channel said the contact's device has it.
 * - The sent Messenger recipients a receipt may still move, by conversation (a receipt looks up one
 *   person's recipients).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table broadcast_recipients add column handed_at timestamptz, add column delivered_at timestamptz`.execute(
    db,
  );
  await sql`create index broadcast_recipients_receipts_idx on broadcast_recipients (conversation_id)
    where state = 'sent' and channel = 'messenger' and (delivered_at is null or opened_at is null)`.execute(
    db,
  );
}
