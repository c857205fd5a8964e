import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { newConversationState, type TurnInput } from '@parley/engine';
import secureJson from 'secure-json-parse';
import type { AppContext } from '../../context';
import { NotFoundException, UnauthorizedException, ValidationException } from '../../errors';
import { markMessengerReceipt } from '../../features/broadcasts/broadcasts.repository';
import { stripNul } from '../../features/conversations/chat.service';
import { insertConversation } from '../../features/conversations/conversations.repository';
import { runConversationTurn as turn } from '../../features/conversations/turn-runner';
import { isUuid } from '../../ids';
import { GraphApiError, type GraphProfile } from '../../integrations/graph/graph-client';
import type { JobPayloads } from '../../jobs/job-queue';
import {
  findPsidConversation,
  findWebhookConnection,
  insertPsidConversation,
  markDisconnected,
  noteError,
  noteEvent,
  noteThreadOwner,
  recordMids,
  touchPsidConversation,
} from './messenger.repository';
import { appSecretBinding, graphOf } from './messenger-connect.service';
import { inboundEvents, type MessengerInbound, messengerWebhookSchema } from './messenger-wire';

type Connection = NonNullable<Awaited<ReturnType<typeof findWebhookConnection>>>;

/** `X-Hub-Signature-256` is `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
function signatureMatches(rawBody: string, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A webhook post from Meta: its signature checked against the app secret (401, nothing stored,
 * when it does not match), its delivery and read receipts noted on the broadcasts they reach, its
 * messaging events recorded by message id (Meta sends a post again
 * until answered: a known id is not handled again) and queued, in order, for the
 * `messenger-events` job, so the post is answered at once.
 */
export async function acceptMessengerWebhook(
  ctx: AppContext,
  deploymentId: string,
  signature: string | undefined,
  rawBody: string,
) {
  const { db } = ctx.database;
  if (!isUuid(deploymentId)) throw new NotFoundException('Deployment not found');
  const connection = await findWebhookConnection(db, deploymentId);
  if (!connection) throw new NotFoundException('This deployment is not connected to a Facebook Page');
  const appSecret = ctx.secrets.open(connection.app_secret, appSecretBinding(deploymentId));
  if (!signatureMatches(rawBody, signature, appSecret))
    throw new UnauthorizedException('X-Hub-Signature-256 is not this app’s signature of the body');
  let body: unknown;
  try {
    body = secureJson.parse(rawBody, undefined, { protoAction: 'remove', constructorAction: 'remove' });
  } catch {
    throw new ValidationException('The webhook body is not valid JSON');
  }
  const parsed = messengerWebhookSchema.safeParse(body);
  if (!parsed.success)
    throw new ValidationException('The webhook body is not a Page’s messaging events', parsed.error.issues);
  const { events, receipts, ignored } = inboundEvents(parsed.data, connection.page_id);
  const result = await db.transaction().execute(async (trx) => {
    // Receipts are a statement each and may come again in any order (a watermark only moves
    // recipients forward): noted here, not queued.
    for (const receipt of receipts)
      await markMessengerReceipt(trx, {
        deploymentId,
        psid: receipt.psid,
        watermark: new Date(receipt.watermark),
        read: receipt.read,
      });
    const fresh = await recordMids(
      trx,
      deploymentId,
      events.map((event) => event.mid),
    );
    await noteEvent(trx, deploymentId);
    // One post may carry the same message twice too: each goes once.
    const queued = events.filter((event) => fresh.delete(event.mid));
    if (queued.length > 0) await ctx.jobs.send(trx, 'messenger-events', { deploymentId, events: queued });
    return {
      accepted: queued.length,
      duplicates: events.length - queued.length,
      ignored,
      receipts: receipts.length,
    };
  });
  if (result.accepted > 0) ctx.jobs.wake('messenger-events');
  return result;
}

/** Marks the channel disconnected when Graph refused the Page token (code 190). */
export async function noteGraphFailure(ctx: AppContext, deploymentId: string, error: unknown, what: string) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof GraphApiError && error.kind === 'token-invalid')
    await markDisconnected(
      ctx.database.db,
      deploymentId,
      `Facebook refused the Page access token: ${message}`,
    );
  await noteError(ctx.database.db, deploymentId, `${what}: ${message}`);
}

/**
 * The Parley conversation of a person writing to the Page (made on their first message, with
 * their name and picture from the User Profile API, asked before any row is written), and
 * whether an agent has it; the time they wrote is noted for the 24-hour window.
 */
async function conversationFor(ctx: AppContext, connection: Connection, event: MessengerInbound) {
  const { db } = ctx.database;
  const wroteAt = new Date(Math.min(event.timestamp, Date.now()));
  const found = await touchPsidConversation(db, connection.deployment_id, event.psid, wroteAt);
  if (found)
    return {
      id: found.conversation_id,
      status: found.status,
      threadOwner: found.thread_owner_app_id,
      threadChangedAt: found.thread_changed_at,
    };
  let profile: GraphProfile = {};
  if (!connection.disconnected_at) {
    try {
      profile = await graphOf(ctx, connection).profile(event.psid);
    } catch (error) {
      // The conversation goes on without a name (a person may not share their profile).
      await noteGraphFailure(ctx, connection.deployment_id, error, 'The person’s profile was not read');
    }
  }
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const linked = await db
    .transaction()
    .execute(async (trx) => {
      const conversationId = await insertConversation(trx, {
        company_id: connection.company_id,
        bot_id: connection.bot_id,
        deployment_id: connection.deployment_id,
        // Nobody holds a token: the app secret's signature is what proves an event is Meta's.
        token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        status: 'new',
        state: newConversationState(),
        channel: 'messenger',
        user_info: {
          id: event.psid,
          ...(name ? { name } : {}),
          ...(profile.profile_pic ? { picture: profile.profile_pic } : {}),
        },
        context: {
          messenger: { psid: event.psid, pageId: connection.page_id, pageName: connection.page_name },
        },
        page_domain: null,
        url: null,
        language: null,
      });
      const inserted = await insertPsidConversation(trx, {
        conversation_id: conversationId,
        deployment_id: connection.deployment_id,
        company_id: connection.company_id,
        psid: event.psid,
        last_user_message_at: wroteAt,
      });
      if (!inserted) throw new Error('linked meanwhile');
      return conversationId;
    })
    .catch(async () => {
      // Another post made this person's conversation meanwhile: that one is theirs.
      const again = await touchPsidConversation(db, connection.deployment_id, event.psid, wroteAt);
      if (!again) throw new Error('The person’s conversation could not be made');
      return again;
    });
  return typeof linked === 'string'
    ? { id: linked, status: 'new', threadOwner: null, threadChangedAt: null }
    : {
        id: linked.conversation_id,
        status: linked.status,
        threadOwner: linked.thread_owner_app_id,
        threadChangedAt: linked.thread_changed_at,
      };
}

/**
 * The handover protocol (`messaging_handovers`): the thread passed to Parley (the bot answers
 * again), taken by another app such as the Page inbox (the bot falls silent), or asked for by one:
 * Parley passes it (`/me/pass_thread_control`) unless an inbox agent of Parley has the
 * conversation. An event older than the last one applied changes nothing.
 */
async function handleHandover(ctx: AppContext, connection: Connection, event: MessengerInbound) {
  const { db } = ctx.database;
  const held = await findPsidConversation(db, connection.deployment_id, event.psid);
  if (!held) return;
  const at = new Date(event.timestamp);
  if (event.kind === 'pass') await noteThreadOwner(db, held.conversation_id, null, at);
  else if (event.kind === 'take')
    await noteThreadOwner(db, held.conversation_id, event.appId ?? 'unknown', at);
  else if (
    event.kind === 'request' &&
    event.appId &&
    held.status !== 'human' &&
    !connection.disconnected_at
  ) {
    if (held.thread_changed_at && held.thread_changed_at > at) return;
    try {
      await graphOf(ctx, connection).passThreadControl(
        event.psid,
        event.appId,
        event.metadata ? `Passed on request: ${event.metadata}` : 'Passed on request',
      );
      await noteThreadOwner(db, held.conversation_id, event.appId, at);
    } catch (error) {
      await noteGraphFailure(ctx, connection.deployment_id, error, 'The thread was not passed on request');
    }
  }
}

async function handleEvent(ctx: AppContext, connection: Connection, event: MessengerInbound): Promise<void> {
  if (event.kind === 'pass' || event.kind === 'take' || event.kind === 'request')
    return handleHandover(ctx, connection, event);
  const held = await conversationFor(ctx, connection, event);
  if (held.threadOwner !== null) {
    // Another app holds the thread: a message from before it took it (late, replayed) is not the
    // bot's to answer. A newer one on this channel means Meta gave Parley the thread back.
    if (held.threadChangedAt && event.timestamp <= held.threadChangedAt.getTime()) return;
    await noteThreadOwner(ctx.database.db, held.id, null, new Date(event.timestamp));
  }
  // The typing bubble while the bot works its answer out (an agent types for themself).
  if (held.status !== 'human' && !connection.disconnected_at) {
    try {
      await graphOf(ctx, connection).senderAction(event.psid, 'typing_on');
    } catch (error) {
      await noteGraphFailure(ctx, connection.deployment_id, error, 'The typing indicator was not shown');
    }
  }
  const text = stripNul(event.text);
  const input: TurnInput =
    event.kind === 'postback'
      ? { type: 'postback', payload: stripNul(event.payload ?? text), label: text }
      : { type: 'text', text };
  await turn(ctx, held.id, { input, incoming: { role: 'user', text }, fresh: true });
}

/**
 * Handles a webhook post's new events in order. One event's failure is noted on the connection
 * and does not hold the others up; the job is not retried for it, since a retry would run the
 * events already handled again.
 */
export async function handleMessengerEvents(ctx: AppContext, job: JobPayloads['messenger-events']) {
  const connection = await findWebhookConnection(ctx.database.db, job.deploymentId);
  if (!connection) return;
  for (const event of job.events) {
    try {
      await handleEvent(ctx, connection, event);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await noteError(ctx.database.db, connection.deployment_id, `Message ${event.mid} failed: ${message}`);
    }
  }
}
