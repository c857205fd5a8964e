import { type AuditLogQuery, auditApi } from '@parley/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

/** `['audit', 'list', filters]` and `['audit', 'settings']`. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (query: Omit<AuditLogQuery, 'cursor'>) => [...auditKeys.all, 'list', query] as const,
  settings: () => [...auditKeys.all, 'settings'] as const,
};

/** `GET /api/audit-log`, a page at a time, newest first. */
export const auditLogQuery = (query: Omit<AuditLogQuery, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal, pageParam }) =>
      callRoute(auditApi.list, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const auditSettingsQuery = queryOptions({
  queryKey: auditKeys.settings(),
  queryFn: ({ signal }) => callRoute(auditApi.settings, { signal }),
});

/** Changing the retention is itself logged: the log is fetched again too. */
export function useUpdateAuditRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => callRoute(auditApi.updateSettings, { body: { retention_days: days } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
