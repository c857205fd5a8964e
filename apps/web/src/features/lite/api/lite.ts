import {
  type LiteAnswers,
  type LiteDraftRequest,
  liteApi,
  publishingApi,
  type SaveLiteBotRequest,
} from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, uploadToRoute } from '../../../shared/api/request';
import { botKeys } from '../../bots/api/bots';

/** Under `['bots']`, so every bot change refreshes the lite home too. */
export const liteKeys = {
  home: () => [...botKeys.all, 'lite-home'] as const,
  bot: (botId: string) => [...botKeys.detail(botId), 'lite'] as const,
};

export const liteHomeQuery = queryOptions({
  queryKey: liteKeys.home(),
  queryFn: ({ signal }) => callRoute(liteApi.home, { signal }),
  staleTime: 0,
  refetchOnMount: true,
});

export const liteBotQuery = (botId: string) =>
  queryOptions({
    queryKey: liteKeys.bot(botId),
    queryFn: ({ signal }) => callRoute(liteApi.get, { params: { id: botId }, signal }),
  });

export function useCreateLiteBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: LiteAnswers) => callRoute(liteApi.create, { body: answers }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.all }),
    meta: { silent: true },
  });
}

export function useSaveLiteBot(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveLiteBotRequest) => callRoute(liteApi.save, { params: { id: botId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(liteKeys.bot(botId), saved);
      return queryClient.invalidateQueries({ queryKey: botKeys.all });
    },
    meta: { silent: true },
  });
}

/**
 * Publishes the draft and, the first time, puts it on a web chat deployment: one step for a shop
 * owner. Answers the deployment whose embed code goes on their site.
 */
export function usePublishToSite(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await callRoute(publishingApi.publish, { params: { id: botId } });
      const deployments = await callRoute(publishingApi.deployments, { params: { id: botId } });
      return (
        deployments.find((deployment) => deployment.channel === 'webchat') ??
        (await callRoute(publishingApi.createDeployment, {
          params: { id: botId },
          body: { channel: 'webchat' },
        }))
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.all }),
    meta: { silent: true },
  });
}

/** Reads a CSV file for the form on the server (the knowledge upload's reader); nothing is stored. */
export function useReadLiteCsv() {
  return useMutation({
    mutationFn: ({ file, catalogue }: { file: File; catalogue: boolean }) =>
      uploadToRoute(liteApi.readCsv, {
        query: { fileName: file.name, catalogue: catalogue ? 'true' : 'false' },
        file,
      }),
    meta: { silent: true },
  });
}

/** Answers drafted (or common questions suggested) by the configured model, for review. */
export function useDraftAnswers() {
  return useMutation({
    mutationFn: (body: LiteDraftRequest) => callRoute(liteApi.draftAnswers, { body }),
    meta: { silent: true },
  });
}

/** Adds the catalogue the form read to the bot just built, with generative answers on. */
export function useAttachCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, file }: { botId: string; file: File }) =>
      uploadToRoute(liteApi.attachCatalogue, { params: { id: botId }, query: { fileName: file.name }, file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.all }),
    meta: { silent: true },
  });
}
