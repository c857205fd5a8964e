import { type GenerativeTestRequest, generativeApi, type SaveGenerativeRequest } from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

const generativeKey = (botId: string) => ['bots', 'detail', botId, 'generative'] as const;

export const generativeQuery = (botId: string) =>
  queryOptions({
    queryKey: generativeKey(botId),
    queryFn: ({ signal }) => callRoute(generativeApi.settings, { params: { id: botId }, signal }),
  });

export function useSaveGenerative(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveGenerativeRequest) =>
      callRoute(generativeApi.save, { params: { id: botId }, body }),
    onSuccess: (tab) => {
      queryClient.setQueryData(generativeKey(botId), tab);
      // The draft changed: the builder's copy of the bot is older now.
      return queryClient.invalidateQueries({ queryKey: ['bots', 'detail', botId], exact: true });
    },
    meta: { silent: true },
  });
}

export const useTestGenerative = (botId: string) =>
  useMutation({
    mutationFn: (body: GenerativeTestRequest) =>
      callRoute(generativeApi.test, { params: { id: botId }, body }),
    meta: { silent: true },
  });
