import {
  type AgentMessageRequest,
  type ConversationPlace,
  type InboxConversation,
  type InboxListResponse,
  type InboxTranscript,
  type InboxTranscriptChanges,
  type inboxQuerySchema,
  isTranscriptEvent,
  type PassControlRequest,
} from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { NotFoundException, ValidationException } from '../../errors';
import { isUuid } from '../../ids';
import type { CompanyReach, Session } from '../../plugins/authenticate';
import { messagesAfterWithTranslations } from '../conversations/conversations.repository';
import { type Agent, passControl, sendAgentMessage } from './agent-control.service';
import {
  COUNT_CAP,
  countInboxConversations,
  countWaiting,
  findConversationPlace,
  findInboxConversation,
  findNoticeConversation,
  findRecentWithWords,
  type InboxConversationRow,
  type InboxFilter,
  inboxStatusOf,
  insertInternalNote,
  listInboxConversations,
  listInboxConversationsById,
  markRead,
  transcriptEvents,
} from './inbox.repository';
import { wordIndexQuery } from './inbox-word-query';
import { findPageWithWords, searchLexemes } from './inbox-words.repository';
import { inReaderLanguage } from './reader-language';

type InboxQuery = z.output<typeof inboxQuerySchema>;

/** Keyset cursor: the last conversation's activity time and id. */
const encodeCursor = (row: InboxConversationRow) =>
  Buffer.from(`${row.last_message_at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): InboxFilter['after'] {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const lastMessageAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(lastMessageAt.getTime())) {
    throw new ValidationException('This page link is not valid; start from the first page', {
      field: 'cursor',
    });
  }
  return { lastMessageAt, id };
}

function toInboxConversation(row: InboxConversationRow): InboxConversation {
  const user = row.user_info as { id?: string; name?: string; email?: string; picture?: unknown };
  return {
    id: row.id,
    botId: row.bot_id,
    botName: row.bot_name,
    channel: row.channel,
    status: inboxStatusOf(row),
    user: {
      ...(user.id ? { id: String(user.id) } : {}),
      ...(user.name ? { name: String(user.name) } : {}),
      ...(user.email ? { email: String(user.email) } : {}),
      // Only a web address is shown as a picture.
      ...(typeof user.picture === 'string' && /^https?:\/\//.test(user.picture)
        ? { picture: user.picture }
        : {}),
    },
    messageCount: row.message_count,
    lastMessageText: row.last_message_text,
    lastMessageAt: row.last_message_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    expiredAt: row.expired_at?.toISOString() ?? null,
    handoffRequestedAt: row.handoff_requested_at?.toISOString() ?? null,
    agent: row.agent_id
      ? { id: row.agent_id, name: `${row.agent_first_name ?? ''} ${row.agent_last_name ?? ''}`.trim() }
      : null,
    unread: row.message_count > row.read_seq,
    hasHandoff: row.has_handoff,
    hasFallback: row.has_fallback,
    pageDomain: row.page_domain,
  };
}

/**
 * A word search first reads `firstLook` of the newest conversations; what it finds there says how
 * many it would take to fill the page, and it reads that many if no more than `mostRead`.
 */
export const WORD_SEARCH_READS = { firstLook: 300, mostRead: 3_000 };

/**
 * The inbox list: a page of conversations (no transcripts), how many match, how many wait. Read
 * from `db`, which may be a read replica a moment behind (live notices patch the list meanwhile).
 * `botIds`: the bots the reader may see, when limited to some.
 */
export async function listInbox(
  db: Queryable,
  companyId: string,
  query: InboxQuery,
  wordSearchReads = WORD_SEARCH_READS,
  botIds?: string[],
): Promise<InboxListResponse> {
  const filter: InboxFilter = {
    companyId,
    botId: query.botId,
    ...(botIds ? { botIds } : {}),
    status: query.status,
    channel: query.channel,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    hasHandoff: query.hasHandoff,
    hasFallback: query.hasFallback,
    text: query.q,
    user: query.user,
  };
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const asOf = new Date().toISOString();
  const [{ rows, total }, waiting] = await Promise.all([
    inboxPage(db, filter, after, query.limit, wordSearchReads),
    countWaiting(db, companyId, query.botId, botIds),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    conversations: page.map(toInboxConversation),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    total,
    waiting,
    asOf,
  };
}

/**
 * The page's rows (one more than `limit` when there is a next page) and the count. Words are
 * looked for among the newest conversations first: common words fill the page there at once (the
 * count then says "more than"). Rarer phrases go to the word index, other rare text to the trigram
 * index: both have few matches to fetch.
 */
async function inboxPage(
  db: Queryable,
  filter: InboxFilter,
  after: InboxFilter['after'],
  limit: number,
  wordSearchReads: typeof WORD_SEARCH_READS,
): Promise<{ rows: InboxConversationRow[]; total: InboxListResponse['total'] }> {
  if (filter.text !== undefined) {
    const found = await findAmongNewest(db, { ...filter, after }, limit, wordSearchReads);
    if (found) {
      const exact = found.complete && after === undefined;
      return { rows: found.rows, total: { count: Math.min(found.rows.length, limit), capped: !exact } };
    }
    const byWords = await findByWords(db, { ...filter, text: filter.text }, after, limit);
    if (byWords) return byWords;
  }
  const [rows, count] = await Promise.all([
    listInboxConversations(db, { ...filter, after }, limit),
    // The count ignores the cursor: it is the whole list's.
    countInboxConversations(db, filter),
  ]);
  return { rows, total: { count: Math.min(count, COUNT_CAP), capped: count > COUNT_CAP } };
}

/**
 * The page and the count through the word index, if it can narrow the search: the text holds a
 * whole word or the start of one, and those are not so common that it would let through more
 * messages than it is worth (see `wordIndexQuery`).
 */
async function findByWords(
  db: Queryable,
  filter: InboxFilter & { text: string },
  after: InboxFilter['after'],
  limit: number,
): Promise<{ rows: InboxConversationRow[]; total: InboxListResponse['total'] } | undefined> {
  // One word has nothing for the word index; PostgreSQL cuts the words, so any doubt goes to it.
  if (/^[\p{L}\p{N}]*$/u.test(filter.text)) return undefined;
  const wordQuery = wordIndexQuery(
    await searchLexemes(db, filter.companyId, filter.botId, filter.text, filter.botIds),
  );
  if (wordQuery === undefined) return undefined;
  const { ids, count } = await findPageWithWords(db, { ...filter, after }, wordQuery, limit);
  return {
    rows: await listInboxConversationsById(db, filter.companyId, ids),
    total: { count: Math.min(count, COUNT_CAP), capped: count > COUNT_CAP },
  };
}

/** The page, if reading a few of the newest conversations fills it or reads them all. */
async function findAmongNewest(
  db: Queryable,
  filter: InboxFilter,
  limit: number,
  { firstLook, mostRead }: typeof WORD_SEARCH_READS,
) {
  const settled = (found: Awaited<ReturnType<typeof findRecentWithWords>>) =>
    found.ids.length > limit || found.complete ? found : undefined;
  let found = await findRecentWithWords(db, filter, limit, firstLook);
  if (!settled(found) && found.ids.length > 0) {
    // Found some: as many again at the same rate would fill the page; a third more for chance.
    const needed = Math.ceil(((limit + 1) / found.ids.length) * firstLook * 1.3);
    if (needed <= mostRead) found = await findRecentWithWords(db, filter, limit, needed);
  }
  if (!settled(found)) return undefined;
  return {
    rows: await listInboxConversationsById(db, filter.companyId, found.ids),
    complete: found.complete,
  };
}

async function companyConversation(ctx: AppContext, companyId: string, conversationId: string) {
  const row = isUuid(conversationId)
    ? await findInboxConversation(ctx.database.db, companyId, conversationId)
    : undefined;
  if (!row) throw new NotFoundException('Conversation not found');
  return row;
}

/** Where a conversation lives, for a link that names only the conversation. */
export async function conversationPlace(
  ctx: AppContext,
  reach: CompanyReach,
  conversationId: string,
): Promise<ConversationPlace> {
  const row = isUuid(conversationId)
    ? await findConversationPlace(ctx.database.db, reach, conversationId)
    : undefined;
  if (!row) throw new NotFoundException('Conversation not found');
  return { companyId: row.company_id, botId: row.bot_id };
}

/** One conversation for the inbox: messages, the events shown among them, and its variables. */
export async function inboxTranscript(
  ctx: AppContext,
  companyId: string,
  conversationId: string,
  readerLanguage: string | null = null,
): Promise<InboxTranscript> {
  return transcriptSince(ctx, companyId, conversationId, { afterSeq: 0, afterEvent: 0 }, readerLanguage);
}

/**
 * What a transcript already shown lacks: the conversation now, with only the messages after
 * `afterSeq` and the events after `afterEvent` (the `eventCursor` it was given). Visitors' messages
 * come in the reader's language when they have one (see reader-language.ts).
 */
export async function transcriptSince(
  ctx: AppContext,
  companyId: string,
  conversationId: string,
  { afterSeq, afterEvent }: { afterSeq: number; afterEvent: number },
  readerLanguage: string | null = null,
): Promise<InboxTranscriptChanges> {
  const row = await companyConversation(ctx, companyId, conversationId);
  const [stored, events] = await Promise.all([
    messagesAfterWithTranslations(ctx.database.db, conversationId, afterSeq),
    transcriptEvents(ctx.database.db, conversationId, afterEvent),
  ]);
  // Read first, then translate: no connection is held while the provider answers.
  const messages = await inReaderLanguage(
    ctx,
    {
      companyId,
      botId: row.bot_id,
      botLanguage: row.bot_language,
      offeredLanguages: row.offered_languages,
      visitorLanguage: row.visitor_language,
    },
    stored,
    readerLanguage,
  );
  return {
    conversation: toInboxConversation(row),
    messages,
    // The query asks for transcript events only; the check lets the compiler know it.
    events: events.flatMap(({ name, ...event }) =>
      isTranscriptEvent(name)
        ? [
            {
              name,
              at: event.occurred_at.toISOString(),
              afterSeq: event.after_seq,
              moduleId: event.module_id,
              data: event.data,
            },
          ]
        : [],
    ),
    variables: (row.variables ?? {}) as InboxTranscript['variables'],
    eventCursor: events.reduce((cursor, event) => Math.max(cursor, Number(event.log_id)), afterEvent),
  };
}

/**
 * A live notice's news for the inbox's streams: the conversation's row now (null: no longer in the
 * inbox) and how many conversations wait for an agent, of the company and of the conversation's bot.
 */
export async function noticeConversation(ctx: AppContext, companyId: string, conversationId: string) {
  const row = await findNoticeConversation(ctx.database.db, companyId, conversationId);
  if (!row) return { conversation: null };
  return {
    conversation: toInboxConversation(row),
    waiting: { company: row.company_waiting, bot: row.bot_waiting },
  };
}

const agentOf = (session: Session, companyId: string): Agent => ({
  id: session.userId,
  name: `${session.user.first_name} ${session.user.last_name}`.trim() || session.user.email,
  companyId,
  language: session.user.language,
});

/** Pass control of a company's conversation to the calling agent, or back to the bot. */
export async function passCompanyControl(
  ctx: AppContext,
  session: Session,
  companyId: string,
  conversationId: string,
  { to }: PassControlRequest,
) {
  await passControl(ctx, conversationId, to, agentOf(session, companyId));
  return toInboxConversation(await companyConversation(ctx, companyId, conversationId));
}

export async function replyAsAgent(
  ctx: AppContext,
  session: Session,
  companyId: string,
  conversationId: string,
  { text, clientMessageId }: AgentMessageRequest,
) {
  return {
    messages: await sendAgentMessage(ctx, conversationId, agentOf(session, companyId), text, clientMessageId),
  };
}

export async function addInternalNote(
  ctx: AppContext,
  session: Session,
  companyId: string,
  conversationId: string,
  text: string,
) {
  const agent = agentOf(session, companyId);
  const added =
    isUuid(conversationId) &&
    (await insertInternalNote(ctx.database.db, companyId, conversationId, {
      text: text.replaceAll('\0', ''),
      author: agent.name,
      authorId: agent.id,
    }));
  if (!added) throw new NotFoundException('Conversation not found');
  ctx.conversations.bus.publishStored({ conversationId, companyId, botId: added.botId, seq: 0 });
}

/**
 * The team has read the conversation up to its latest message. Answers what the reader's
 * transcript (ending at `shown`) lacks, read after the mark: the reader sees all it marked read.
 */
export async function markConversationRead(
  ctx: AppContext,
  companyId: string,
  conversationId: string,
  shown: { afterSeq: number; afterEvent: number },
  readerLanguage: string | null = null,
): Promise<InboxTranscriptChanges> {
  const read = isUuid(conversationId) && (await markRead(ctx.database.db, companyId, conversationId));
  if (!read) throw new NotFoundException('Conversation not found');
  ctx.conversations.bus.publishStored({
    conversationId,
    companyId,
    botId: read.botId,
    seq: 0,
    rowOnly: true,
  });
  return transcriptSince(ctx, companyId, conversationId, shown, readerLanguage);
}
