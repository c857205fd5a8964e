import { type ConversationEventData, EVENT } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../db/database';

/**
 * The channels whose conversations keep a sending cursor: the last message sent (`sent_seq`), the
 * one being sent (`sending_seq`, claimed before its call) and how many of its pieces are out
 * (`sent_parts`). A message is claimed before the vendor is called and finished after, so a
 * retried or crashed sender never sends a piece twice.
 */
export type ChannelCursorTable = 'sunshine_conversations' | 'messenger_conversations';

/** The bot's and agents' messages not sent yet, in order. */
export async function unsentMessages(db: Queryable, conversationId: string, afterSeq: number) {
  return db
    .selectFrom('conversation_messages')
    .select(['seq', 'role', 'message'])
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', afterSeq)
    .where('role', 'in', ['bot', 'agent'])
    .orderBy('seq')
    .limit(100)
    .execute();
}

/** Claims a message for sending (its call is about to be made); false when already claimed. */
export async function claimMessage(
  db: Queryable,
  table: ChannelCursorTable,
  conversationId: string,
  seq: number,
): Promise<boolean> {
  const claimed = await db
    .updateTable(table)
    .set({ sending_seq: seq })
    .where('conversation_id', '=', conversationId)
    .where('sending_seq', 'is', null)
    .where('sent_seq', '<', seq)
    .returning('conversation_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The claimed message is out (or given up): the next one may go. */
export async function finishMessage(
  db: Queryable,
  table: ChannelCursorTable,
  conversationId: string,
  seq: number,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ sent_seq: seq, sending_seq: null, sent_parts: 0 })
    .where('conversation_id', '=', conversationId)
    .execute();
}

/** The claimed message was not sent (the vendor asked to wait): the next attempt sends it. */
export async function releaseMessage(
  db: Queryable,
  table: ChannelCursorTable,
  conversationId: string,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ sending_seq: null })
    .where('conversation_id', '=', conversationId)
    .execute();
}

/** A piece of the claimed message is out. */
export async function notePartSent(
  db: Queryable,
  table: ChannelCursorTable,
  conversationId: string,
  parts: number,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ sent_parts: parts })
    .where('conversation_id', '=', conversationId)
    .execute();
}

/** Logs, in the transcript after the message, that the channel did not deliver it and why. */
export async function insertNotDelivered(
  db: Queryable,
  conversationId: string,
  data: ConversationEventData<typeof EVENT.MessageNotDelivered>,
): Promise<{ companyId: string; botId: string } | undefined> {
  const event = { name: EVENT.MessageNotDelivered, at: Date.now(), afterOutputs: 0, dimensions: {}, data };
  const result = await sql<{ company_id: string; bot_id: string }>`
    insert into conversation_event_log (conversation_id, company_id, bot_id, deployment_id, events, after_seq)
    select id, company_id, bot_id, deployment_id, ${JSON.stringify([event])}::jsonb, ${data.seq}
    from conversations where id = ${conversationId}
    returning company_id, bot_id`.execute(db);
  const row = result.rows[0];
  return row && { companyId: row.company_id, botId: row.bot_id };
}
