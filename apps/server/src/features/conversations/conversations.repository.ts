import { type BotMessage, type ChatMessage, EVENT } from '@parley/contracts';
import type { ConversationState, EngineEvent } from '@parley/engine';
import type { Flow } from '@parley/flow';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { PendingTurn } from './pending-turn';

export interface NewConversation {
  company_id: string;
  bot_id: string;
  deployment_id: string;
  token_hash: string;
  status: string;
  state: unknown;
  channel: string;
  user_info: Record<string, unknown>;
  context: Record<string, unknown>;
  page_domain: string | null;
  url: string | null;
}

/** A new conversation, and what the inbox's user search looks in, in one statement. */
export async function insertConversation(db: Queryable, conversation: NewConversation): Promise<string> {
  const row = await db
    .with('conversation', (cte) =>
      cte
        .insertInto('conversations')
        .values({
          ...conversation,
          state: JSON.stringify(conversation.state),
          user_info: JSON.stringify(conversation.user_info),
          context: JSON.stringify(conversation.context),
        })
        .returning('id'),
    )
    .insertInto('conversation_visitors')
    .columns(['conversation_id', 'search'])
    .expression((eb) =>
      eb
        .selectFrom('conversation')
        .select([
          'conversation.id',
          sql<string>`${visitorSearchText(conversation.user_info)}::text`.as('search'),
        ]),
    )
    .returning('conversation_id as id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const visitorSearchText = (user: Record<string, unknown>) =>
  [user.name, user.email, user.id].filter((part) => typeof part === 'string' && part).join(' ');

/** What a turn needs, in one read: the conversation, where it runs, and which flow serves it. */
export async function loadForTurn(db: Queryable, conversationId: string) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('deployments as d', 'd.id', 'c.deployment_id')
    .innerJoin('bots as b', 'b.id', 'c.bot_id')
    .select([
      'c.id',
      'c.company_id',
      'c.bot_id',
      'c.deployment_id',
      'c.token_hash',
      'c.state',
      'c.channel',
      'c.context',
      'c.page_domain',
      'c.url',
      'c.expires_at',
      'c.status',
      'c.agent_id',
      'c.pending_owner',
      // Judged by the database's clock, which every process shares.
      sql<boolean>`coalesce(c.pending_until < now(), false)`.as('pending_expired'),
      'd.version as deployment_version',
      'd.deleted_at as deployment_deleted_at',
      'b.updated_at as bot_updated_at',
    ])
    .where('c.id', '=', conversationId)
    .executeTakeFirst();
}

export type TurnRow = NonNullable<Awaited<ReturnType<typeof loadForTurn>>>;

export async function findDraftFlow(
  db: Queryable,
  botId: string,
): Promise<{ flow: Flow; updatedAt: Date } | undefined> {
  const row = await db
    .selectFrom('bots')
    .select(['draft_flow', 'updated_at'])
    .where('id', '=', botId)
    .executeTakeFirst();
  return row && { flow: row.draft_flow, updatedAt: row.updated_at };
}

/** What the event log stores of an event: its dimensions without the ids the log row holds. */
function leanEvent({ dimensions, ...event }: EngineEvent) {
  const {
    'Bot UUID': _bot,
    'Bot Deployment ID': _deployment,
    'Conversation ID': _conversation,
    'Company ID': _company,
    ...rest
  } = dimensions;
  return { ...event, dimensions: rest };
}

export interface TurnWrite {
  conversationId: string;
  state: ConversationState;
  /** The state's turn counter as the turn read it: the write lands only if it is unchanged. */
  readTurns: number;
  /** The flow the turn ran (see FlowCache.keyOf): the write lands only if the deployment still serves it. */
  flow: { deploymentVersion: number | null; draftSavedAt: Date };
  /**
   * The process that claimed the turn to make its outside calls (the write lands only while it
   * still holds the claim, and ends it); null for a turn that made none (it lands only if no
   * turn is pending).
   */
  pendingOwner: string | null;
  status: string;
  expiresAt: Date | null;
  expiredAt: Date | null;
  messages: { role: 'user' | 'bot' | 'agent'; message: BotMessage; text: string }[];
  events: EngineEvent[];
  /** Control passes to this agent (or back to the bot: null); undefined leaves it as it is. */
  agentId?: string | null;
}

/** The inbox's view of a turn: its last message, and whether it fell back or asked for an agent. */
function inboxFacts(write: TurnWrite) {
  const last = write.messages.at(-1);
  return {
    lastText: last ? last.text.slice(0, 280) : null,
    fallback: write.events.some((event) => event.name === EVENT.Fallback),
    handoffRequested: write.events.some((event) => event.name === EVENT.HandoffRequested),
  };
}

/** The conversation's deployment still serves this flow (a version, or the draft saved then). */
function sameFlow({ deploymentVersion, draftSavedAt }: NonNullable<TurnWrite['flow']>) {
  const draftUnchanged =
    deploymentVersion === null ? sql`and date_trunc('milliseconds', b.updated_at) = ${draftSavedAt}` : sql``;
  return sql`and exists (
    select 1 from deployments d join bots b on b.id = d.bot_id
    where d.id = conversations.deployment_id
      and d.version is not distinct from ${deploymentVersion}::int ${draftUnchanged})`;
}

/**
 * A turn's whole write in one statement, so it commits or not as a unit: the new state, the
 * messages (numbered after the conversation's last one) and the events.
 * Nothing is written, and null returned, if another turn was stored since this one read the state,
 * a turn is pending that is not this one, or the deployment serves another flow now.
 */
export async function persistTurn(db: Queryable, write: TurnWrite): Promise<ChatMessage[] | null> {
  const count = write.messages.length;
  const inbox = inboxFacts(write);
  // The messages that brought the turn (a user's or an agent's) come before the bot's.
  const incoming = write.messages.filter((message) => message.role !== 'bot').length;
  const human = write.status === 'human';
  // Control is an agent's only while the bot is silent; leaving that state gives it back.
  const agent = !human
    ? sql`null`
    : write.agentId === undefined
      ? sql`agent_id`
      : sql`${write.agentId}::uuid`;
  const result = await sql<{ updated: number; messages: ChatMessage[] }>`
    with conversation as (
      update conversations set
        state = ${JSON.stringify(write.state)}::jsonb,
        status = ${write.status},
        updated_at = now(),
        last_message_at = case when ${count}::int > 0 then now() else last_message_at end,
        expires_at = ${write.expiresAt},
        expired_at = ${write.expiredAt},
        message_count = message_count + ${count}::int,
        last_message_text = coalesce(${inbox.lastText}::text, last_message_text),
        has_fallback = has_fallback or ${inbox.fallback}::boolean,
        has_handoff = has_handoff or ${human}::boolean,
        handoff_requested_at = case when ${inbox.handoffRequested}::boolean then now()
                                    when ${human}::boolean then handoff_requested_at end,
        agent_id = ${agent},
        pending_turn = null, pending_owner = null, pending_until = null
      where id = ${write.conversationId}
        and (state->>'turns')::int = ${write.readTurns}::int
        and pending_owner is not distinct from ${write.pendingOwner}::text
        ${sameFlow(write.flow)}
      returning id, company_id, bot_id, deployment_id, message_count
    ),
    inserted_messages as (
      insert into conversation_messages (conversation_id, company_id, bot_id, seq, role, message, text)
      select c.id, c.company_id, c.bot_id, c.message_count - ${count}::int + m.ordinality::int, m.value->>'role', m.value->'message', m.value->>'text'
      from conversation c, jsonb_array_elements(${JSON.stringify(write.messages)}::jsonb) with ordinality as m(value, ordinality)
      returning seq, role, message, created_at
    ),
    inserted_events as (
      insert into conversation_event_log (conversation_id, company_id, bot_id, deployment_id, events, after_seq)
      select c.id, c.company_id, c.bot_id, c.deployment_id, ${JSON.stringify(write.events.map(leanEvent))}::jsonb,
             c.message_count - ${count}::int + ${incoming}::int
      from conversation c where ${write.events.length}::int > 0
      returning 1
    )
    select
      (select count(*)::int from conversation) as updated,
      (select coalesce(json_agg(json_build_object('seq', seq, 'role', role, 'message', message, 'created_at', created_at) order by seq), '[]'::json)
       from inserted_messages) as messages,
      (select count(*) from inserted_events) as events
  `.execute(db);
  const row = result.rows[0];
  if (!row?.updated) return null;
  return row.messages.map((message) => ({
    ...message,
    created_at: new Date(message.created_at).toISOString(),
  }));
}

/**
 * Claims the conversation's next turn for outside calls: lands only if the state is still at the
 * turn it was worked out from and no other turn is pending. From then on the claimant alone may
 * store a turn of the conversation, until it does or its lease runs out.
 */
export async function claimTurn(
  db: Queryable,
  claim: { conversationId: string; readTurns: number; owner: string; leaseMs: number; pending: PendingTurn },
): Promise<boolean> {
  const result = await db
    .updateTable('conversations')
    .set({
      pending_turn: JSON.stringify(claim.pending),
      pending_owner: claim.owner,
      pending_until: sql`now() + make_interval(secs => ${claim.leaseMs / 1000}::float8)`,
    })
    .where('id', '=', claim.conversationId)
    .where(sql`(state->>'turns')::int`, '=', claim.readTurns)
    .where('pending_owner', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records the calls of a claimed turn so far (with their outcomes) and renews its lease. */
export async function recordPendingCalls(
  db: Queryable,
  update: { conversationId: string; owner: string; leaseMs: number; pending: PendingTurn },
): Promise<boolean> {
  const result = await db
    .updateTable('conversations')
    .set({
      pending_turn: JSON.stringify(update.pending),
      pending_until: sql`now() + make_interval(secs => ${update.leaseMs / 1000}::float8)`,
    })
    .where('id', '=', update.conversationId)
    .where('pending_owner', '=', update.owner)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes over a pending turn whose lease ran out (its process stopped): answers its record, or
 * nothing if the turn was stored or taken over meanwhile.
 */
export async function takeOverPendingTurn(
  db: Queryable,
  takeOver: { conversationId: string; staleOwner: string; owner: string; leaseMs: number },
): Promise<Record<string, unknown> | null> {
  const row = await db
    .updateTable('conversations')
    .set({
      pending_owner: takeOver.owner,
      pending_until: sql`now() + make_interval(secs => ${takeOver.leaseMs / 1000}::float8)`,
    })
    .where('id', '=', takeOver.conversationId)
    .where('pending_owner', '=', takeOver.staleOwner)
    .where('pending_until', '<', sql<Date>`now()`)
    .returning('pending_turn')
    .executeTakeFirst();
  return row?.pending_turn ?? null;
}

/** Conversations whose pending turn's lease ran out: their process stopped while it waited. */
export async function abandonedTurns(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('conversations')
    .select('id')
    .where('pending_until', '<', sql<Date>`now()`)
    .orderBy('pending_until')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function messagesAfter(
  db: Queryable,
  conversationId: string,
  seq: number,
): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('conversation_messages')
    .select(['seq', 'role', 'message', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    seq: row.seq,
    role: row.role,
    message: row.message as unknown as BotMessage,
    created_at: row.created_at.toISOString(),
  }));
}

/** What the widget of a deployment shows before any conversation: the bot's name, language, style. */
export async function findWebchatSettings(db: Queryable, botId: string) {
  return db
    .selectFrom('bots')
    .select(['name', 'language', 'webchat_style'])
    .where('id', '=', botId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Tenant-scoped: a conversation of the company, or nothing. */
export async function findCompanyConversation(db: Queryable, companyId: string, conversationId: string) {
  return db
    .selectFrom('conversations')
    .select('id')
    .where('id', '=', conversationId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export async function findConversationAuth(db: Queryable, conversationId: string) {
  return db
    .selectFrom('conversations')
    .select(['id', 'token_hash', 'bot_id', 'deployment_id'])
    .where('id', '=', conversationId)
    .executeTakeFirst();
}

/** Conversations whose expiry time has passed and that have not expired yet. */
export async function dueForExpiry(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('conversations')
    .select('id')
    .where('expired_at', 'is', null)
    .where('expires_at', '<=', sql<Date>`now()`)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The modules a conversation went through, in order, from its events. */
export async function visitedModules(db: Queryable, conversationId: string) {
  return db
    .selectFrom('conversation_events')
    .select([sql<string>`dimensions->>'Bot Module ID'`.as('module_id'), 'occurred_at'])
    .where('conversation_id', '=', conversationId)
    .where('name', '=', EVENT.ModuleExecuted)
    .orderBy('log_id')
    .orderBy('position')
    .execute();
}
