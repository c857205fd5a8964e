import {
  botsApi,
  type CompanySummary,
  companiesApi,
  type InboxConversation,
  type InboxTranscript,
  inboxApi,
  type PassControlRequest,
} from '@parley/contracts';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';
import { currentUserQuery } from '../../../shared/session/current-user';
import { type InboxListFilters, type InboxPages, withChanges } from '../model/live-patch';

/** The list's filters without paging: one cache entry per company, bot and filter set. */
export type { InboxListFilters };

/** `['inbox']` for everything; lists, transcripts, the selectors' companies and bots under it. */
export const inboxKeys = {
  all: ['inbox'] as const,
  lists: () => [...inboxKeys.all, 'list'] as const,
  list: (filters: InboxListFilters) => [...inboxKeys.lists(), filters] as const,
  transcript: (companyId: string | undefined, id: string) =>
    [...inboxKeys.all, 'transcript', companyId ?? 'own', id] as const,
  companies: (search: string) => [...inboxKeys.all, 'companies', search] as const,
  company: (id: string) => [...inboxKeys.all, 'company', id] as const,
  bots: (companyId: string | undefined) => [...inboxKeys.all, 'bots', companyId ?? 'own'] as const,
  place: (conversationId: string) => [...inboxKeys.all, 'place', conversationId] as const,
};

/** Rows per request: big enough that scrolling rarely waits, small enough to stay quick. */
export const INBOX_PAGE_SIZE = 100;

export const fetchInboxPage = (filters: InboxListFilters, cursor: string | null, signal?: AbortSignal) =>
  callRoute(inboxApi.list, {
    query: {
      ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')),
      limit: INBOX_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    },
    signal,
  });

export const inboxListQuery = (filters: InboxListFilters) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchInboxPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Live notices keep the list fresh (see useLiveInbox); no refetch on focus.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/**
 * Puts a fresh first page on top of the loaded ones. Keyset cursors stay valid, so the pages
 * below keep loading where they were; rows that moved up are dropped from where they were.
 */
export async function refreshFirstPage(queryClient: QueryClient, filters: InboxListFilters): Promise<void> {
  const key = inboxListQuery(filters).queryKey;
  if (!queryClient.getQueryData(key)) return;
  const fresh = await fetchInboxPage(filters, null);
  queryClient.setQueryData<InboxPages>(key, (old) => {
    if (!old || old.pages.length <= 1) return { pages: [fresh], pageParams: [null] };
    const top = new Set(fresh.conversations.map((conversation) => conversation.id));
    const rest = old.pages.slice(1).map((page) => ({
      ...page,
      conversations: page.conversations.filter((conversation) => !top.has(conversation.id)),
    }));
    return { pages: [fresh, ...rest], pageParams: old.pageParams };
  });
}

/** Replaces one conversation's row wherever a loaded list holds it. */
export function patchListedConversation(queryClient: QueryClient, conversation: InboxConversation): void {
  queryClient.setQueriesData<InboxPages>({ queryKey: inboxKeys.lists() }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            conversations: page.conversations.map((row) => (row.id === conversation.id ? conversation : row)),
          })),
        }
      : old,
  );
}

export const transcriptQuery = (companyId: string | undefined, conversationId: string) =>
  queryOptions({
    queryKey: inboxKeys.transcript(companyId, conversationId),
    queryFn: ({ signal }) =>
      callRoute(inboxApi.transcript, { params: { id: conversationId }, query: { companyId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // A missing conversation stays missing; other failures show "Something went wrong" with retry.
    retry: false,
    // Both in the pane: the rest of the inbox still works (a refused company refuses the list too).
    throwOnError: false,
  });

/** Where a transcript shown ends: what a request for its changes (or a read mark) starts after. */
const shownUpTo = (shown: Pick<InboxTranscript, 'messages' | 'eventCursor'>) => ({
  afterSeq: shown.messages.at(-1)?.seq ?? 0,
  afterEvent: shown.eventCursor,
});

/**
 * What a transcript shown lacks. A reader of the company's own team who has it on screen reads it
 * too, in the same request (the read mark answers the changes); anyone else only looks.
 */
function fetchTranscriptChanges(
  queryClient: QueryClient,
  companyId: string | undefined,
  shown: InboxTranscript,
) {
  const params = { id: shown.conversation.id };
  const myCompanyId = queryClient.getQueryData(currentUserQuery.queryKey)?.company.id;
  if (readsForTheTeam(myCompanyId, companyId)) {
    return callRoute(inboxApi.markRead, { params, query: { companyId }, body: shownUpTo(shown) });
  }
  return callRoute(inboxApi.changes, { params, query: { companyId, ...shownUpTo(shown) } });
}

/**
 * Whether what the signed-in user reads counts as read for the conversation's team: staff
 * looking into another company leave it unread for that company's team.
 */
export function readsForTheTeam(myCompanyId: string | undefined, companyId: string | undefined): boolean {
  return companyId === undefined || companyId === myCompanyId;
}

/** Per transcript: a catch-up in flight, and whether another should follow it. */
const catchingUp = new Map<string, { again: boolean; done: Promise<void> }>();

/**
 * Brings a transcript in the cache up to date with one small request (what changed since what it
 * shows), or, if it is not shown now, marks it for a reload when it is. One at a time per
 * transcript: changes arriving meanwhile are fetched once, after it.
 */
export function catchUpTranscript(
  queryClient: QueryClient,
  companyId: string | undefined,
  conversationId: string,
): Promise<void> {
  const queryKey = inboxKeys.transcript(companyId, conversationId);
  const cached = queryClient.getQueryState(queryKey);
  if (!cached?.data) return Promise.resolve();
  if (queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() === 0) {
    return queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
  const key = JSON.stringify(queryKey);
  const running = catchingUp.get(key);
  if (running) {
    running.again = true;
    return running.done;
  }
  const state = { again: false, done: Promise.resolve() };
  state.done = (async () => {
    try {
      do {
        state.again = false;
        const shown = queryClient.getQueryData<InboxTranscript>(queryKey);
        if (!shown) return;
        const changes = await fetchTranscriptChanges(queryClient, companyId, shown);
        queryClient.setQueryData<InboxTranscript>(queryKey, (now) => (now ? withChanges(now, changes) : now));
      } while (state.again);
    } finally {
      catchingUp.delete(key);
    }
  })();
  catchingUp.set(key, state);
  return state.done;
}

/** The company and bot a conversation belongs to, for a link that names only the conversation. */
export const conversationPlaceQuery = (conversationId: string) =>
  queryOptions({
    queryKey: inboxKeys.place(conversationId),
    queryFn: ({ signal }) => callRoute(inboxApi.place, { params: { id: conversationId }, signal }),
    // Not found: the inbox opens as it would without the link and the pane says the conversation is not there.
    throwOnError: false,
  });

export const companiesQuery = (search: string) =>
  queryOptions({
    queryKey: inboxKeys.companies(search),
    queryFn: ({ signal }) => callRoute(companiesApi.list, { query: { search, limit: 50 }, signal }),
    staleTime: 60_000,
  });

export const companyQueryById = (id: string) =>
  queryOptions({
    queryKey: inboxKeys.company(id),
    queryFn: ({ signal }): Promise<CompanySummary> => callRoute(companiesApi.get, { params: { id }, signal }),
    staleTime: 60_000,
  });

/** The company's bots for the bot selector, by name. */
export const companyBotsQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: inboxKeys.bots(companyId),
    queryFn: ({ signal }) =>
      callRoute(botsApi.list, { query: { pageSize: 100, sort: 'name', order: 'asc', companyId }, signal }),
    staleTime: 60_000,
  });

/** After an action on a conversation its transcript catches up (the open pane then updates its row). */
function useConversationAction<V, R>(
  companyId: string | undefined,
  conversationId: string,
  action: (variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => catchUpTranscript(queryClient, companyId, conversationId),
    // The pane shows what went wrong next to the action (e.g. someone else took over first).
    meta: { silent: true },
  });
}

export const usePassControl = (companyId: string | undefined, conversationId: string) =>
  useConversationAction(companyId, conversationId, (to: PassControlRequest['to']) =>
    callRoute(inboxApi.passControl, { params: { id: conversationId }, query: { companyId }, body: { to } }),
  );

export const useAgentReply = (companyId: string | undefined, conversationId: string) =>
  useConversationAction(companyId, conversationId, (text: string) =>
    callRoute(inboxApi.agentMessage, {
      params: { id: conversationId },
      query: { companyId },
      body: { text },
    }),
  );

export const useInternalNote = (companyId: string | undefined, conversationId: string) =>
  useConversationAction(companyId, conversationId, (text: string) =>
    callRoute(inboxApi.note, { params: { id: conversationId }, query: { companyId }, body: { text } }),
  );

/**
 * The team has seen the conversation: its unread marker goes everywhere at once, and the mark is
 * sent as the transcript's next catch-up (which brings what it lacked by then).
 */
export function markRead(
  queryClient: QueryClient,
  companyId: string | undefined,
  transcript: InboxTranscript,
): Promise<void> {
  const read = { ...transcript.conversation, unread: false };
  patchListedConversation(queryClient, read);
  queryClient.setQueryData<InboxTranscript>(inboxKeys.transcript(companyId, read.id), (now) =>
    now ? { ...now, conversation: { ...now.conversation, unread: false } } : now,
  );
  return catchUpTranscript(queryClient, companyId, read.id);
}
