import { inboxNoticeSchema } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepEventStream } from '../../../shared/api/event-stream';
import { type InboxListFilters, inboxKeys, refreshFirstPage } from './inbox-api';

/**
 * Keeps the inbox live: each notice on `GET /api/inbox/events` (new conversations, messages,
 * control changes, notes) refreshes the list's first page and the changed transcripts. Notices
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
    const changed = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const refreshTranscripts = (ids: Iterable<string> | 'all') =>
      ids === 'all'
        ? queryClient.invalidateQueries({ queryKey: [...inboxKeys.all, 'transcript'] })
        : Promise.all(
            [...ids].map((id) =>
              queryClient.invalidateQueries({ queryKey: inboxKeys.transcript(companyId, id) }),
            ),
          );
    const flush = () => {
      timer = undefined;
      const ids = [...changed];
      changed.clear();
      void refreshFirstPage(queryClient, filters).catch(() => undefined);
      void refreshTranscripts(ids);
    };

    return keepEventStream(`/api/inbox/events?${search}`, {
      onEvent: (event) => {
        if (event.event !== 'conversation') return;
        const notice = inboxNoticeSchema.safeParse(JSON.parse(event.data));
        if (!notice.success) return;
        changed.add(notice.data.conversationId);
        if (timer === undefined) timer = setTimeout(flush, 150);
      },
      onReconnect: () => {
        void refreshFirstPage(queryClient, filters).catch(() => undefined);
        void refreshTranscripts('all');
      },
    });
  }, [filtersKey, queryClient]);
}
