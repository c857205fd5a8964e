import { botMessageSchema, EVENT } from '@parley/contracts';
import type { AppContext, StoredTurn } from '../../context';
import { ensureError } from '../../errors';
import { OutgoingCallError } from '../../integrations/http/guarded-http';
import { SunshineApiError, sunshineClient } from '../../integrations/sunshine/sunshine-client';
import {
  claimMessage,
  findOutbound,
  finishMessage,
  lastHandoffReason,
  noteError,
  notePartSent,
  releaseMessage,
  setPendingControl,
  unsentMessages,
} from './sunshine.repository';
import { credentialsOf } from './sunshine-connect.service';
import { sunshineContents } from './sunshine-messages';

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

/**
 * After a stored turn of a messaging-suite conversation: its messages (the bot's, an agent's) are
 * queued for sending, and a pass of control Parley decided is noted to follow them (the bot's
 * handoff or an inbox agent taking over: to the switchboard's next integration; the inbox giving
 * the conversation back: to Parley's own). Control changes the suite made come in as events and
 * pass nothing back.
 */
export function queueSunshineOutbound(ctx: AppContext, { conversation: row, request, outcome }: StoredTurn) {
  if (row.channel !== 'sunshine') return;
  const handedOff =
    outcome.events.some((event) => event.name === EVENT.HandoffRequested) ||
    (request.input.type === 'handoff' && typeof request.agentId === 'string');
  const givenBack = request.input.type === 'resume' && request.agentId === null;
  const pass = handedOff ? 'next' : givenBack ? 'parley' : null;
  const speaks = outcome.messages.some((message) => message.role !== 'user');
  if (!pass && !speaks) return;
  void (async () => {
    if (pass) await setPendingControl(ctx.database.db, row.id, pass);
    const { limit, delaySeconds } = ctx.config.webhookRetries;
    await ctx.jobs.send(
      ctx.database.db,
      'sunshine-outbound',
      { conversationId: row.id },
      { singletonKey: row.id, retry: { retryLimit: limit, retryDelaySeconds: delaySeconds } },
    );
    ctx.jobs.wake('sunshine-outbound');
  })().catch((error: unknown) =>
    // The next turn's job sends what this one could not queue.
    noteError(
      ctx.database.db,
      row.deployment_id,
      `Sending was not queued: ${ensureError(error).message}`,
    ).catch(() => {}),
  );
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

/**
 * One attempt at sending a conversation's new messages, then its pending pass of control. The
 * queue runs one attempt per conversation at a time (its singleton key); each message is claimed
 * before its call and each piece of it recorded once out, so a piece whose call was under way
 * when a process stopped is skipped, never sent twice. Calls hold no connection or lock. A
 * rate limit or a failing suite throws for a retry with backoff; a refusal (4xx) is noted on the
 * connection and the message given up.
 */
export async function sendSunshineOutbound(
  ctx: AppContext,
  conversationId: string,
  attempt: number,
): Promise<void> {
  const { db } = ctx.database;
  const out = await findOutbound(db, conversationId);
  if (!out) return;
  const client = sunshineClient(credentialsOf(ctx, out), ctx.outgoing);
  const lastAttempt = attempt > ctx.config.webhookRetries.limit;
  let sentParts = out.sent_parts;
  let sentSeq = out.sent_seq;
  if (out.sending_seq !== null) {
    // The attempt before stopped during a call: that piece may be out, and is not sent again.
    const [stale] = await unsentMessages(db, conversationId, out.sending_seq - 1);
    const pieces = stale ? sunshineContents(botMessageSchema.parse(stale.message)).length : 0;
    sentParts += 1;
    if (sentParts >= pieces) {
      await finishMessage(db, conversationId, out.sending_seq);
      sentSeq = out.sending_seq;
      sentParts = 0;
    } else {
      await notePartSent(db, conversationId, sentParts);
      await releaseMessage(db, conversationId);
    }
  }
  const fail = async (error: unknown, what: string) => {
    await noteError(db, out.deployment_id, `${what}: ${ensureError(error).message}`);
    if (transient(error) && !lastAttempt) throw new SunshineSendToRetry(`${what} (attempt ${attempt})`);
  };
  for (const message of await unsentMessages(db, conversationId, sentSeq)) {
    if (!(await claimMessage(db, conversationId, message.seq))) return;
    const parsed = botMessageSchema.safeParse(message.message);
    const pieces = parsed.success ? sunshineContents(parsed.data) : [];
    for (let part = sentParts; part < pieces.length; part++) {
      try {
        await client.postMessage(out.sc_conversation_id, pieces[part] ?? { type: 'text', text: '' });
        await notePartSent(db, conversationId, part + 1);
      } catch (error) {
        if (transient(error) && !lastAttempt) {
          await releaseMessage(db, conversationId);
          await fail(error, `Message ${message.seq} was not sent`);
        }
        // Refused (or out of attempts): noted, given up, and the next message goes.
        await noteError(
          db,
          out.deployment_id,
          `Message ${message.seq} was not sent: ${ensureError(error).message}`,
        );
        break;
      }
    }
    await finishMessage(db, conversationId, message.seq);
    sentParts = 0;
  }
  if (out.pending_control) {
    const to = out.pending_control === 'parley' ? out.switchboard_integration_id : 'next';
    try {
      const metadata =
        to === 'next' ? await handoffMetadata(ctx, conversationId, out.state) : { reason: 'resumed' };
      await client.passControl(out.sc_conversation_id, to, metadata);
    } catch (error) {
      await fail(error, 'Control was not passed');
    }
    await setPendingControl(db, conversationId, null);
  }
}
