import { botMessageSchema, EVENT } from '@parley/contracts';
import type { AppContext, PlannedTurn, StoredTurn, TurnOutbox } from '../../context';
import type { Queryable } from '../../db/database';
import { ensureError } from '../../errors';
import { OutgoingCallError } from '../../integrations/http/guarded-http';
import { SunshineApiError, sunshineClient } from '../../integrations/sunshine/sunshine-client';
import { logNotDelivered, resumeSending } from '../outbound-cursor';
import {
  claimMessage,
  finishMessage,
  notePartSent,
  releaseMessage,
  unsentMessages,
} from '../outbound-cursor.repository';
import {
  clearPendingControl,
  conversationsOwedSending,
  deleteEventIdsBefore,
  findOutbound,
  lastHandoffReason,
  noteError,
  setPendingControl,
} from './sunshine.repository';
import { credentialsOf } from './sunshine-connect.service';
import { sunshineContents } from './sunshine-messages';

/** This channel's sending cursor (see channels/outbound-cursor). */
const TABLE = 'sunshine_conversations';

/** Thrown so the queue tries the conversation's sending again later (its backoff doubles). */
export class SunshineSendToRetry extends Error {
  override name = 'SunshineSendToRetry';
}

/** Failures another attempt may cure: rate limited, the suite erring or away. */
function transient(error: unknown): boolean {
  if (error instanceof SunshineApiError) return error.transient;
  if (error instanceof OutgoingCallError)
    return ['timeout', 'unreachable', 'rate_limited', 'interrupted'].includes(error.failure.reason);
  return false;
}

/** A pass of control a turn decides: none, to the switchboard's next integration, or back to Parley. */
function passOf({ request, outcome }: PlannedTurn): 'next' | 'parley' | null {
  const handedOff =
    outcome.events.some((event) => event.name === EVENT.HandoffRequested) ||
    (request.input.type === 'handoff' && typeof request.agentId === 'string');
  const givenBack = request.input.type === 'resume' && request.agentId === null;
  return handedOff ? 'next' : givenBack ? 'parley' : null;
}

/** Whether a turn gives the suite something to do: messages to send, or a pass of control. */
function owesSuite(turn: PlannedTurn): boolean {
  if (turn.conversation.channel !== 'sunshine') return false;
  return passOf(turn) !== null || turn.outcome.messages.some((message) => message.role !== 'user');
}

/** Queues a conversation's sending (one sender per conversation: its singleton key). */
export async function queueSunshineSend(
  ctx: AppContext,
  db: Queryable,
  conversationId: string,
  options: { startAfter?: Date; attempts?: number } = {},
): Promise<void> {
  const { limit, delaySeconds } = ctx.config.webhookRetries;
  await ctx.jobs.send(
    db,
    'sunshine-outbound',
    { conversationId, ...(options.attempts ? { attempts: options.attempts } : {}) },
    {
      singletonKey: conversationId,
      retry: { retryLimit: limit, retryDelaySeconds: delaySeconds },
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    },
  );
}

/**
 * The messaging suite's outbox, written in the turn's own commit (see `conversations.turnOutbox`):
 * a turn of a suite conversation that speaks or passes control queues its sending, and notes the
 * pass of control Parley decided (the bot's handoff or an inbox agent taking over: to the
 * switchboard's next integration; the inbox giving the conversation back: to Parley's own), so a
 * stored turn always has its send queued. Control changes the suite made come in as events and
 * pass nothing back.
 */
export function sunshineOutbox(ctx: AppContext): TurnOutbox {
  return {
    wants: owesSuite,
    async queue(trx, turn) {
      const pass = passOf(turn);
      if (pass) await setPendingControl(trx, turn.conversation.id, pass);
      await queueSunshineSend(ctx, trx, turn.conversation.id);
    },
  };
}

/** After a stored turn that queued a send: this process's sender looks at once. */
export function wakeSunshineOutbound(ctx: AppContext, turn: StoredTurn): void {
  if (turn.conversation.channel === 'sunshine') ctx.jobs.wake('sunshine-outbound');
}

/**
 * On start: queues the sending of every suite conversation with messages not sent yet or a pass
 * of control not made (stored before a stop that lost their job, say). Sending claims each message,
 * so a conversation whose job was still queued is not sent twice.
 */
export async function queueUnsentSunshine(ctx: AppContext): Promise<number> {
  const ids = await conversationsOwedSending(ctx.database.db);
  for (const id of ids) await queueSunshineSend(ctx, ctx.database.db, id);
  if (ids.length > 0) ctx.jobs.wake('sunshine-outbound');
  return ids.length;
}

/** Removes received event ids older than the configured retention (the suite's retries are over). */
export async function pruneSunshineEvents(ctx: AppContext): Promise<number> {
  return deleteEventIdsBefore(ctx.database.db, ctx.config.sunshine.eventRetentionDays);
}

/** What the agent taking over reads first: why, what the user said last, where the transcript is. */
async function handoffMetadata(ctx: AppContext, conversationId: string, state: unknown) {
  const reason = (await lastHandoffReason(ctx.database.db, conversationId)) ?? '';
  const transcript =
    typeof state === 'object' && state !== null && 'transcript' in state && Array.isArray(state.transcript)
      ? (state.transcript as { role: string; utterance: string }[])
      : [];
  const summary = transcript
    .filter((line) => line.role === 'user')
    .slice(-3)
    .map((line) => line.utterance)
    .join(' / ')
    .slice(0, 1000);
  return {
    reason: reason.slice(0, 500),
    summary,
    transcript: `${ctx.config.publicUrl.replace(/\/+$/, '')}/v2/inbox?conversationId=${conversationId}`,
  };
}

/** Stops an attempt whose next try was queued for when the suite's `Retry-After` says. */
class SentLater extends Error {
  override name = 'SentLater';
}

/** How long the suite asked to wait (its 429's `Retry-After`), bounded; null: not said. */
function retryAfterMs(ctx: AppContext, error: unknown): number | null {
  if (!(error instanceof SunshineApiError) || error.status !== 429 || error.retryAfterSeconds === null)
    return null;
  return Math.min(Math.max(error.retryAfterSeconds, 0), ctx.config.sunshine.retryAfterMaxSeconds) * 1000;
}

/**
 * One attempt at sending a conversation's new messages, then its pending change of control. The
 * queue runs one attempt per conversation at a time (its singleton key); each message is claimed
 * before its call and each piece of it recorded once out, so a piece whose call was under way
 * when a process stopped is skipped, never sent twice. Calls hold no connection or lock. A
 * rate limit with `Retry-After` queues the next attempt for then; a rate limit without it or a
 * failing suite throws for a retry with backoff; a refusal (4xx) is noted on the connection and
 * the message given up. `attempt` counts every try, those queued after a `Retry-After` too.
 */
export async function sendSunshineOutbound(
  ctx: AppContext,
  conversationId: string,
  attempt: number,
): Promise<void> {
  try {
    await sendAttempt(ctx, conversationId, attempt);
  } catch (error) {
    if (!(error instanceof SentLater)) throw error;
  }
}

async function sendAttempt(ctx: AppContext, conversationId: string, attempt: number): Promise<void> {
  const { db } = ctx.database;
  const out = await findOutbound(db, conversationId);
  if (!out) return;
  const client = sunshineClient(credentialsOf(ctx, out), ctx.outgoing);
  const lastAttempt = attempt > ctx.config.webhookRetries.limit;
  let { sentSeq, sentParts } = await resumeSending(
    db,
    TABLE,
    conversationId,
    out,
    (message) => sunshineContents(botMessageSchema.parse(message)).length,
  );
  const fail = async (error: unknown, what: string) => {
    await noteError(db, out.deployment_id, `${what}: ${ensureError(error).message}`);
    if (!transient(error) || lastAttempt) return;
    const waitMs = retryAfterMs(ctx, error);
    if (waitMs === null) throw new SunshineSendToRetry(`${what} (attempt ${attempt})`);
    // The suite said when: the next try is queued for then, this one ends.
    await queueSunshineSend(ctx, db, conversationId, {
      startAfter: new Date(Date.now() + waitMs),
      attempts: attempt,
    });
    throw new SentLater(what);
  };
  for (const message of await unsentMessages(db, conversationId, sentSeq)) {
    if (!(await claimMessage(db, TABLE, conversationId, message.seq))) return;
    const parsed = botMessageSchema.safeParse(message.message);
    const pieces = parsed.success ? sunshineContents(parsed.data) : [];
    for (let part = sentParts; part < pieces.length; part++) {
      try {
        await client.postMessage(out.sc_conversation_id, pieces[part] ?? { type: 'text', text: '' });
        await notePartSent(db, TABLE, conversationId, part + 1);
      } catch (error) {
        if (transient(error) && !lastAttempt) {
          await releaseMessage(db, TABLE, conversationId);
          await fail(error, `Message ${message.seq} was not sent`);
        }
        // Refused (or out of attempts): noted, said in the transcript, given up, and the next goes.
        const why = ensureError(error).message;
        await noteError(db, out.deployment_id, `Message ${message.seq} was not sent: ${why}`);
        await logNotDelivered(ctx, conversationId, {
          channel: 'sunshine',
          seq: message.seq,
          reason: 'refused',
          error: why,
        });
        break;
      }
    }
    await finishMessage(db, TABLE, conversationId, message.seq);
    sentParts = 0;
  }
  const pending = out.pending_control;
  if (pending) {
    try {
      if (pending === 'accept') {
        // Control was offered to Parley's switchboard integration: Parley takes it. The suite's
        // `switchboard:acceptControl` event that follows resumes the bot.
        await client.acceptControl(out.sc_conversation_id, { accepted: 'parley' });
      } else {
        const to = pending === 'parley' ? out.switchboard_integration_id : 'next';
        const metadata =
          to === 'next' ? await handoffMetadata(ctx, conversationId, out.state) : { reason: 'resumed' };
        await client.passControl(out.sc_conversation_id, to, metadata);
      }
    } catch (error) {
      await fail(error, pending === 'accept' ? 'Control was not accepted' : 'Control was not passed');
    }
    // Made, or given up: a change decided since (another turn's) stays for the next attempt.
    await clearPendingControl(db, conversationId, pending);
  }
}
