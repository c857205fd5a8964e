import { botsApi, type CreateBotRequest, type ListBotsQuery, type UpdateBotRequest } from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

/** `['bots']` for everything; `['bots', 'list', params]` for a page of the list. */
export const botKeys = {
  all: ['bots'] as const,
  list: (params: ListBotsQuery) => [...botKeys.all, 'list', params] as const,
  detail: (id: string) => [...botKeys.all, 'detail', id] as const,
};

export const botListQuery = (params: ListBotsQuery) =>
  queryOptions({
    queryKey: botKeys.list(params),
    queryFn: ({ signal }) =>
      callRoute(botsApi.list, { query: { ...params, search: params.search || undefined }, signal }),
    // Lists refresh after every change (mutations invalidate them); keep showing the old page meanwhile.
    staleTime: 0,
    refetchOnMount: true,
    placeholderData: keepPreviousData,
  });

function useBotMutation<V, R>(mutationFn: (variables: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.all }),
    meta: { silent },
  });
}

export const useCreateBot = () =>
  useBotMutation((body: CreateBotRequest) => callRoute(botsApi.create, { body }), true);
export const useUpdateBot = () =>
  useBotMutation(
    ({ id, ...body }: UpdateBotRequest & { id: string }) =>
      callRoute(botsApi.update, { params: { id }, body }),
    true,
  );
export const useDuplicateBot = () =>
  useBotMutation((id: string) => callRoute(botsApi.duplicate, { params: { id } }));
export const useDeleteBot = () =>
  useBotMutation((id: string) => callRoute(botsApi.remove, { params: { id } }));
