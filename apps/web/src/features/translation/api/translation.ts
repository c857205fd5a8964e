import {
  type SaveBotLanguagesRequest,
  type SaveTranslationKeyRequest,
  type TranslationProvider,
  translationApi,
} from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

export const translationKeys = {
  all: ['translation'] as const,
  provider: () => [...translationKeys.all, 'provider'] as const,
  bot: (botId: string) => [...translationKeys.all, 'bot', botId] as const,
};

export const providerQuery = () =>
  queryOptions({
    queryKey: translationKeys.provider(),
    queryFn: ({ signal }) => callRoute(translationApi.provider, { signal }),
  });

export const botTranslationQuery = (botId: string) =>
  queryOptions({
    queryKey: translationKeys.bot(botId),
    queryFn: ({ signal }) => callRoute(translationApi.bot, { params: { id: botId }, signal }),
  });

/** A key change is the company's: every bot's translation settings show it. */
function useProviderChange<V>(mutationFn: (variables: V) => Promise<TranslationProvider>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (provider) => {
      queryClient.setQueryData(translationKeys.provider(), provider);
      return queryClient.invalidateQueries({ queryKey: [...translationKeys.all, 'bot'] });
    },
    meta: { silent: true },
  });
}

export const useSaveTranslationKey = () =>
  useProviderChange((body: SaveTranslationKeyRequest) => callRoute(translationApi.saveKey, { body }));

export const useRemoveTranslationKey = () => useProviderChange(() => callRoute(translationApi.removeKey, {}));

export function useSaveBotLanguages(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBotLanguagesRequest) =>
      callRoute(translationApi.saveBotLanguages, { params: { id: botId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(translationKeys.bot(botId), saved),
    meta: { silent: true },
  });
}
