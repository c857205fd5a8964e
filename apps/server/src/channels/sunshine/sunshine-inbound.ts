import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { newConversationState, type TurnInput } from '@parley/engine';
import type { AppContext } from '../../context';
import { ensureError, NotFoundException, UnauthorizedException, ValidationException } from '../../errors';
import { markOpened } from '../../features/broadcasts/broadcasts.repository';
import { stripNul } from '../../features/conversations/chat.service';
import { insertConversation } from '../../features/conversations/conversations.repository';
import { rememberContext, runConversationTurn as turn } from '../../features/conversations/turn-runner';
import { isUuid } from '../../ids';
import { sunshineClient } from '../../integrations/sunshine/sunshine-client';
import type { JobPayloads } from '../../jobs/job-queue';
import {
  applyEvent,
  eventsToHandle,
  findScConversation,
  findWebhookConnection,
  insertScConversation,
  markEventHandled,
  markEventsFailed,
  noteError,
  recordEvents,
  setParleyInControl,
  setPendingControl,
} from './sunshine.repository';
import { credentialsOf, webhookBinding } from './sunshine-connect.service';
import { queueSunshineSend } from './sunshine-outbound';
import {
  isKnownType,
  type ScConversation,
  type ScUser,
  type SunshineEvent,
  sunshineBatchSchema,
  sunshinePayloads,
} from './sunshine-wire';

type Connection = NonNullable<Awaited<ReturnType<typeof findWebhookConnection>>>;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** When the suite says an event happened; null when it gave no time that reads as one. */
function timeOf(createdAt: string | undefined): Date | null {
  const ms = createdAt === undefined ? Number.NaN : Date.parse(createdAt);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/**
 * A webhook post from the suite: checked against the integration's shared secret (`X-API-Key`,
 * as the suite sends it), its events recorded by id with their time, and queued, in the order
 * they came, for the `sunshine-events` job. The suite retries: an event handled already is not
 * handled again, one whose handling failed is. Nothing is stored for a post that is not the
 * suite's (401) or not its shape (400).
 */
export async function acceptSunshineWebhook(
  ctx: AppContext,
  deploymentId: string,
  apiKey: string | undefined,
  body: unknown,
) {
  const { db } = ctx.database;
  if (!isUuid(deploymentId)) throw new NotFoundException('Deployment not found');
  const connection = await findWebhookConnection(db, deploymentId);
  if (!connection) throw new NotFoundException('This deployment is not connected to a messaging suite');
  const secret = ctx.secrets.open(connection.webhook_secret, webhookBinding(deploymentId));
  if (!apiKey || !timingSafeEqual(digest(apiKey), digest(secret)))
    throw new UnauthorizedException('The X-API-Key header does not carry this integration’s secret');
  const parsed = sunshineBatchSchema.safeParse(body);
  if (!parsed.success)
    throw new ValidationException(
      'The webhook body is not a batch of messaging-suite events',
      parsed.error.issues,
    );
  if (parsed.data.app.id !== connection.app_id)
    throw new ValidationException('These events are of another messaging-suite app');
  const { events } = parsed.data;
  // An id twice in one post is one event.
  const distinct = [...new Map(events.map((event) => [event.id, event])).values()];
  // One statement records the events and the status, one queues those to handle: one commit.
  const result = await db.transaction().execute(async (trx) => {
    const { toHandle, ignored } = await recordEvents(
      trx,
      deploymentId,
      distinct.map((event) => ({
        id: event.id,
        createdAt: timeOf(event.createdAt),
        ignored: !isKnownType(event.type),
      })),
    );
    const queued = distinct.filter((event) => toHandle.has(event.id));
    if (queued.length > 0) {
      await ctx.jobs.send(trx, 'sunshine-events', {
        deploymentId,
        events: queued.map(({ id, type, payload }) => ({ id, type, payload })),
      });
    }
    return { accepted: queued.length, duplicates: events.length - queued.length - ignored, ignored };
  });
  if (result.accepted > 0) ctx.jobs.wake('sunshine-events');
  return result;
}

/** `sc` as templates read it (spec §3): the conversation (with its user), the user, the content. */
function scContext(conversation: ScConversation, user: ScUser | undefined, content: unknown) {
  const scUser = user
    ? {
        id: user.id,
        externalId: user.externalId ?? null,
        profile: user.profile ?? {},
        signedUp: user.signedUpAt !== undefined,
        signedUpAt: user.signedUpAt ?? null,
      }
    : null;
  return {
    conversation: {
      id: conversation.id,
      type: conversation.type ?? null,
      brandId: conversation.brandId ?? null,
      metadata: conversation.metadata ?? {},
      user: scUser,
    },
    user: scUser,
    content: content ?? null,
    externalId: user?.externalId ?? null,
    brandId: conversation.brandId ?? null,
  };
}

/**
 * A suite conversation as an event left it: its Parley conversation, who is in control, its
 * status, whether this process's cached row of it holds the `sc` just written (its turn then needs
 * no read), whether the event was late (older than one applied before it: it changes nothing),
 * and whether it changed who is in control (and from whom, to undo it if its turn fails).
 */
interface Held {
  id: string;
  inControl: boolean;
  status: string;
  cached: boolean;
  late: boolean;
  changed: { from: boolean; at: Date | null } | null;
}

/** An event as its handling needs it: the suite's time of it, and who had control by it. */
interface Dated {
  at: Date | null;
  conversation: ScConversation;
}

/**
 * Whether Parley's switchboard integration has control by an event: what its conversation says,
 * or, for an event the suite gave no time (it cannot be ordered), what the suite says now; null
 * when it does not say (no switchboard).
 */
async function controlBy(ctx: AppContext, connection: Connection, { at, conversation }: Dated) {
  const active =
    at === null
      ? await sunshineClient(credentialsOf(ctx, connection), ctx.outgoing).activeSwitchboardIntegration(
          conversation.id,
        )
      : (conversation.activeSwitchboardIntegration?.id ?? null);
  return active === null ? null : active === connection.switchboard_integration_id;
}

/**
 * Applies an event to the Parley conversation of its suite conversation (made on its first
 * event), in the order the suite wrote them: a late event (older than the newest applied) changes
 * neither control nor the `sc` context, and the caller keeps its message without the bot.
 * Undefined for a suite conversation Parley does not hold, when `create` is false.
 */
async function apply(
  ctx: AppContext,
  connection: Connection,
  dated: Dated,
  user: ScUser | undefined,
  content: unknown,
  create = true,
): Promise<Held | undefined> {
  const { db } = ctx.database;
  const { at, conversation } = dated;
  const sc = scContext(conversation, user, content);
  const inControl = await controlBy(ctx, connection, dated);
  const found = await applyEvent(db, connection.deployment_id, conversation.id, { at, inControl, sc });
  if (found && !found.applied)
    return {
      id: found.conversationId,
      inControl: false,
      status: '',
      cached: false,
      late: true,
      changed: null,
    };
  if (found?.applied)
    return {
      id: found.conversationId,
      inControl: found.inControl,
      status: found.status,
      cached: rememberContext(ctx, found.conversationId, 'sc', sc),
      late: false,
      changed: found.inControl === found.wasInControl ? null : { from: found.wasInControl, at },
    };
  if (!create) return undefined;
  const name = [user?.profile?.givenName, user?.profile?.surname].filter(Boolean).join(' ');
  const id = await db.transaction().execute(async (trx) => {
    const conversationId = await insertConversation(trx, {
      company_id: connection.company_id,
      bot_id: connection.bot_id,
      deployment_id: connection.deployment_id,
      // Nobody holds a token: the suite's secret is what proves an event is the suite's.
      token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      status: 'new',
      state: newConversationState(),
      channel: 'sunshine',
      user_info: {
        ...(user ? { id: user.externalId ?? user.id } : {}),
        ...(name ? { name } : {}),
        ...(user?.profile?.email ? { email: user.profile.email } : {}),
      },
      context: { sc },
      page_domain: null,
      url: null,
      language: null,
    });
    await insertScConversation(trx, {
      conversation_id: conversationId,
      deployment_id: connection.deployment_id,
      company_id: connection.company_id,
      sc_conversation_id: conversation.id,
      parley_in_control: inControl ?? true,
      last_event_at: at,
    });
    return conversationId;
  });
  return { id, inControl: inControl ?? true, status: 'new', cached: false, late: false, changed: null };
}

/**
 * A change of control an event made is a turn of its own: the agent workspace taking over
 * silences the bot (handoff); control coming back resumes the bot at its handoff module's resume
 * port. Both show in the inbox. If that turn fails, the change is undone (unless a newer event
 * applied since), so the event's retry makes it again, turn and all.
 */
async function controlTurn(ctx: AppContext, held: Held, conversation: ScConversation): Promise<void> {
  if (!held.changed) return;
  const active = conversation.activeSwitchboardIntegration;
  // The inbox names who took over: Zendesk's agent workspace by its product name, others by theirs.
  const agent =
    active?.integrationType === 'zd:agentWorkspace'
      ? 'Zendesk Agent Workspace'
      : (active?.name ?? active?.id ?? 'another integration');
  try {
    await turn(ctx, held.id, {
      // Back to the bot: the event names Parley's own integration, not who let go, so no name is given.
      input: held.inControl ? { type: 'resume' } : { type: 'handoff', agent },
      incoming: null,
      fresh: true,
    });
  } catch (error) {
    const { from, at } = held.changed;
    await setParleyInControl(ctx.database.db, held.id, from, at ?? undefined);
    throw error;
  }
}

/**
 * A user's words reach the bot only while Parley is in control; otherwise they are kept,
 * silently. A late message (written before the newest event applied) is only kept. The
 * message's id in the suite (or its event's) makes a retry of it store and answer nothing twice.
 */
async function userTurn(ctx: AppContext, held: Held, input: TurnInput, text: string, messageId: string) {
  const incoming = { role: 'user' as const, text: stripNul(text), clientMessageId: `sunshine:${messageId}` };
  if (held.late) {
    await turn(ctx, held.id, { input, incoming, keepOnly: true, fresh: true });
    return;
  }
  // Control is elsewhere but the conversation does not know yet (a change just made told it).
  if (!held.inControl && !held.changed && held.status !== 'human')
    await turn(ctx, held.id, { input: { type: 'handoff' }, incoming: null, fresh: true });
  // The `sc` context was just written: the cached row holds it too, or the turn reads it.
  await turn(ctx, held.id, { input, incoming, fresh: !held.cached || held.changed !== null });
}

async function handleEvent(
  ctx: AppContext,
  connection: Connection,
  event: SunshineEvent,
  at: Date | null,
): Promise<void> {
  if (!isKnownType(event.type)) return;
  const schema = sunshinePayloads[event.type];
  const parsed = schema.safeParse(event.payload);
  if (!parsed.success) {
    await noteError(
      ctx.database.db,
      connection.deployment_id,
      `A ${event.type} event (${event.id}) was malformed and skipped`,
    );
    return;
  }
  switch (event.type) {
    case 'conversation:message': {
      const { conversation, message } = sunshinePayloads[event.type].parse(event.payload);
      // The business's own messages (Parley's, the agents') come back too: only users' run turns.
      if (message.author.type !== 'user') return;
      const { content } = message;
      const held = await apply(ctx, connection, { at, conversation }, message.author.user, content);
      if (!held) return;
      await controlTurn(ctx, held, conversation);
      const text = content.text ?? content.altText ?? content.mediaUrl ?? `[${content.type}]`;
      const input: TurnInput = content.payload
        ? { type: 'postback', payload: stripNul(content.payload), label: stripNul(text) }
        : { type: 'text', text: stripNul(text) };
      await userTurn(ctx, held, input, text, message.id ?? event.id);
      return;
    }
    case 'conversation:postback': {
      const { conversation, postback, user } = sunshinePayloads[event.type].parse(event.payload);
      const held = await apply(ctx, connection, { at, conversation }, user, postback);
      if (!held) return;
      await controlTurn(ctx, held, conversation);
      const label = postback.text ?? postback.payload;
      await userTurn(
        ctx,
        held,
        { type: 'postback', payload: stripNul(postback.payload), label: stripNul(label) },
        label,
        event.id,
      );
      return;
    }
    case 'conversation:create': {
      const { conversation, creationReason, user } = sunshinePayloads[event.type].parse(event.payload);
      // The widget was opened (spec §4): the bot speaks first, as for a first message.
      if (creationReason !== 'startConversation') return;
      const held = await apply(ctx, connection, { at, conversation }, user, null);
      if (!held || held.late) return;
      await controlTurn(ctx, held, conversation);
      if (!held.inControl || held.changed || held.status !== 'new') return;
      await turn(ctx, held.id, { input: { type: 'start' }, incoming: null, fresh: true });
      return;
    }
    case 'conversation:read': {
      // Only the user's reads: the business reading (an agent's desk) says nothing of the contact.
      const { conversation, activity } = sunshinePayloads[event.type].parse(event.payload);
      if (activity && activity.author.type !== 'user') return;
      const found = await findScConversation(ctx.database.db, connection.deployment_id, conversation.id);
      if (found) await markOpened(ctx.database.db, found.conversation_id, null);
      return;
    }
    case 'switchboard:offerControl': {
      // Offered to Parley's own switchboard integration: Parley accepts (through the sender, so a
      // rate limit or a failing suite is retried), and the suite's acceptControl resumes the bot.
      const { conversation } = sunshinePayloads[event.type].parse(event.payload);
      if (conversation.pendingSwitchboardIntegration?.id !== connection.switchboard_integration_id) return;
      const held = await apply(ctx, connection, { at, conversation }, undefined, null);
      // An offer older than what happened since is not one to take up.
      if (!held || held.late) return;
      await controlTurn(ctx, held, conversation);
      await ctx.database.db.transaction().execute(async (trx) => {
        await setPendingControl(trx, held.id, 'accept');
        await queueSunshineSend(ctx, trx, held.id);
      });
      ctx.jobs.wake('sunshine-outbound');
      return;
    }
    default: {
      // Switchboard events: a conversation new to Parley (an agent passed it over) is left alone.
      const { conversation } = sunshinePayloads[event.type].parse(event.payload);
      const held = await apply(ctx, connection, { at, conversation }, undefined, null, false);
      if (held && !held.late) await controlTurn(ctx, held, conversation);
    }
  }
}

/** Thrown so the queue tries a post's events again: some failed (they are noted on the connection). */
export class SunshineEventsToRetry extends Error {
  override name = 'SunshineEventsToRetry';
}

/** The suite conversation an event is of (to keep one conversation's events in order). */
function conversationOf(event: SunshineEvent): string | undefined {
  const conversation = event.payload.conversation;
  if (typeof conversation !== 'object' || conversation === null || !('id' in conversation)) return undefined;
  return typeof conversation.id === 'string' ? conversation.id : undefined;
}

/**
 * Handles a webhook post's events not handled yet, in order, each recorded as handled when it
 * is. One that fails (a turn that failed to store, the suite away) is noted on the connection,
 * and its conversation's later events wait with it (so they still come after it); the others go
 * on. Then the job fails, so the queue tries the waiting ones again with backoff; the suite's own
 * retry of one is handled too. A malformed event is noted and counts as handled.
 */
export async function handleSunshineEvents(
  ctx: AppContext,
  job: JobPayloads['sunshine-events'],
): Promise<void> {
  const { db } = ctx.database;
  const connection = await findWebhookConnection(db, job.deploymentId);
  // The deployment was removed or disconnected since: nothing to answer with.
  if (!connection) return;
  const waiting = await eventsToHandle(
    db,
    job.deploymentId,
    job.events.map((event) => event.id),
  );
  const failed: string[] = [];
  const held = new Set<string>();
  for (const event of job.events) {
    if (!waiting.has(event.id)) continue;
    const scConversationId = conversationOf(event);
    if (scConversationId !== undefined && held.has(scConversationId)) {
      failed.push(event.id);
      continue;
    }
    try {
      await handleEvent(ctx, connection, event, waiting.get(event.id) ?? null);
      await markEventHandled(db, job.deploymentId, event.id);
    } catch (error) {
      failed.push(event.id);
      if (scConversationId !== undefined) held.add(scConversationId);
      await noteError(
        db,
        connection.deployment_id,
        `Event ${event.id} (${event.type}) failed: ${ensureError(error).message}`,
      );
    }
  }
  if (failed.length === 0) return;
  await markEventsFailed(db, job.deploymentId, failed);
  throw new SunshineEventsToRetry(`${failed.length} messaging-suite event(s) to try again`);
}
