import {
  type AudienceFilter,
  botsApi,
  broadcastsApi,
  type CreateBroadcastRequest,
  type testBroadcastRequestSchema,
} from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '../../../shared/api/request';

/** `['broadcasts', …]`. */
export const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: () => [...broadcastKeys.all, 'list'] as const,
  detail: (id: string) => [...broadcastKeys.all, 'detail', id] as const,
};

/** The broadcasts; refreshed every few seconds while one is sending, so its figures move. */
export const broadcastListQuery = () =>
  queryOptions({
    queryKey: broadcastKeys.list(),
    queryFn: ({ signal }) => callRoute(broadcastsApi.listBroadcasts, { signal }),
    refetchInterval: (query) =>
      query.state.data?.broadcasts.some((each) => each.state === 'sending') ? 3_000 : false,
  });

export const broadcastResultsQuery = (id: string) =>
  queryOptions({
    queryKey: broadcastKeys.detail(id),
    queryFn: ({ signal }) => callRoute(broadcastsApi.getBroadcast, { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.broadcast.state === 'sending' ? 3_000 : false),
  });

export const composerAudiencesQuery = () =>
  queryOptions({
    queryKey: [...broadcastKeys.all, 'audiences'] as const,
    queryFn: ({ signal }) => callRoute(broadcastsApi.listAudiences, { signal }),
  });

/** Who an audience reaches now (its count, and a few contacts to send a test to). */
export const composerPreviewQuery = (filter: AudienceFilter) =>
  queryOptions({
    queryKey: [...broadcastKeys.all, 'preview', filter] as const,
    queryFn: ({ signal }) => callRoute(broadcastsApi.previewAudience, { body: { filter }, signal }),
  });

export const composerBotsQuery = () =>
  queryOptions({
    queryKey: [...broadcastKeys.all, 'bots'] as const,
    queryFn: ({ signal }) =>
      callRoute(botsApi.list, { query: { pageSize: 100, sort: 'name', order: 'asc' }, signal }),
  });

/** A bot's modules, where a reply to the broadcast may continue. */
export const composerBotQuery = (id: string) =>
  queryOptions({
    queryKey: [...broadcastKeys.all, 'bot', id] as const,
    queryFn: ({ signal }) => callRoute(botsApi.get, { params: { id }, signal }),
    enabled: id !== '',
  });

export function useCreateBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateBroadcastRequest) =>
      callRoute(broadcastsApi.createBroadcast, { body: request }),
    onSuccess: () => client.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}

export function useBroadcastAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'pause' | 'resume' | 'cancel' }) =>
      callRoute(
        action === 'pause'
          ? broadcastsApi.pauseBroadcast
          : action === 'resume'
            ? broadcastsApi.resumeBroadcast
            : broadcastsApi.cancelBroadcast,
        { params: { id } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}

export function useTestBroadcast() {
  return useMutation({
    mutationFn: (request: z.input<typeof testBroadcastRequestSchema>) =>
      callRoute(broadcastsApi.testBroadcast, { body: request }),
  });
}

/** A contact's unsubscribe link (public: the signed token is the proof). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => callRoute(broadcastsApi.unsubscribe, { body: { token } }),
  });
}
