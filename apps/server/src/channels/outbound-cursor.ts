import type { ConversationEventData, EVENT } from '@parley/contracts';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import {
  type ChannelCursorTable,
  finishMessage,
  insertNotDelivered,
  notePartSent,
  releaseMessage,
  unsentMessages,
} from './outbound-cursor.repository';

/**
 * Where a channel's sender starts: after the last message sent, at the piece it reached. When the
 * attempt before stopped during a call, the piece it was sending may be out and is not sent again:
 * it counts as sent, and the message is finished if that was its last piece.
 */
export async function resumeSending(
  db: Queryable,
  table: ChannelCursorTable,
  conversationId: string,
  cursor: { sent_seq: number; sending_seq: number | null; sent_parts: number },
  piecesOf: (message: unknown) => number,
): Promise<{ sentSeq: number; sentParts: number }> {
  if (cursor.sending_seq === null) return { sentSeq: cursor.sent_seq, sentParts: cursor.sent_parts };
  const [stale] = await unsentMessages(db, conversationId, cursor.sending_seq - 1);
  const sentParts = cursor.sent_parts + 1;
  if (sentParts >= (stale ? piecesOf(stale.message) : 0)) {
    await finishMessage(db, table, conversationId, cursor.sending_seq);
    return { sentSeq: cursor.sending_seq, sentParts: 0 };
  }
  await notePartSent(db, table, conversationId, sentParts);
  await releaseMessage(db, table, conversationId);
  return { sentSeq: cursor.sent_seq, sentParts };
}

/** Says in the transcript, and to whoever has the conversation open, that a message was not delivered. */
export async function logNotDelivered(
  ctx: AppContext,
  conversationId: string,
  data: ConversationEventData<typeof EVENT.MessageNotDelivered>,
): Promise<void> {
  const logged = await insertNotDelivered(ctx.database.db, conversationId, {
    ...data,
    ...(data.error ? { error: data.error.slice(0, 500) } : {}),
  });
  if (logged) ctx.conversations.bus.publishStored({ conversationId, ...logged, seq: 0 });
}
