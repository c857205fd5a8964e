import {
  type BotTranslations,
  type ImportTranslationsRequest,
  type SaveBotLanguagesRequest,
  type SaveTextTranslationRequest,
  type SaveTranslationKeyRequest,
  type TranslationFileFormat,
  type TranslationProvider,
  translationApi,
} from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';

export const translationKeys = {
  all: ['translation'] as const,
  provider: () => [...translationKeys.all, 'provider'] as const,
  usage: (month: string) => [...translationKeys.all, 'usage', month] as const,
  bot: (botId: string) => [...translationKeys.all, 'bot', botId] as const,
  texts: (botId: string, language: string) => [...translationKeys.all, 'texts', botId, language] as const,
};

export const providerQuery = () =>
  queryOptions({
    queryKey: translationKeys.provider(),
    queryFn: ({ signal }) => callRoute(translationApi.provider, { signal }),
  });

/** The company's translation usage per bot in a month (`2026-11`). */
export const translationUsageQuery = (month: string) =>
  queryOptions({
    queryKey: translationKeys.usage(month),
    queryFn: ({ signal }) => callRoute(translationApi.usage, { query: { month }, signal }),
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

export const botTextsQuery = (botId: string, language: BotTranslations['language']) =>
  queryOptions({
    queryKey: translationKeys.texts(botId, language),
    queryFn: ({ signal }) =>
      callRoute(translationApi.texts, { params: { id: botId }, query: { language }, signal }),
  });

/** A person's translation of one text (or forgetting it): the list shows it at once. */
export function useSaveTextTranslation(botId: string, language: BotTranslations['language']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reset, ...body }: SaveTextTranslationRequest & { reset?: boolean }) =>
      reset
        ? callRoute(translationApi.resetText, {
            params: { id: botId },
            body: { language: body.language, key: body.key },
          })
        : callRoute(translationApi.saveText, { params: { id: botId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(
        translationKeys.texts(botId, language),
        (current: BotTranslations | undefined) => {
          if (!current) return current;
          const texts = current.texts.map((text) => (text.key === saved.key ? saved : text));
          const counts = { ...current.counts };
          for (const state of Object.keys(counts) as (keyof typeof counts)[])
            counts[state] = texts.filter((text) => text.state === state).length;
          return { ...current, texts, counts };
        },
      );
    },
    meta: { silent: true },
  });
}

/** One batch of "translate missing"; the caller repeats it while some remain. */
export const translateMissingBatch = (botId: string, language: TranslationLanguageCode) =>
  callRoute(translationApi.translateMissing, { params: { id: botId }, body: { language } });

export const exportTranslations = (
  botId: string,
  language: TranslationLanguageCode,
  format: TranslationFileFormat,
) => callRoute(translationApi.exportTexts, { params: { id: botId }, query: { language, format } });

export function useImportTranslations(botId: string, language: BotTranslations['language']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportTranslationsRequest) =>
      callRoute(translationApi.importTexts, { params: { id: botId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: translationKeys.texts(botId, language) }),
    meta: { silent: true },
  });
}

type TranslationLanguageCode = BotTranslations['language'];
