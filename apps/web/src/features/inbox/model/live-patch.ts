import type {
  InboxConversation,
  InboxListResponse,
  InboxNotice,
  InboxQuery,
  InboxTranscript,
  InboxTranscriptChanges,
} from '@parley/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/** What an inbox list is filtered by (its cache key holds them). */
export type InboxListFilters = Omit<InboxQuery, 'cursor' | 'limit'>;

export type InboxPages = InfiniteData<InboxListResponse, string | null>;

/**
 * Whether a conversation belongs in a list with these filters, judged from its row. Words in its
 * messages and the visitor search cannot be judged from a row: `undefined` then, unless the row
 * was listed already (its messages only grow and its visitor stays, so it still matches).
 */
export function rowMatches(
  row: InboxConversation,
  filters: InboxListFilters,
  listed: boolean,
): boolean | undefined {
  const at = Date.parse(row.lastMessageAt);
  const judged =
    (filters.botId === undefined || row.botId === filters.botId) &&
    (filters.status === undefined || row.status === filters.status) &&
    (filters.channel === undefined || row.channel === filters.channel) &&
    (filters.from === undefined || at >= Date.parse(filters.from)) &&
    (filters.to === undefined || at < Date.parse(filters.to)) &&
    (filters.hasHandoff === undefined || row.hasHandoff === (filters.hasHandoff === 'true')) &&
    (filters.hasFallback === undefined || row.hasFallback === (filters.hasFallback === 'true'));
  if (!judged) return false;
  const unjudged = filters.q !== undefined || filters.user !== undefined;
  return unjudged && !listed ? undefined : true;
}

/** Filters a conversation can move in or out of as it changes (a bot or channel never changes). */
const changingFilters = (filters: InboxListFilters) =>
  [
    filters.status,
    filters.from,
    filters.to,
    filters.hasHandoff,
    filters.hasFallback,
    filters.q,
    filters.user,
  ].some((value) => value !== undefined);

/** The inbox's order: newest activity first, then by id (as the server's keyset pages are). */
const before = (a: InboxConversation, b: InboxConversation) =>
  a.lastMessageAt === b.lastMessageAt ? a.id > b.id : a.lastMessageAt > b.lastMessageAt;

/**
 * The loaded pages of a list after a notice, or `'reload'` when a row cannot tell (the first page
 * is then fetched again, as before notices carried rows). A row moves to its place in the order; a
 * row that left the filters goes; the total and the waiting count follow.
 */
export function patchedPages(
  pages: InboxPages,
  notice: InboxNotice,
  filters: InboxListFilters,
): InboxPages | 'reload' {
  const first = pages.pages[0];
  if (!first || notice.conversation === undefined) return 'reload';
  const listed = pages.pages.some((page) =>
    page.conversations.some((row) => row.id === notice.conversationId),
  );
  const row = notice.conversation;
  const matches = row === null ? false : rowMatches(row, filters, listed);
  if (matches === undefined) return 'reload';
  // A conversation created after the first page was read was never counted.
  const created = row !== null && row.createdAt > first.asOf;
  // One listed before or created since: its old place in the count is known. Any other could have
  // been counted or not (it was further down, or did not match then) unless no filter can change.
  if (!listed && !created && changingFilters(filters)) return 'reload';
  let countChange = 0;
  if (listed && !matches) countChange = -1;
  if (!listed && created && matches) countChange = 1;

  let rest = pages.pages.map((page) => ({
    ...page,
    conversations: page.conversations.filter((conversation) => conversation.id !== notice.conversationId),
  }));
  if (row && matches) rest = placed(rest, row);
  const [top, ...others] = rest as [InboxListResponse, ...InboxListResponse[]];
  const total = top.total.capped
    ? top.total
    : { count: Math.max(0, top.total.count + countChange), capped: false };
  return {
    ...pages,
    pages: [
      { ...top, total, ...(notice.waiting === undefined ? {} : { waiting: notice.waiting }) },
      ...others,
    ],
  };
}

/** The row put where the order says, in the loaded pages (if it falls below them, when they load). */
function placed(pages: InboxListResponse[], row: InboxConversation): InboxListResponse[] {
  for (const [index, page] of pages.entries()) {
    const at = page.conversations.findIndex((other) => before(row, other));
    const next = pages[index + 1]?.conversations[0];
    // Past this page's rows: at its end if the next page starts later (or there is no more).
    const atEnd = next ? before(row, next) : index === pages.length - 1 && page.nextCursor === null;
    if (at === -1 && !atEnd) continue;
    const conversations = [...page.conversations];
    conversations.splice(at === -1 ? conversations.length : at, 0, row);
    return pages.map((other, position) => (position === index ? { ...page, conversations } : other));
  }
  return pages;
}

/** A shown transcript with what changed since: the row now, the new messages and events added. */
export function withChanges(transcript: InboxTranscript, changes: InboxTranscriptChanges): InboxTranscript {
  const lastSeq = transcript.messages.at(-1)?.seq ?? 0;
  return {
    conversation: changes.conversation,
    messages: [...transcript.messages, ...changes.messages.filter((message) => message.seq > lastSeq)],
    events:
      changes.eventCursor > transcript.eventCursor
        ? [...transcript.events, ...changes.events]
        : transcript.events,
    variables: changes.variables,
    eventCursor: Math.max(transcript.eventCursor, changes.eventCursor),
  };
}
