import { type ConversationEventData, EVENT, type InboxStatus, TRANSCRIPT_EVENTS } from '@parley/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/database';
import { containsPattern } from '../../db/like-pattern';
import type { DB } from '../../db/schema';
import type { CompanyReach } from '../../plugins/authenticate';

export interface InboxFilter {
  companyId: string;
  botId?: string;
  /** The bots the reader may see (a member limited to some bots); undefined: every bot. */
  botIds?: string[];
  status?: InboxStatus;
  channel?: string;
  from?: Date;
  to?: Date;
  hasHandoff?: boolean;
  hasFallback?: boolean;
  text?: string;
  user?: string;
  /** The last conversation of the previous page. */
  after?: { lastMessageAt: Date; id: string };
}

/** Counting stops here (beyond it the inbox says "1 000+"): a count scans what it counts. */
export const COUNT_CAP = 1_000;

type Conversations = ExpressionBuilder<DB, 'conversations'>;

/** An inbox status as conditions on the conversation (see `inboxStatusOf`). */
function statusCondition(eb: Conversations, status: InboxStatus) {
  switch (status) {
    case 'active':
      return eb('conversations.status', 'in', ['new', 'idle', 'waiting']);
    case 'waiting':
      return eb.and([eb('conversations.status', '=', 'human'), eb('conversations.agent_id', 'is', null)]);
    case 'with_agent':
      return eb.and([eb('conversations.status', '=', 'human'), eb('conversations.agent_id', 'is not', null)]);
    case 'expired':
      return eb('conversations.expired_at', 'is not', null);
    case 'ended':
      return eb.and([eb('conversations.status', '=', 'ended'), eb('conversations.expired_at', 'is', null)]);
  }
}

/** The inbox status of a stored conversation (the same rules as `statusCondition`). */
export function inboxStatusOf(row: { status: string; agent_id: string | null; expired_at: Date | null }) {
  if (row.expired_at) return 'expired' as const;
  if (row.status === 'ended') return 'ended' as const;
  if (row.status === 'human') return row.agent_id ? ('with_agent' as const) : ('waiting' as const);
  return 'active' as const;
}

/** The company's conversations matching the filter (all but the cursor). */
export function matching(db: Queryable, filter: InboxFilter) {
  return db
    .selectFrom('conversations')
    .where('conversations.company_id', '=', filter.companyId)
    .$if(filter.botId !== undefined, (query) =>
      query.where('conversations.bot_id', '=', filter.botId as string),
    )
    .$if(filter.botIds !== undefined, (query) =>
      query.where('conversations.bot_id', 'in', filter.botIds as string[]),
    )
    .$if(filter.status !== undefined, (query) =>
      query.where((eb) => statusCondition(eb, filter.status as InboxStatus)),
    )
    .$if(filter.channel !== undefined, (query) =>
      query.where('conversations.channel', '=', filter.channel as string),
    )
    .$if(filter.from !== undefined, (query) =>
      query.where('conversations.last_message_at', '>=', filter.from as Date),
    )
    .$if(filter.to !== undefined, (query) =>
      query.where('conversations.last_message_at', '<', filter.to as Date),
    )
    .$if(filter.hasHandoff !== undefined, (query) =>
      query.where('conversations.has_handoff', '=', filter.hasHandoff as boolean),
    )
    .$if(filter.hasFallback !== undefined, (query) =>
      query.where('conversations.has_fallback', '=', filter.hasFallback as boolean),
    )
    .$if(filter.text !== undefined, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('conversation_messages as m')
            .select(sql`1`.as('one'))
            .whereRef('m.conversation_id', '=', 'conversations.id')
            .where('m.text', 'ilike', containsPattern(filter.text as string)),
        ),
      ),
    )
    .$if(filter.user !== undefined, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('conversation_visitors as v')
            .select(sql`1`.as('one'))
            .whereRef('v.conversation_id', '=', 'conversations.id')
            .where('v.search', 'ilike', containsPattern(filter.user as string)),
        ),
      ),
    );
}

/** What the inbox shows of a conversation: its bot's name and its agent's, not its transcript. */
function withInboxColumns(query: ReturnType<typeof matching>) {
  return query
    .innerJoin('bots', 'bots.id', 'conversations.bot_id')
    .leftJoin('users as agents', 'agents.id', 'conversations.agent_id')
    .select([
      'conversations.id',
      'conversations.bot_id',
      'bots.name as bot_name',
      'conversations.channel',
      'conversations.status',
      'conversations.user_info',
      'conversations.message_count',
      'conversations.last_message_text',
      'conversations.last_message_at',
      'conversations.created_at',
      'conversations.expires_at',
      'conversations.expired_at',
      'conversations.handoff_requested_at',
      'conversations.agent_id',
      'agents.first_name as agent_first_name',
      'agents.last_name as agent_last_name',
      'conversations.read_seq',
      'conversations.has_handoff',
      'conversations.has_fallback',
      'conversations.page_domain',
    ]);
}

type MatchingQuery = ReturnType<typeof matching>;

/** Conversations after the cursor, in the inbox's order (newest activity first). */
export function afterCursor<Q extends MatchingQuery>(query: Q, after: InboxFilter['after']): Q {
  if (after === undefined) return query;
  return query.where(
    sql<boolean>`(conversations.last_message_at, conversations.id) < (${after.lastMessageAt}, ${after.id}::uuid)`,
  ) as Q;
}

/** One page of the inbox, newest activity first (one more than `limit`: is there a next page?). */
export async function listInboxConversations(db: Queryable, filter: InboxFilter, limit: number) {
  return withInboxColumns(afterCursor(matching(db, filter), filter.after))
    .orderBy('conversations.last_message_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .limit(limit + 1)
    .execute();
}

/**
 * The ids of a page of conversations with the filter's words in a message, found by reading the
 * newest conversations (of the other filters) one at a time, at most `budget` of them. Quick when
 * the words are common, where the trigram index would first fetch every message that has them.
 * `complete`: there were no more conversations to read.
 */
export async function findRecentWithWords(db: Queryable, filter: InboxFilter, limit: number, budget: number) {
  const { text, ...others } = filter;
  const recent = afterCursor(matching(db, others), filter.after)
    .select(['conversations.id', 'conversations.last_message_at'])
    .orderBy('conversations.last_message_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .limit(budget);
  // LATERAL … LIMIT 1 looks into each conversation's own messages, in order, and stops early. The
  // text is checked above an OFFSET 0 fence: a generic plan of this statement cannot guess how many
  // messages the pattern matches, and on a small table it AND-ed the trigram index into every
  // conversation's look (a common phrase's 50 000 matches, once per conversation: 540 ms, not 1).
  const hits = await db
    .selectFrom(recent.as('recent'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom(
            eb
              .selectFrom('conversation_messages as m')
              .select('m.text')
              .whereRef('m.conversation_id', '=', 'recent.id')
              .offset(0)
              .as('own'),
          )
          .select(sql`1`.as('one'))
          .where('own.text', 'ilike', containsPattern(text as string))
          .limit(1)
          .as('hit'),
      (join) => join.onTrue(),
    )
    .select('recent.id')
    .orderBy('recent.last_message_at', 'desc')
    .orderBy('recent.id', 'desc')
    .limit(limit + 1)
    .execute();
  // Only a page that is not full asks whether anything was left unread.
  const read =
    hits.length > limit
      ? budget
      : Number(
          (
            await db
              .selectFrom(recent.as('recent'))
              .select((eb) => eb.fn.countAll<number>().as('read'))
              .executeTakeFirstOrThrow()
          ).read,
        );
  return { ids: hits.map((hit) => hit.id), complete: read < budget };
}

/** The company's conversations with these ids, as the inbox lists them, in its order. */
export async function listInboxConversationsById(db: Queryable, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return withInboxColumns(matching(db, { companyId }))
    .where('conversations.id', 'in', ids)
    .orderBy('conversations.last_message_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .execute();
}

export type InboxConversationRow = Awaited<ReturnType<typeof listInboxConversations>>[number];

/** How many conversations match, counting no further than COUNT_CAP + 1. */
export async function countInboxConversations(db: Queryable, filter: InboxFilter): Promise<number> {
  const row = await db
    .selectFrom(
      matching(db, filter)
        .select(sql`1`.as('one'))
        .limit(COUNT_CAP + 1)
        .as('matched'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Conversations of the company (and bot, or the bots the reader may see) waiting for an agent
 * nobody took yet.
 */
export async function countWaiting(
  db: Queryable,
  companyId: string,
  botId?: string,
  botIds?: string[],
): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .$if(botId !== undefined, (query) => query.where('bot_id', '=', botId as string))
    .$if(botIds !== undefined, (query) => query.where('bot_id', 'in', botIds as string[]))
    .where('status', '=', 'human')
    .where('agent_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The company and bot of a conversation the inbox can show (its bot joined, as the list does), in
 * one company or, for Parley staff following a link, in any (see lookupReach).
 */
export async function findConversationPlace(db: Queryable, reach: CompanyReach, conversationId: string) {
  const query = db
    .selectFrom('conversations')
    .innerJoin('bots', 'bots.id', 'conversations.bot_id')
    .select(['conversations.company_id', 'conversations.bot_id'])
    .where('conversations.id', '=', conversationId);
  return (
    'companyId' in reach ? query.where('conversations.company_id', '=', reach.companyId) : query
  ).executeTakeFirst();
}

/** One conversation of the company as the inbox lists it, with its variables. */
export async function findInboxConversation(db: Queryable, companyId: string, conversationId: string) {
  return (
    withInboxColumns(matching(db, { companyId }))
      .select(sql<Record<string, unknown>>`conversations.state->'variables'`.as('variables'))
      // Which languages its messages are in (see reader-language.ts).
      .select([
        'bots.language as bot_language',
        'bots.offered_languages',
        'conversations.language as visitor_language',
      ])
      .where('conversations.id', '=', conversationId)
      .executeTakeFirst()
  );
}

/**
 * One conversation of the company as the inbox lists it, for a live notice, with how many of the
 * company's and of its bot's conversations wait for an agent now: one statement for every stream.
 */
export async function findNoticeConversation(db: Queryable, companyId: string, conversationId: string) {
  const waiting = (bot: boolean) =>
    sql<number>`(select count(*)::int from conversations as w
      where w.company_id = conversations.company_id ${bot ? sql`and w.bot_id = conversations.bot_id` : sql``}
        and w.status = 'human' and w.agent_id is null)`;
  return withInboxColumns(matching(db, { companyId }))
    .select([waiting(false).as('company_waiting'), waiting(true).as('bot_waiting')])
    .where('conversations.id', '=', conversationId)
    .executeTakeFirst();
}

/**
 * The events a transcript shows, in order, with the message each came after and the log row that
 * holds it (those after `afterLogId` only: what a shown transcript lacks).
 */
export async function transcriptEvents(db: Queryable, conversationId: string, afterLogId = 0) {
  return db
    .selectFrom('conversation_events')
    .select([
      'log_id',
      'name',
      'occurred_at',
      'after_seq',
      'data',
      sql<string | null>`dimensions->>'Bot Module ID'`.as('module_id'),
    ])
    .where('conversation_id', '=', conversationId)
    .where('log_id', '>', String(afterLogId))
    .where('name', 'in', TRANSCRIPT_EVENTS)
    .orderBy('log_id')
    .orderBy('position')
    .execute();
}

/** A note for the team, in the transcript after the latest message; never shown to the user. */
export async function insertInternalNote(
  db: Queryable,
  companyId: string,
  conversationId: string,
  note: ConversationEventData<typeof EVENT.InternalNote>,
): Promise<{ botId: string } | undefined> {
  const event = { name: EVENT.InternalNote, at: Date.now(), afterOutputs: 0, dimensions: {}, data: note };
  const result = await sql<{ bot_id: string }>`
    insert into conversation_event_log (conversation_id, company_id, bot_id, deployment_id, events, after_seq)
    select id, company_id, bot_id, deployment_id, ${JSON.stringify([event])}::jsonb, message_count
    from conversations where id = ${conversationId} and company_id = ${companyId}
    returning bot_id`.execute(db);
  const row = result.rows[0];
  return row && { botId: row.bot_id };
}

/** The team has read the conversation up to its latest message. */
export async function markRead(db: Queryable, companyId: string, conversationId: string) {
  const row = await db
    .updateTable('conversations')
    .set((eb) => ({ read_seq: eb.ref('message_count') }))
    .where('company_id', '=', companyId)
    .where('id', '=', conversationId)
    .returning('bot_id')
    .executeTakeFirst();
  return row && { botId: row.bot_id };
}
