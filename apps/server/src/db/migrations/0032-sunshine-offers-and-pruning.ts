import { type Kysely, sql } from 'kysely';

/**
 * The messaging-suite channel, finished (issue 25):
 * - `sunshine_conversations.pending_control` may be `accept`: control was offered to Parley's
 *   switchboard integration (`switchboard:offerControl`), and the sender accepts it.
 * - received event ids are forgotten after a few days (a scheduled job): an index on when each
 *   came lets that delete find them without reading the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sunshine_conversations drop constraint sunshine_conversations_pending_control_check`.execute(
    db,
  );
  await sql`alter table sunshine_conversations add constraint sunshine_conversations_pending_control_check
    check (pending_control in ('next', 'parley', 'accept'))`.execute(db);
  await sql`create index sunshine_events_received_at_idx on sunshine_events (received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index sunshine_events_received_at_idx`.execute(db);
  await sql`update sunshine_conversations set pending_control = null where pending_control = 'accept'`.execute(
    db,
  );
  await sql`alter table sunshine_conversations drop constraint sunshine_conversations_pending_control_check`.execute(
    db,
  );
  await sql`alter table sunshine_conversations add constraint sunshine_conversations_pending_control_check
    check (pending_control in ('next', 'parley'))`.execute(db);
}
