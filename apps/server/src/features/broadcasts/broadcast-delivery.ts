import {
  type BotMessage,
  type BroadcastMessage,
  broadcastMessageSchema,
  broadcastReasons,
} from '@parley/contracts';
import { renderTemplate } from '@parley/engine/templating';
import { queueSunshineSend } from '../../channels/sunshine/sunshine-outbound';
import type { AppContext } from '../../context';
import { ensureError } from '../../errors';
import * as repository from './broadcasts.repository';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-link';

/** How long a claimed recipient is this process's: past it, another process may send it. */
export const CLAIM_LEASE_MS = 60_000;
/** Recipients one job claims at a time when the broadcast is not throttled. */
export const UNTHROTTLED_BATCH = 200;

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
 * Sends one message into a conversation: renders it for the contact, stores it as the bot's next
 * message (with the recipient marked sent, in the same statement), then tells the widget's live
 * stream, and queues the messaging suite's send in the same transaction.
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
  if (!conversation || conversation.disconnected) {
    return { kind: 'failed', reason: broadcastReasons.channelDisconnected };
  }
  if (delivery.broadcastId && conversation.opted_out)
    return { kind: 'skipped', reason: broadcastReasons.optedOut };
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
  const seq = await db.transaction().execute(async (trx) => {
    const stored = await repository.storeBroadcastMessage(trx, {
      ...delivery,
      message: rendered,
      text: textOf(rendered),
    });
    if (stored !== null && conversation.channel === 'sunshine')
      await queueSunshineSend(ctx, trx, conversation.id);
    return stored;
  });
  if (seq === null) return { kind: 'later' };
  ctx.conversations.cache.forget(conversation.id);
  ctx.conversations.bus.publishStored({
    conversationId: conversation.id,
    companyId: conversation.company_id,
    botId: conversation.bot_id,
    seq,
  });
  if (conversation.channel === 'sunshine') ctx.jobs.wake('sunshine-outbound');
  return { kind: 'sent', seq, message: rendered };
}

/**
 * One batch of a broadcast (the `broadcast-send` job): claims recipients, sends each, and queues
 * the next batch: at once when unthrottled, a minute after this one began when throttled. A
 * paused or cancelled broadcast's job ends; resuming queues a new one.
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
  const claimed = await repository.claimRecipients(db, broadcastId, batch, CLAIM_LEASE_MS);
  for (const recipient of claimed) {
    const outcome = await deliverToConversation(ctx, {
      companyId: broadcast.company_id,
      conversationId: recipient.conversation_id,
      broadcastId,
      contactId: recipient.contact_id,
      message,
      replyModuleId: broadcast.reply_module_id,
    }).catch((error: unknown): DeliveryOutcome => ({ kind: 'failed', reason: ensureError(error).message }));
    if (outcome.kind === 'failed' || outcome.kind === 'skipped') {
      await repository.settleRecipient(db, broadcastId, recipient.contact_id, {
        state: outcome.kind,
        reason: outcome.reason.slice(0, 500),
      });
    } else if (outcome.kind === 'later') {
      await repository.settleRecipient(db, broadcastId, recipient.contact_id, {
        state: 'queued',
        reason: null,
      });
    }
  }
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
