import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { newConversationState, type TurnInput } from '@parley/engine';
import type { AppContext } from '../../context';
import { NotFoundException, UnauthorizedException, ValidationException } from '../../errors';
import { markOpened } from '../../features/broadcasts/broadcasts.repository';
import { stripNul } from '../../features/conversations/chat.service';
import { insertConversation } from '../../features/conversations/conversations.repository';
import { rememberContext, runConversationTurn as turn } from '../../features/conversations/turn-runner';
import { isUuid } from '../../ids';
import type { JobPayloads } from '../../jobs/job-queue';
import {
  findScConversation,
  findWebhookConnection,
  insertScConversation,
  noteError,
  recordEvents,
  setParleyInControl,
  setPendingControl,
  updateScContext,
} from './sunshine.repository';
import { webhookBinding } from './sunshine-connect.service';
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

/**
 * A webhook post from the suite: checked against the integration's shared secret (`X-API-Key`,
 * as the suite sends it), its events recorded by id (the suite retries: a known id is not
 * handled again) and queued, in the order they came, for the `sunshine-events` job. Nothing is
 * stored for a post that is not the suite's (401) or not its shape (400).
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
  const known = events.filter((event) => isKnownType(event.type));
  const ignoredIds = events.filter((event) => !isKnownType(event.type)).map((event) => event.id);
  // One statement records the ids and the status, one queues the new events: one commit.
  const result = await db.transaction().execute(async (trx) => {
    const fresh = await recordEvents(
      trx,
      deploymentId,
      events.map((event) => event.id),
      ignoredIds,
    );
    const ignored = ignoredIds.filter((id) => fresh.has(id)).length;
    const queued = known.filter((event) => fresh.has(event.id));
    if (queued.length > 0) {
      await ctx.jobs.send(trx, 'sunshine-events', {
        deploymentId,
        events: queued.map(({ id, type, payload }) => ({ id, type, payload })),
      });
    }
    return { accepted: queued.length, duplicates: events.length - fresh.size, ignored };
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
 * A suite conversation as Parley holds it: its conversation, who is in control, its status, and
 * whether this process's cached row of it holds the `sc` just written (its turn then needs no read).
 */
interface Held {
  id: string;
  inControl: boolean;
  status: string;
  cached: boolean;
}

/**
 * The Parley conversation of a suite conversation (made on its first event), its `sc` updated:
 * one statement for a known one.
 */
async function conversationFor(
  ctx: AppContext,
  connection: Connection,
  conversation: ScConversation,
  user: ScUser | undefined,
  content: unknown,
): Promise<Held> {
  const { db } = ctx.database;
  const sc = scContext(conversation, user, content);
  const found = await updateScContext(db, connection.deployment_id, conversation.id, sc);
  if (found)
    return {
      id: found.conversation_id,
      inControl: found.parley_in_control,
      status: found.status,
      cached: rememberContext(ctx, found.conversation_id, 'sc', sc),
    };
  const active = conversation.activeSwitchboardIntegration;
  const inControl = active === undefined || active.id === connection.switchboard_integration_id;
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
      parley_in_control: inControl,
    });
    return conversationId;
  });
  return { id, inControl, status: 'new', cached: false };
}

/**
 * Who is in control, as the event says (its conversation's active switchboard integration). A
 * change is a turn of its own: the agent workspace taking over silences the bot (handoff); control
 * coming back resumes the bot at its handoff module's resume port. Both show in the inbox.
 */
async function syncControl(
  ctx: AppContext,
  connection: Connection,
  held: Held,
  conversation: ScConversation,
): Promise<Held & { synced: boolean }> {
  const active = conversation.activeSwitchboardIntegration;
  if (!active) return { ...held, synced: false };
  const ours = active.id === connection.switchboard_integration_id;
  const conversationId = held.id;
  if (ours === held.inControl || !(await setParleyInControl(ctx.database.db, conversationId, ours)))
    return { ...held, synced: false };
  // The inbox names who took over: Zendesk's agent workspace by its product name, others by theirs.
  const agent =
    active.integrationType === 'zd:agentWorkspace' ? 'Zendesk Agent Workspace' : (active.name ?? active.id);
  await turn(ctx, conversationId, {
    // Back to the bot: the event names Parley's own integration, not who let go, so no name is given.
    input: ours ? { type: 'resume' } : { type: 'handoff', agent },
    incoming: null,
    fresh: true,
  });
  return { ...held, inControl: ours, synced: true };
}

/** A user's words reach the bot only while Parley is in control; otherwise they are kept, silently. */
async function userTurn(ctx: AppContext, held: Held & { synced: boolean }, input: TurnInput, text: string) {
  // Control is elsewhere but the conversation does not know yet (a change just synced told it).
  if (!held.inControl && !held.synced && held.status !== 'human')
    await turn(ctx, held.id, { input: { type: 'handoff' }, incoming: null, fresh: true });
  // The `sc` context was just written: the cached row holds it too, or the turn reads it.
  await turn(ctx, held.id, {
    input,
    incoming: { role: 'user', text: stripNul(text) },
    fresh: !held.cached || held.synced,
  });
}

async function handleEvent(ctx: AppContext, connection: Connection, event: SunshineEvent): Promise<void> {
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
      const held = await conversationFor(ctx, connection, conversation, message.author.user, content);
      const synced = await syncControl(ctx, connection, held, conversation);
      const text = content.text ?? content.altText ?? content.mediaUrl ?? `[${content.type}]`;
      const input: TurnInput = content.payload
        ? { type: 'postback', payload: stripNul(content.payload), label: stripNul(text) }
        : { type: 'text', text: stripNul(text) };
      await userTurn(ctx, synced, input, text);
      return;
    }
    case 'conversation:postback': {
      const { conversation, postback, user } = sunshinePayloads[event.type].parse(event.payload);
      const held = await conversationFor(ctx, connection, conversation, user, postback);
      const synced = await syncControl(ctx, connection, held, conversation);
      const label = postback.text ?? postback.payload;
      await userTurn(
        ctx,
        synced,
        { type: 'postback', payload: stripNul(postback.payload), label: stripNul(label) },
        label,
      );
      return;
    }
    case 'conversation:create': {
      const { conversation, creationReason, user } = sunshinePayloads[event.type].parse(event.payload);
      // The widget was opened (spec §4): the bot speaks first, as for a first message.
      if (creationReason !== 'startConversation') return;
      const held = await syncControl(
        ctx,
        connection,
        await conversationFor(ctx, connection, conversation, user, null),
        conversation,
      );
      if (!held.inControl || held.synced || held.status !== 'new') return;
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
      const found = await findScConversation(ctx.database.db, connection.deployment_id, conversation.id);
      const id =
        found?.conversation_id ?? (await conversationFor(ctx, connection, conversation, undefined, null)).id;
      await ctx.database.db.transaction().execute(async (trx) => {
        await setPendingControl(trx, id, 'accept');
        await queueSunshineSend(ctx, trx, id);
      });
      ctx.jobs.wake('sunshine-outbound');
      return;
    }
    default: {
      // Switchboard events: the conversation may be new to Parley (an agent passed it over).
      const { conversation } = sunshinePayloads[event.type].parse(event.payload);
      const found = await findScConversation(ctx.database.db, connection.deployment_id, conversation.id);
      if (!found) return;
      await syncControl(
        ctx,
        connection,
        { id: found.conversation_id, inControl: found.parley_in_control, status: '', cached: false },
        conversation,
      );
    }
  }
}

/**
 * Handles a webhook post's new events in order. One event's failure (a malformed payload, a
 * turn that failed) is noted on the connection and does not hold the others up; the job is not
 * retried for it, since a retry would run the events already handled again.
 */
export async function handleSunshineEvents(
  ctx: AppContext,
  job: JobPayloads['sunshine-events'],
): Promise<void> {
  const connection = await findWebhookConnection(ctx.database.db, job.deploymentId);
  // The deployment was removed or disconnected since: nothing to answer with.
  if (!connection) return;
  for (const event of job.events) {
    try {
      await handleEvent(ctx, connection, { ...event, createdAt: undefined });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await noteError(
        ctx.database.db,
        connection.deployment_id,
        `Event ${event.id} (${event.type}) failed: ${message}`,
      );
    }
  }
}
