import { type SaveTranslationKeyRequest, type TranslationProvider, translationApi } from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

export const translationKeys = {
  all: ['translation'] as const,
  provider: () => [...translationKeys.all, 'provider'] as const,
};

export const providerQuery = () =>
  queryOptions({
    queryKey: translationKeys.provider(),
    queryFn: ({ signal }) => callRoute(translationApi.provider, { signal }),
  });

/** A key change is the company's: every bot's translation settings show it. */
function useProviderChange<V>(mutationFn: (variables: V) => Promise<TranslationProvider>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (provider) => queryClient.setQueryData(translationKeys.provider(), provider),
    meta: { silent: true },
  });
}

export const useSaveTranslationKey = () =>
  useProviderChange((body: SaveTranslationKeyRequest) => callRoute(translationApi.saveKey, { body }));

export const useRemoveTranslationKey = () => useProviderChange(() => callRoute(translationApi.removeKey, {}));
