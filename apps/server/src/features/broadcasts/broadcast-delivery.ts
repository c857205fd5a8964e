import {
  type BotMessage,
  type BroadcastMessage,
  broadcastMessageSchema,
  broadcastReasons,
} from '@parley/contracts';
import { renderTemplate } from '@parley/engine/templating';
import { MESSAGING_WINDOW_MS, queueMessengerSend } from '../../channels/messenger/messenger-outbound';
import { queueSunshineSend } from '../../channels/sunshine/sunshine-outbound';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { ensureError } from '../../errors';
import * as repository from './broadcasts.repository';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-link';

/** Recipients one job claims at a time when the broadcast is not throttled. */
export const UNTHROTTLED_BATCH = 1000;

/** Renders each templated text of the message with the contact's variables. */
export function renderMessage(message: BroadcastMessage, variables: Record<string, unknown>): BotMessage {
  const render = (text: string) => renderTemplate(text, variables);
  switch (message.type) {
    case 'text':
      return { type: 'text', text: render(message.text) };
    case 'buttons':
      return {
        type: 'buttons',
        text: render(message.text),
        buttons: message.buttons.map((button) => ({ ...button, label: render(button.label) })),
      };
    case 'card':
      return {
        type: 'card',
        card: {
          ...message.card,
          title: render(message.card.title),
          ...(message.card.subtitle !== undefined ? { subtitle: render(message.card.subtitle) } : {}),
          buttons: message.card.buttons.map((button) => ({ ...button, label: render(button.label) })),
        },
      };
  }
}

/** The unsubscribe button's label in the conversation's language (English for any other). */
const UNSUBSCRIBE_LABELS: Record<string, string> = {
  en: 'Unsubscribe',
  es: 'Darse de baja',
  fr: 'Se désabonner',
  de: 'Abmelden',
  pt: 'Cancelar inscrição',
  it: 'Annulla iscrizione',
};

/** A broadcast on web chat ends with a link that opts the contact out (see unsubscribe-link.ts). */
export function withUnsubscribe(message: BotMessage, url: string, language: string | null): BotMessage {
  const button = {
    id: 'parley-unsubscribe',
    label: UNSUBSCRIBE_LABELS[language ?? 'en'] ?? 'Unsubscribe',
    kind: 'url' as const,
    url,
  };
  if (message.type === 'text') return { type: 'buttons', text: message.text, buttons: [button] };
  if (message.type === 'buttons') return { ...message, buttons: [...message.buttons, button] };
  if (message.type === 'card')
    return { ...message, card: { ...message.card, buttons: [...message.card.buttons, button] } };
  return message;
}

/** The text the inbox and the transcript show for a message. */
export function textOf(message: BotMessage): string {
  if (message.type === 'card') return message.card.title;
  if (message.type === 'carousel') return message.cards.map((card) => card.title).join(', ');
  return message.text;
}

export type DeliveryOutcome =
  | { kind: 'sent'; seq: number; message: BotMessage }
  | { kind: 'failed' | 'skipped'; reason: string }
  /** Not this time (a turn waiting on an outside call holds the conversation): try again later. */
  | { kind: 'later' };

/**
 * What a conversation gets: the message rendered for its contact (with the unsubscribe button on
 * web chat), or why it gets nothing.
 */
function prepare(
  ctx: AppContext,
  conversation: repository.ConversationForBroadcast | undefined,
  delivery: { broadcastId: string | null; contactId: string | null; message: BroadcastMessage },
): { kind: 'ready'; message: BotMessage } | { kind: 'failed' | 'skipped'; reason: string } {
  if (!conversation || conversation.disconnected) {
    return { kind: 'failed', reason: broadcastReasons.channelDisconnected };
  }
  if (delivery.broadcastId && conversation.opted_out)
    return { kind: 'skipped', reason: broadcastReasons.optedOut };
  // Meta lets a Page write only within 24 hours of the person's last message (a broadcast is no
  // exception: message tags do not cover promotions), so the others are left out, and say why.
  if (
    conversation.channel === 'messenger' &&
    (conversation.messenger_wrote_at?.getTime() ?? 0) < Date.now() - MESSAGING_WINDOW_MS
  ) {
    return { kind: 'skipped', reason: broadcastReasons.outsideMessagingWindow };
  }
  let rendered: BotMessage;
  try {
    rendered = renderMessage(delivery.message, {
      ...(conversation.variables ?? {}),
      user: conversation.user_info,
    });
  } catch (error) {
    return { kind: 'skipped', reason: `${broadcastReasons.templateFailed}: ${ensureError(error).message}` };
  }
  if (delivery.broadcastId && delivery.contactId && conversation.channel === 'webchat') {
    const token = unsubscribeToken(ctx.config.jwtSecret, delivery.contactId);
    rendered = withUnsubscribe(rendered, unsubscribeUrl(ctx.config.publicUrl, token), conversation.language);
  }
  return { kind: 'ready', message: rendered };
}

/** Tells the widgets' live streams (and the messaging suite's sender) what was stored. */
function announce(
  ctx: AppContext,
  stored: { id: string; company_id: string; bot_id: string; channel: string; seq: number }[],
) {
  for (const conversation of stored) {
    ctx.conversations.cache.forget(conversation.id);
    ctx.conversations.bus.publishStored({
      conversationId: conversation.id,
      companyId: conversation.company_id,
      botId: conversation.bot_id,
      seq: conversation.seq,
    });
  }
  if (stored.some((conversation) => conversation.channel === 'sunshine')) ctx.jobs.wake('sunshine-outbound');
  if (stored.some((conversation) => conversation.channel === 'messenger'))
    ctx.jobs.wake('messenger-outbound');
}

/**
 * Queues a vendor channel's sending of what was just stored, in the same transaction, so a stored
 * message always has its send queued (the channel's sender claims each message: sent once).
 */
async function queueChannelSend(ctx: AppContext, trx: Queryable, channel: string, conversationId: string) {
  if (channel === 'sunshine') await queueSunshineSend(ctx, trx, conversationId);
  if (channel === 'messenger') await queueMessengerSend(ctx, trx, conversationId);
}

/**
 * Sends one message into a conversation (a test send): renders it for the contact, stores it as
 * the bot's next message, then tells the widget's live stream, and queues the messaging suite's
 * or Messenger's send in the same transaction.
 */
export async function deliverToConversation(
  ctx: AppContext,
  delivery: {
    companyId: string;
    conversationId: string;
    broadcastId: string | null;
    contactId: string | null;
    message: BroadcastMessage;
    replyModuleId: string | null;
  },
): Promise<DeliveryOutcome> {
  const { db } = ctx.database;
  const conversation = await repository.conversationForBroadcast(
    db,
    delivery.companyId,
    delivery.conversationId,
  );
  const prepared = prepare(ctx, conversation, delivery);
  if (prepared.kind !== 'ready') return prepared;
  // prepare() fails a conversation that is not there; this only tells the type checker.
  if (!conversation) return { kind: 'failed', reason: broadcastReasons.channelDisconnected };
  const rendered = prepared.message;
  const seq = await db.transaction().execute(async (trx) => {
    const stored = await repository.storeBroadcastMessage(trx, {
      ...delivery,
      message: rendered,
      text: textOf(rendered),
    });
    if (stored !== null) await queueChannelSend(ctx, trx, conversation.channel, conversation.id);
    return stored;
  });
  if (seq === null) return { kind: 'later' };
  announce(ctx, [{ ...conversation, seq }]);
  return { kind: 'sent', seq, message: rendered };
}

/**
 * One batch of a broadcast (the `broadcast-send` job): claims recipients, renders each one's
 * message, stores them all in one statement (each recipient marked sent with its message), and
 * queues the next batch: at once when unthrottled, a minute after this one began when throttled.
 * A paused or cancelled broadcast's job ends; resuming queues a new one.
 */
export async function sendBroadcastBatch(ctx: AppContext, broadcastId: string): Promise<void> {
  const { db } = ctx.database;
  const started = Date.now();
  const broadcast = await db
    .selectFrom('broadcasts')
    .selectAll()
    .where('id', '=', broadcastId)
    .executeTakeFirst();
  if (broadcast?.state !== 'sending') return;
  const message = broadcastMessageSchema.parse(broadcast.message);
  const batch = broadcast.throttle_per_minute ?? UNTHROTTLED_BATCH;
  const claimed = await repository.claimRecipients(db, broadcastId, batch, ctx.config.broadcastClaimLeaseMs);
  const conversations = new Map(
    (
      await repository.conversationsForBroadcast(
        db,
        broadcast.company_id,
        claimed.map((recipient) => recipient.conversation_id),
      )
    ).map((conversation) => [conversation.id, conversation]),
  );
  const ready: repository.BatchDelivery[] = [];
  const unsent: { contactId: string; state: 'failed' | 'skipped' | 'queued'; reason: string | null }[] = [];
  for (const recipient of claimed) {
    const prepared = prepare(ctx, conversations.get(recipient.conversation_id), {
      broadcastId,
      contactId: recipient.contact_id,
      message,
    });
    if (prepared.kind === 'ready') {
      ready.push({
        contactId: recipient.contact_id,
        conversationId: recipient.conversation_id,
        message: prepared.message,
        text: textOf(prepared.message),
      });
    } else {
      unsent.push({
        contactId: recipient.contact_id,
        state: prepared.kind,
        reason: prepared.reason.slice(0, 500),
      });
    }
  }
  const stored = await db.transaction().execute(async (trx) => {
    const rows = await repository.storeBroadcastBatch(trx, {
      broadcastId,
      companyId: broadcast.company_id,
      replyModuleId: broadcast.reply_module_id,
      deliveries: ready,
    });
    for (const row of rows)
      await queueChannelSend(
        ctx,
        trx,
        conversations.get(row.conversation_id)?.channel ?? '',
        row.conversation_id,
      );
    return rows;
  });
  announce(
    ctx,
    stored.flatMap((row) => {
      const conversation = conversations.get(row.conversation_id);
      return conversation ? [{ ...conversation, seq: row.seq }] : [];
    }),
  );
  // Not stored: a turn waiting on an outside call holds the conversation, or the broadcast was
  // paused meanwhile: queued again for a later batch (a cancelled one's recipients stay cancelled).
  const storedContacts = new Set(stored.map((row) => row.contact_id));
  for (const delivery of ready)
    if (!storedContacts.has(delivery.contactId))
      unsent.push({ contactId: delivery.contactId, state: 'queued', reason: null });
  await repository.settleRecipients(db, broadcastId, unsent);
  if (!(await repository.hasUnsent(db, broadcastId))) {
    await repository.moveBroadcast(db, broadcast.company_id, broadcastId, ['sending'], 'done');
    return;
  }
  const throttled = broadcast.throttle_per_minute !== null;
  await ctx.jobs.send(
    db,
    'broadcast-send',
    { broadcastId },
    throttled
      ? { startAfter: new Date(started + 60_000) }
      : claimed.length === 0
        ? { startAfter: new Date(Date.now() + 5_000) }
        : {},
  );
  if (!throttled && claimed.length > 0) ctx.jobs.wake('broadcast-send');
}
