import { botsApi, publishingApi, type WebchatStyle, webchatStyleApi } from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';
import { botKeys } from '../../bots/api/bots';

const keys = {
  style: (botId: string) => [...botKeys.detail(botId), 'webchat-style'] as const,
  deployments: (botId: string) => [...botKeys.detail(botId), 'deployments'] as const,
  versions: (botId: string) => [...botKeys.detail(botId), 'versions'] as const,
};

export const botQuery = (botId: string) =>
  queryOptions({
    queryKey: botKeys.detail(botId),
    queryFn: ({ signal }) => callRoute(botsApi.get, { params: { id: botId }, signal }),
  });

export const webchatStyleQuery = (botId: string) =>
  queryOptions({
    queryKey: keys.style(botId),
    queryFn: ({ signal }) => callRoute(webchatStyleApi.get, { params: { id: botId }, signal }),
  });

/** What the bot's draft says first: the styling preview shows it. */
export const webchatOpeningQuery = (botId: string) =>
  queryOptions({
    queryKey: [...keys.style(botId), 'opening'],
    queryFn: ({ signal }) => callRoute(webchatStyleApi.opening, { params: { id: botId }, signal }),
  });

export const deploymentsQuery = (botId: string) =>
  queryOptions({
    queryKey: keys.deployments(botId),
    queryFn: ({ signal }) => callRoute(publishingApi.deployments, { params: { id: botId }, signal }),
  });

/** The bot's test deployment (made on first use): the tester runs the draft through it. */
export const testDeploymentQuery = (botId: string) =>
  queryOptions({
    queryKey: [...botKeys.detail(botId), 'test-deployment'],
    queryFn: ({ signal }) => callRoute(publishingApi.testDeployment, { params: { id: botId }, signal }),
  });

export const deploymentQuery = (deploymentId: string) =>
  queryOptions({
    queryKey: ['deployments', deploymentId],
    queryFn: ({ signal }) => callRoute(publishingApi.deployment, { params: { id: deploymentId }, signal }),
  });

export const versionsQuery = (botId: string) =>
  queryOptions({
    queryKey: keys.versions(botId),
    queryFn: ({ signal }) => callRoute(publishingApi.versions, { params: { id: botId }, signal }),
  });

export function useSaveWebchatStyle(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (style: WebchatStyle) =>
      callRoute(webchatStyleApi.save, { params: { id: botId }, body: style }),
    onSuccess: (saved) => queryClient.setQueryData(keys.style(botId), saved),
    meta: { silent: true },
  });
}

/** Publishing and deploying change the bot, its versions and its deployments: all refetch. */
function useBotChange<R>(mutationFn: () => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.all }),
    meta: { silent: true },
  });
}

export const usePublishBot = (botId: string) =>
  useBotChange(() => callRoute(publishingApi.publish, { params: { id: botId } }));

export const useCreateWebchatDeployment = (botId: string) =>
  useBotChange(() =>
    callRoute(publishingApi.createDeployment, { params: { id: botId }, body: { channel: 'webchat' } }),
  );

/** The tag a site owner pastes before `</body>`. */
export function embedSnippet(origin: string, deploymentKey: string): string {
  return `<script src="${origin}/webchat.js" data-deployment="${deploymentKey}" async></script>`;
}
