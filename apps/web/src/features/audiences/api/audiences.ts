import { type AudienceFilter, botsApi, broadcastsApi, type SaveAudienceRequest } from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

/** `['audiences', …]`. */
export const audienceKeys = {
  all: ['audiences'] as const,
  list: () => [...audienceKeys.all, 'list'] as const,
  preview: (filter: AudienceFilter) => [...audienceKeys.all, 'preview', filter] as const,
};

export const audienceListQuery = () =>
  queryOptions({
    queryKey: audienceKeys.list(),
    queryFn: ({ signal }) => callRoute(broadcastsApi.listAudiences, { signal }),
  });

/** What a filter matches now; the last answer stays while the next is on its way. */
export const audiencePreviewQuery = (filter: AudienceFilter) =>
  queryOptions({
    queryKey: audienceKeys.preview(filter),
    queryFn: ({ signal }) => callRoute(broadcastsApi.previewAudience, { body: { filter }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useSaveAudience() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: SaveAudienceRequest }) =>
      id
        ? callRoute(broadcastsApi.updateAudience, { params: { id }, body: request })
        : callRoute(broadcastsApi.createAudience, { body: request }),
    onSuccess: () => client.invalidateQueries({ queryKey: audienceKeys.list() }),
  });
}

export function useDuplicateAudience() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(broadcastsApi.duplicateAudience, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: audienceKeys.list() }),
  });
}

export function useDeleteAudience() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(broadcastsApi.deleteAudience, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: audienceKeys.list() }),
  });
}

/** The company's bots, to filter by. */
export const botChoicesQuery = () =>
  queryOptions({
    queryKey: [...audienceKeys.all, 'bots'] as const,
    queryFn: ({ signal }) =>
      callRoute(botsApi.list, { query: { pageSize: 100, sort: 'name', order: 'asc' }, signal }),
  });
