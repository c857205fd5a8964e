import {
  botMessageSchema,
  broadcastReasons,
  type ConversationEventData,
  type EVENT,
} from '@parley/contracts';
import type { AppContext, StoredTurn, TurnOutbox } from '../../context';
import type { Queryable } from '../../db/database';
import { ensureError } from '../../errors';
import { noteHandedOver, noteNotDelivered } from '../../features/broadcasts/broadcasts.repository';
import { GraphApiError } from '../../integrations/graph/graph-client';
import { OutgoingCallError } from '../../integrations/http/guarded-http';
import { logNotDelivered, resumeSending } from '../outbound-cursor';
import {
  claimMessage,
  finishMessage,
  notePartSent,
  releaseMessage,
  unsentMessages,
} from '../outbound-cursor.repository';
import { conversationsOwedSending, findOutbound, noteError, noteThreadOwner } from './messenger.repository';
import { graphOf } from './messenger-connect.service';
import { noteGraphFailure } from './messenger-inbound';
import { messengerMessages } from './messenger-messages';

/** This channel's sending cursor (see channels/outbound-cursor). */
const TABLE = 'messenger_conversations';

/** The Page inbox's app id in the handover protocol (Meta's, the same for every Page). */
export const PAGE_INBOX_APP_ID = '263902037430900';

/** Messenger's standard messaging window: a Page answers within 24 hours of the person's last message. */
export const MESSAGING_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The `HUMAN_AGENT` tag's window: a person (not the bot) answers within 7 days. */
export const HUMAN_AGENT_WINDOW_MS = 7 * MESSAGING_WINDOW_MS;

/** Thrown so the queue tries the conversation's sending again later (its backoff doubles). */
export class MessengerSendToRetry extends Error {
  override name = 'MessengerSendToRetry';
}

/** Failures another attempt may cure: Graph's rate limits, its temporary errors, the network. */
function transient(error: unknown): boolean {
  if (error instanceof GraphApiError) return error.transient;
  if (error instanceof OutgoingCallError)
    return ['timeout', 'unreachable', 'rate_limited', 'interrupted'].includes(error.failure.reason);
  return false;
}

type NotDelivered = ConversationEventData<typeof EVENT.MessageNotDelivered>['reason'];
function reasonOf(error: unknown): NotDelivered {
  if (error instanceof GraphApiError) {
    if (error.kind === 'token-invalid') return 'token-invalid';
    if (error.kind === 'recipient-unavailable') return 'recipient-unavailable';
    if (error.kind === 'outside-window') return 'outside-window';
  }
  return 'refused';
}

/**
 * How a message may go, by who wrote it and how long ago the person last wrote: the bot within
 * 24 hours; an inbox agent within 24 hours, then with the `HUMAN_AGENT` tag up to 7 days; else
 * not at all, and why.
 */
function sendingWindow(role: string, lastWrote: Date): { tag?: 'HUMAN_AGENT' } | { closed: string } {
  const age = Date.now() - lastWrote.getTime();
  if (age <= MESSAGING_WINDOW_MS) return {};
  const wrote = `The person last wrote at ${lastWrote.toISOString()}`;
  if (role !== 'agent')
    return {
      closed: `${wrote}, more than 24 hours before; Messenger allows a Page's automated answer only within 24 hours`,
    };
  if (age <= HUMAN_AGENT_WINDOW_MS) return { tag: 'HUMAN_AGENT' };
  return {
    closed: `${wrote}, more than 7 days before; Messenger allows an agent's reply (the Human Agent tag) only within 7 days`,
  };
}

/** What the transcript says of a send Graph refused: its answer, and what a refused tag means. */
function refusalOf(error: unknown, tag: 'HUMAN_AGENT' | undefined): string {
  const message = ensureError(error).message;
  if (tag && error instanceof GraphApiError && error.kind === 'outside-window')
    return `Facebook refused the reply with the Human Agent tag (sent more than 24 hours after the person last wrote; the Page's app needs the Human Agent permission): ${message}`;
  return message;
}

/** Why a broadcast's recipient got nothing, in the words broadcast results use. */
function broadcastReasonOf(reason: NotDelivered, error: string | undefined): string {
  if (reason === 'outside-window') return broadcastReasons.outsideMessagingWindow;
  if (reason === 'token-invalid') return broadcastReasons.channelDisconnected;
  return `${broadcastReasons.channelRefused}: ${reason}${error ? ` (${error})` : ''}`;
}

/** Queues a conversation's sending (one sender per conversation: its singleton key). */
export async function queueMessengerSend(
  ctx: AppContext,
  db: Queryable,
  conversationId: string,
): Promise<void> {
  const { limit, delaySeconds } = ctx.config.webhookRetries;
  await ctx.jobs.send(
    db,
    'messenger-outbound',
    { conversationId },
    { singletonKey: conversationId, retry: { retryLimit: limit, retryDelaySeconds: delaySeconds } },
  );
}

/**
 * Messenger's outbox, written in the turn's own commit (see `conversations.turnOutbox`): a turn of
 * a Messenger conversation that says something queues its sending, so a stored turn always has its
 * send queued, whatever happens to the process after the commit.
 */
export function messengerOutbox(ctx: AppContext): TurnOutbox {
  return {
    wants: (turn) =>
      turn.conversation.channel === 'messenger' &&
      turn.outcome.messages.some((message) => message.role !== 'user'),
    queue: (trx, turn) => queueMessengerSend(ctx, trx, turn.conversation.id),
  };
}

/** After a stored turn that queued a send: this process's sender looks at once. */
export function wakeMessengerOutbound(ctx: AppContext, turn: StoredTurn): void {
  if (turn.conversation.channel === 'messenger') ctx.jobs.wake('messenger-outbound');
}

/**
 * On start: queues the sending of every Messenger conversation with messages not sent yet (stored
 * before a stop that lost their job, say). Sending claims each message, so none goes twice.
 */
export async function queueUnsentMessenger(ctx: AppContext): Promise<number> {
  const ids = await conversationsOwedSending(ctx.database.db);
  for (const id of ids) await queueMessengerSend(ctx, ctx.database.db, id);
  if (ids.length > 0) ctx.jobs.wake('messenger-outbound');
  return ids.length;
}

/**
 * One attempt at sending a conversation's new messages through the Send API. As for the
 * messaging suite, each message is claimed before its calls and each piece recorded once out, so
 * a piece whose call was under way when a process stopped is never sent twice; calls hold no
 * connection or lock. An inbox agent's reply more than 24 hours after the person last wrote goes
 * with the `HUMAN_AGENT` tag (up to 7 days). A message is not sent, and the transcript says why,
 * when its window has closed (24 hours for the bot, 7 days for an agent), when Graph refused it
 * as outside its window (10/2018278: a Page without the Human Agent permission), when the person
 * is unavailable (blocked the Page: 551), when the Page token was refused (190: the channel shows
 * disconnected) or Graph refused it otherwise.
 * Rate limits (4, 17, 32, 613) and temporary errors throw for a retry with backoff.
 */
export async function sendMessengerOutbound(ctx: AppContext, conversationId: string, attempt: number) {
  const { db } = ctx.database;
  const out = await findOutbound(db, conversationId);
  if (!out) return;
  const lastAttempt = attempt > ctx.config.webhookRetries.limit;
  const piecesOf = (message: unknown) => {
    const parsed = botMessageSchema.safeParse(message);
    return parsed.success ? messengerMessages(parsed.data) : [];
  };
  let { sentSeq, sentParts } = await resumeSending(
    db,
    TABLE,
    conversationId,
    out,
    (message) => piecesOf(message).length,
  );
  const notDelivered = async (seq: number, reason: NotDelivered, error?: string) => {
    await logNotDelivered(ctx, conversationId, {
      channel: 'messenger',
      seq,
      reason,
      ...(error ? { error } : {}),
    });
    // A broadcast sent as this message failed for its contact, with the reason in its results.
    await noteNotDelivered(db, conversationId, seq, broadcastReasonOf(reason, error));
  };
  const client = graphOf(ctx, out);
  let disconnected = out.disconnected_at !== null;
  let threadOwner = out.thread_owner_app_id;
  /**
   * Whether the message may go while another app (the Page inbox) holds the thread: an inbox
   * agent's reply takes the thread back first (`/me/take_thread_control`); the bot stays silent.
   */
  const mayTalk = async (seq: number, role: string): Promise<boolean> => {
    if (threadOwner === null) return true;
    if (role !== 'agent') {
      await notDelivered(
        seq,
        'refused',
        `Another app (${threadOwner}, the Page inbox's is ${PAGE_INBOX_APP_ID}) holds the person's thread on Messenger: the bot does not answer until it passes the thread back`,
      );
      return false;
    }
    try {
      await client.takeThreadControl(out.psid, 'An agent in Parley replied');
      await noteThreadOwner(db, conversationId, null, new Date());
      threadOwner = null;
      return true;
    } catch (error) {
      if (transient(error) && !lastAttempt) {
        await releaseMessage(db, TABLE, conversationId);
        throw new MessengerSendToRetry(`The thread was not taken (attempt ${attempt})`);
      }
      await noteGraphFailure(ctx, out.deployment_id, error, 'The thread was not taken');
      await notDelivered(
        seq,
        reasonOf(error),
        `Another app (${threadOwner}) holds the person's thread and Facebook did not let Parley take it: ${ensureError(error).message}`,
      );
      return false;
    }
  };
  for (const message of await unsentMessages(db, conversationId, sentSeq)) {
    if (!(await claimMessage(db, TABLE, conversationId, message.seq))) return;
    const pieces = piecesOf(message.message);
    const window = sendingWindow(message.role, out.last_user_message_at);
    if ('closed' in window) {
      // Not kept for later either: Meta allows no answer outside the window until the person writes again.
      await notDelivered(message.seq, 'outside-window', window.closed);
    } else if (disconnected) {
      await notDelivered(message.seq, 'token-invalid', out.disconnected_reason ?? undefined);
    } else if (await mayTalk(message.seq, message.role)) {
      // Before the call: Meta stamps the message during it, and receipts' watermarks are its stamps.
      if (sentParts === 0) await noteHandedOver(db, conversationId, message.seq, new Date());
      for (let part = sentParts; part < pieces.length; part++) {
        try {
          await client.send(out.psid, pieces[part] ?? { text: ' ' }, window.tag);
          await notePartSent(db, TABLE, conversationId, part + 1);
        } catch (error) {
          const what = `Message ${message.seq} was not sent`;
          if (transient(error) && !lastAttempt) {
            await releaseMessage(db, TABLE, conversationId);
            await noteError(db, out.deployment_id, `${what} yet: ${ensureError(error).message}`);
            throw new MessengerSendToRetry(`${what} (attempt ${attempt})`);
          }
          await noteGraphFailure(ctx, out.deployment_id, error, what);
          await notDelivered(message.seq, reasonOf(error), refusalOf(error, window.tag));
          if (reasonOf(error) === 'token-invalid') disconnected = true;
          break;
        }
      }
    }
    await finishMessage(db, TABLE, conversationId, message.seq);
    sentParts = 0;
  }
}
