import { type BotMessage, type ChatMessage, EVENT } from '@parley/contracts';
import type { ConversationState, EngineEvent } from '@parley/engine';
import type { Flow } from '@parley/flow';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { MessageTranslation } from '../../db/tables/conversation.table';
import { type TurnDelivery, turnDeliveriesInsert } from '../webhooks/webhooks.repository';
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
  /** The visitor's language (its base code), when the widget, the page or the SDK said it. */
  language: string | null;
  /** The visitor's country (ISO 3166 alpha-2) when the chat's start told it; see visitor-country.ts. */
  country?: string | null;
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
export async function loadForTurn(db: Queryable, conversationId: string, clientMessageId?: string) {
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
      'c.language',
      'c.expires_at',
      'c.status',
      'c.agent_id',
      'c.pending_owner',
      // Judged by the database's clock, which every process shares.
      sql<boolean>`coalesce(c.pending_until < now(), false)`.as('pending_expired'),
      // Whether a turn brought by this client message id is stored already (a retry).
      (clientMessageId === undefined
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from conversation_messages m
            where m.conversation_id = c.id and m.client_message_id = ${clientMessageId})`
      ).as('answered'),
      'd.version as deployment_version',
      'd.deleted_at as deployment_deleted_at',
      'b.updated_at as bot_updated_at',
      'b.offered_languages',
      'b.translations_updated_at',
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
  messages: {
    role: 'user' | 'bot' | 'agent';
    message: BotMessage;
    text: string;
    translation?: MessageTranslation | null;
  }[];
  events: EngineEvent[];
  /** The visitor's language the turn spoke: the write lands only if it is still the conversation's. */
  language: string | null;
  /** Control passes to this agent (or back to the bot: null); undefined leaves it as it is. */
  agentId?: string | null;
  /** The id the client sent the turn's message with: the write lands only if none holds it yet. */
  clientMessageId: string | null;
  /** The turn's webhook deliveries, logged by its write whether or not the turn lands. */
  deliveries?: TurnDelivery[];
}

/** Matches a turn's events (a JSON array) that hold a goal reached. */
const GOAL_EVENT = JSON.stringify([{ name: EVENT.GoalReached }]);

/** The inbox's view of a turn: its last message, and whether it fell back or asked for an agent. */
function inboxFacts(write: TurnWrite) {
  const last = write.messages.at(-1);
  return {
    lastText: last ? last.text.slice(0, 280) : null,
    fallback: write.events.some((event) => event.name === EVENT.Fallback),
    handoffRequested: write.events.some((event) => event.name === EVENT.HandoffRequested),
  };
}

/** One turn's write as a row of the batched statement (see persistTurns). */
function writeRow(write: TurnWrite) {
  const inbox = inboxFacts(write);
  return {
    id: write.conversationId,
    state: write.state,
    status: write.status,
    expires_at: write.expiresAt,
    expired_at: write.expiredAt,
    count: write.messages.length,
    // The messages that brought the turn (a user's or an agent's) come before the bot's.
    incoming: write.messages.filter((message) => message.role !== 'bot').length,
    last_text: inbox.lastText,
    fallback: inbox.fallback,
    handoff_requested: inbox.handoffRequested,
    human: write.status === 'human',
    keep_agent: write.agentId === undefined,
    agent_id: write.agentId ?? null,
    read_turns: write.readTurns,
    pending_owner: write.pendingOwner,
    deployment_version: write.flow.deploymentVersion,
    draft_saved_at: write.flow.draftSavedAt,
    messages: write.messages,
    events: write.events.map(leanEvent),
    client_message_id: write.clientMessageId,
    language: write.language,
  };
}

/**
 * Turns' whole writes in one statement, each committing with it or not at all: the new state, the
 * messages (numbered after the conversation's last one) and the events. Many turns of different
 * conversations go in one statement when they come together (see TurnWrites), so a busy server
 * makes one commit for many turns.
 * A turn is not written, and its entry is null, if another turn was stored since it read the state,
 * a turn is pending that is not this one, or the deployment serves another flow now. The turns'
 * webhook deliveries are logged either way (the call was made).
 */
export async function persistTurns(db: Queryable, writes: TurnWrite[]): Promise<(ChatMessage[] | null)[]> {
  const deliveries = writes.flatMap((write) => write.deliveries ?? []);
  const result = await sql<{ id: string; messages: ChatMessage[] }>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(writes.map(writeRow))}::jsonb) as t(
        id uuid, state jsonb, status text, expires_at timestamptz, expired_at timestamptz,
        count int, incoming int, last_text text, fallback boolean, handoff_requested boolean,
        human boolean, keep_agent boolean, agent_id uuid, read_turns int, pending_owner text,
        deployment_version int, draft_saved_at timestamptz, messages jsonb, events jsonb,
        client_message_id text, language text)
    ),
    conversation as (
      update conversations c set
        state = i.state,
        status = i.status,
        updated_at = now(),
        last_message_at = case when i.count > 0 then now() else c.last_message_at end,
        expires_at = i.expires_at,
        expired_at = i.expired_at,
        message_count = c.message_count + i.count,
        last_message_text = coalesce(i.last_text, c.last_message_text),
        has_fallback = c.has_fallback or i.fallback,
        has_handoff = c.has_handoff or i.human,
        handoff_requested_at = case when i.handoff_requested then now()
                                    when i.human then c.handoff_requested_at end,
        -- Control is an agent's only while the bot is silent; leaving that state gives it back.
        agent_id = case when not i.human then null when i.keep_agent then c.agent_id else i.agent_id end,
        pending_turn = null, pending_owner = null, pending_until = null
      from input i
      where c.id = i.id
        -- The ids again, as an array: the planner then reads the conversations by their key. It
        -- guesses 100 rows for the JSON, and for a table of a few thousand conversations it would
        -- rather read the whole table than look each one up.
        and c.id = any(${writes.map((write) => write.conversationId)}::uuid[])
        and (c.state->>'turns')::int = i.read_turns
        and c.pending_owner is not distinct from i.pending_owner
        -- The visitor did not change language since the turn read the conversation.
        and c.language is not distinct from i.language
        -- A retry of a message already answered runs no turn (see loadForTurn's answered).
        and (i.client_message_id is null or not exists (
          select 1 from conversation_messages m
          where m.conversation_id = c.id and m.client_message_id = i.client_message_id))
        -- The deployment still serves the flow the turn ran: its version, or the draft saved then.
        and exists (
          select 1 from deployments d join bots b on b.id = d.bot_id
          where d.id = c.deployment_id
            and d.version is not distinct from i.deployment_version
            and (i.deployment_version is not null
                 or date_trunc('milliseconds', b.updated_at) = i.draft_saved_at))
      returning c.id, c.company_id, c.bot_id, c.deployment_id, i.pending_owner,
                c.message_count - i.count as seq_before, i.incoming, i.messages, i.events, i.client_message_id,
                c.contact_id, c.state->'variables' as variables, i.count, i.human
    ),
    -- What audiences read, on the contact (see migration 0046): last seen, the variables of the
    -- conversation written last, handed off, the goals reached. One contact per row, whichever of
    -- its conversations came in the batch.
    contact_facts as (
      update contacts k set
        last_seen_at = case when f.seen then greatest(k.last_seen_at, now()) else k.last_seen_at end,
        variables = f.variables,
        handed_off = k.handed_off or f.human,
        goals = case when f.goals is null then k.goals else parley_array_add(k.goals, f.goals) end
      from (
        select c.contact_id, bool_or(c.count > 0) as seen, (array_agg(c.variables))[1] as variables,
          bool_or(c.human) as human,
          array_agg(distinct g.module_id) filter (where g.module_id is not null) as goals
        from conversation c
        left join lateral (
          select coalesce(e.value->'dimensions'->>'Bot Module ID', '') as module_id
          from jsonb_array_elements(c.events) e
          -- Most turns reach no goal: their events are not unnested.
          where c.events @> ${GOAL_EVENT}::jsonb and e.value->>'name' = ${EVENT.GoalReached}) g on true
        where c.contact_id is not null
        group by c.contact_id) f
      where k.id = f.contact_id
      returning 1
    ),
    inserted_messages as (
      insert into conversation_messages (conversation_id, company_id, bot_id, seq, role, message, text, client_message_id, translation)
      select c.id, c.company_id, c.bot_id, c.seq_before + m.ordinality::int, m.value->>'role', m.value->'message', m.value->>'text', c.client_message_id,
             nullif(m.value->'translation', 'null'::jsonb)
      from conversation c, jsonb_array_elements(c.messages) with ordinality as m(value, ordinality)
      returning conversation_id, seq, role, message, created_at
    ),
    inserted_events as (
      insert into conversation_event_log (conversation_id, company_id, bot_id, deployment_id, events, after_seq)
      select c.id, c.company_id, c.bot_id, c.deployment_id, c.events, c.seq_before + c.incoming
      from conversation c where jsonb_array_length(c.events) > 0
      returning 1
    )${
      writes.some((write) => write.pendingOwner !== null)
        ? sql`,
    -- A claimed turn's write ends its claim: the sweep has no more to look for.
    released as (
      delete from pending_conversations p using conversation c
      where p.conversation_id = c.id and c.pending_owner is not null
    )`
        : sql``
    }${
      deliveries.length > 0
        ? sql`,
    logged_deliveries as (${turnDeliveriesInsert(deliveries)})`
        : sql``
    }
    select c.id,
      (select coalesce(json_agg(json_build_object('seq', m.seq, 'role', m.role, 'message', m.message, 'created_at', m.created_at) order by m.seq), '[]'::json)
       from inserted_messages m where m.conversation_id = c.id) as messages
    from conversation c
  `.execute(db);
  const stored = new Map(result.rows.map((row) => [row.id, row.messages]));
  return writes.map((write) => {
    const messages = stored.get(write.conversationId);
    if (!messages) return null;
    return messages.map((message) => ({
      ...message,
      created_at: new Date(message.created_at).toISOString(),
    }));
  });
}

export async function persistTurn(db: Queryable, write: TurnWrite): Promise<ChatMessage[] | null> {
  const [stored] = await persistTurns(db, [write]);
  return stored ?? null;
}

export interface TurnClaim {
  conversationId: string;
  readTurns: number;
  owner: string;
  leaseMs: number;
  pending: PendingTurn;
}

/**
 * Claims conversations for turns that are about to make outside calls, recording each call before
 * it is made, in one statement: a claim lands only if no turn was stored since its turn read the
 * state and none is pending. Answers whether each landed. (The ids go twice, as in persistTurns.)
 * The claim changes no indexed column of the conversation, so it can be a HOT update; the sweep
 * finds the claimed conversation by its row in pending_conversations (see migration 0049).
 */
export async function claimTurns(db: Queryable, claims: TurnClaim[]): Promise<boolean[]> {
  const rows = claims.map((claim) => ({
    id: claim.conversationId,
    read_turns: claim.readTurns,
    owner: claim.owner,
    lease_seconds: claim.leaseMs / 1000,
    pending: claim.pending,
    client_message_id: claim.pending.incoming?.clientMessageId ?? null,
  }));
  const result = await sql<{ id: string }>`
    with claimed as (
      update conversations c set
        pending_turn = i.pending,
        pending_owner = i.owner,
        pending_until = now() + make_interval(secs => i.lease_seconds)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as i(id uuid, read_turns int, owner text, lease_seconds float8, pending jsonb, client_message_id text)
      where c.id = i.id and c.id = any(${claims.map((claim) => claim.conversationId)}::uuid[])
        and (c.state->>'turns')::int = i.read_turns and c.pending_owner is null
        and (i.client_message_id is null or not exists (
          select 1 from conversation_messages m
          where m.conversation_id = c.id and m.client_message_id = i.client_message_id))
      returning c.id
    ),
    -- None is listed while none is pending (the write that ends a claim unlists it); the check is
    -- a look-up, cheaper than the speculative insert of an "on conflict".
    listed as (
      insert into pending_conversations (conversation_id)
      select id from claimed
      where not exists (select 1 from pending_conversations p where p.conversation_id = claimed.id)
    )
    select id from claimed
  `.execute(db);
  const claimed = new Set(result.rows.map((row) => row.id));
  return claims.map((claim) => claimed.has(claim.conversationId));
}

export async function claimTurn(db: Queryable, claim: TurnClaim): Promise<boolean> {
  const [claimed] = await claimTurns(db, [claim]);
  return claimed === true;
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
    .selectFrom('pending_conversations as p')
    .innerJoin('conversations as c', 'c.id', 'p.conversation_id')
    .select('c.id')
    .where('c.pending_until', '<', sql<Date>`now()`)
    .orderBy('c.pending_until')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** A stored message as the chat API answers it. */
function toChatMessage(row: {
  seq: number;
  role: ChatMessage['role'];
  message: unknown;
  created_at: Date;
}): ChatMessage {
  return {
    seq: row.seq,
    role: row.role,
    message: row.message as BotMessage,
    created_at: row.created_at.toISOString(),
  };
}

/** The messages of the turn a client message id brought (its own first), as stored. */
export async function messagesOfClientMessage(
  db: Queryable,
  conversationId: string,
  clientMessageId: string,
): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('conversation_messages')
    .select(['seq', 'role', 'message', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .where('client_message_id', '=', clientMessageId)
    .orderBy('seq')
    .execute();
  return rows.map(toChatMessage);
}

export async function messagesAfter(
  db: Queryable,
  conversationId: string,
  seq: number,
): Promise<ChatMessage[]> {
  return (await messagesAfterWithTranslations(db, conversationId, seq)).map(
    ({ translation: _, ...message }) => message,
  );
}

/** The messages after `seq` as the team reads them: each with its other language, if it has one. */
export async function messagesAfterWithTranslations(
  db: Queryable,
  conversationId: string,
  seq: number,
): Promise<(ChatMessage & { translation?: MessageTranslation })[]> {
  const rows = await db
    .selectFrom('conversation_messages')
    .select(['seq', 'role', 'message', 'created_at', 'translation'])
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    ...toChatMessage(row),
    ...(row.translation ? { translation: row.translation } : {}),
  }));
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

/**
 * Sets the visitor's language on the conversation (null: the bot's own). A turn worked out in the
 * former language is then not stored (see persistTurns) and runs again in the new one.
 */
export async function setConversationLanguage(
  db: Queryable,
  conversationId: string,
  language: string | null,
): Promise<void> {
  // The contact's languages (see migration 0046): its other conversations' and this one's new one.
  await sql`
    with changed as (
      update conversations set language = ${language} where id = ${conversationId} returning id, contact_id
    )
    update contacts k set languages = coalesce((
      select array_agg(distinct l.language order by l.language) from (
        select c.language from conversations c where c.contact_id = k.id and c.id <> changed.id
        union all select ${language}::text) l
      where l.language is not null), '{}')
    from changed where k.id = changed.contact_id`.execute(db);
}

/**
 * Modules of a bot whose templates failed to render since `since`, by module: in how many
 * conversations, when last, and the latest failure's words. Read from the turns' event logs in the
 * bot's time range (the reports index), never more than `maxModules` rows.
 */
export async function recentTemplateFailures(
  db: Queryable,
  companyId: string,
  botId: string,
  since: Date,
  maxModules = 200,
) {
  return db
    .selectFrom('conversation_events')
    .select([
      sql<string>`dimensions->>'Bot Module ID'`.as('module_id'),
      sql<string>`count(distinct conversation_id)`.as('conversations'),
      sql<Date>`max(occurred_at)`.as('last_at'),
      sql<string>`(array_agg(data->>'message' order by occurred_at desc, log_id desc))[1]`.as('message'),
      sql<string | null>`(array_agg(data->>'line' order by occurred_at desc, log_id desc))[1]`.as('line'),
    ])
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('occurred_at', '>=', since)
    .where('name', '=', EVENT.TemplateError)
    .where(sql<boolean>`dimensions->>'Bot Module ID' is not null`)
    .groupBy(sql`dimensions->>'Bot Module ID'`)
    .orderBy(sql`max(occurred_at)`, 'desc')
    .limit(maxModules)
    .execute();
}
