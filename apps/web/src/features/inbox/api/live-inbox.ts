import { type InboxNotice, type InboxTranscript, inboxNoticeSchema } from '@parley/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepEventStream } from '../../../shared/api/event-stream';
import { type InboxPages, patchedPages } from '../model/live-patch';
import {
  catchUpTranscript,
  type InboxListFilters,
  inboxKeys,
  inboxListQuery,
  refreshFirstPage,
} from './inbox-api';

/**
 * Keeps the inbox live from `GET /api/inbox/events`: each notice carries the changed conversation's
 * row, which is patched into the list where the order puts it (no request); a transcript on screen
 * fetches only what it lacks (one small request), and a read mark changes rows only. Notices
 * arriving together are handled together; after a dropped stream everything catches up.
 */
export function useLiveInbox(filters: InboxListFilters): void {
  const queryClient = useQueryClient();
  const filtersKey = JSON.stringify(filters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filtersKey stands for filters
  useEffect(() => {
    const { companyId, botId } = filters;
    const search = new URLSearchParams();
    if (companyId) search.set('companyId', companyId);
    if (botId) search.set('botId', botId);
    // The latest notice of each conversation since the last flush (a transcript change sticks).
    const arrived = new Map<string, InboxNotice>();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      timer = undefined;
      const notices = [...arrived.values()];
      arrived.clear();
      if (!patchList(queryClient, filters, notices)) {
        void refreshFirstPage(queryClient, filters).catch(() => undefined);
      }
      for (const notice of notices) applyToTranscript(queryClient, companyId, notice);
    };

    return keepEventStream(`/api/inbox/events?${search}`, {
      onEvent: (event) => {
        if (event.event !== 'conversation') return;
        const parsed = inboxNoticeSchema.safeParse(JSON.parse(event.data));
        if (!parsed.success) return;
        const notice = parsed.data;
        const earlier = arrived.get(notice.conversationId);
        arrived.set(notice.conversationId, {
          ...notice,
          transcriptChanged: notice.transcriptChanged || Boolean(earlier?.transcriptChanged),
        });
        if (timer === undefined) timer = setTimeout(flush, 150);
      },
      onReconnect: () => {
        void refreshFirstPage(queryClient, filters).catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: [...inboxKeys.all, 'transcript'] });
      },
    });
  }, [filtersKey, queryClient]);
}

/** Patches the loaded list with the notices' rows; false when it must load its first page again. */
function patchList(queryClient: QueryClient, filters: InboxListFilters, notices: InboxNotice[]): boolean {
  const key = inboxListQuery(filters).queryKey;
  let pages = queryClient.getQueryData<InboxPages>(key);
  if (!pages) return true;
  for (const notice of notices) {
    const patched = patchedPages(pages, notice, filters);
    if (patched === 'reload') return false;
    pages = patched;
  }
  queryClient.setQueryData<InboxPages>(key, pages);
  return true;
}

/** A read mark or a row change patches the transcript's row; new messages or events are fetched. */
function applyToTranscript(queryClient: QueryClient, companyId: string | undefined, notice: InboxNotice) {
  const queryKey = inboxKeys.transcript(companyId, notice.conversationId);
  if (!queryClient.getQueryData(queryKey)) return;
  if (notice.transcriptChanged || !notice.conversation) {
    // The changes bring the row too: one update of the pane, not two.
    void catchUpTranscript(queryClient, companyId, notice.conversationId).catch(() =>
      queryClient.invalidateQueries({ queryKey, exact: true }),
    );
    return;
  }
  const row = notice.conversation;
  queryClient.setQueryData<InboxTranscript>(queryKey, (now) => (now ? { ...now, conversation: row } : now));
}
