import {
  type BotDetail,
  botDetailSchema,
  botListSchema,
  type CreateBotRequest,
  type ListBotsQuery,
  type UpdateBotRequest,
} from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/request';

/** `['bots']` for everything; `['bots', 'list', params]` for a page of the list. */
export const botKeys = {
  all: ['bots'] as const,
  list: (params: ListBotsQuery) => [...botKeys.all, 'list', params] as const,
  detail: (id: string) => [...botKeys.all, 'detail', id] as const,
};

export const botListQuery = (params: ListBotsQuery) =>
  queryOptions({
    queryKey: botKeys.list(params),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        page: String(params.page),
        pageSize: String(params.pageSize),
        sort: params.sort,
        order: params.order,
        ...(params.search ? { search: params.search } : {}),
      });
      return http.get(`/api/bots?${search}`, { schema: botListSchema, signal });
    },
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
  useBotMutation(
    (body: CreateBotRequest): Promise<BotDetail> => http.post('/api/bots', { body, schema: botDetailSchema }),
    true,
  );
export const useUpdateBot = () =>
  useBotMutation(
    ({ id, ...body }: UpdateBotRequest & { id: string }) =>
      http.patch(`/api/bots/${id}`, { body, schema: botDetailSchema }),
    true,
  );
export const useDuplicateBot = () =>
  useBotMutation((id: string) => http.post(`/api/bots/${id}/duplicate`, { schema: botDetailSchema }));
export const useDeleteBot = () => useBotMutation((id: string) => http.delete(`/api/bots/${id}`));
