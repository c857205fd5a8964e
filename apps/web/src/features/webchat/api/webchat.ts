import {
  botsApi,
  botVersionSchema,
  deploymentSchema,
  publishResponseSchema,
  type WebchatStyle,
  webchatStyleSchema,
} from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callRoute, http } from '../../../shared/api/request';
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
    queryFn: ({ signal }) =>
      http.get(`/api/bots/${botId}/webchat-style`, { schema: webchatStyleSchema, signal }),
  });

export const deploymentsQuery = (botId: string) =>
  queryOptions({
    queryKey: keys.deployments(botId),
    queryFn: ({ signal }) =>
      http.get(`/api/bots/${botId}/deployments`, { schema: z.array(deploymentSchema), signal }),
  });

/** The bot's test deployment (made on first use): the tester runs the draft through it. */
export const testDeploymentQuery = (botId: string) =>
  queryOptions({
    queryKey: [...botKeys.detail(botId), 'test-deployment'],
    queryFn: ({ signal }) =>
      http.get(`/api/bots/${botId}/test-deployment`, { schema: deploymentSchema, signal }),
  });

export const deploymentQuery = (deploymentId: string) =>
  queryOptions({
    queryKey: ['deployments', deploymentId],
    queryFn: ({ signal }) =>
      http.get(`/api/deployments/${deploymentId}`, { schema: deploymentSchema, signal }),
  });

export const versionsQuery = (botId: string) =>
  queryOptions({
    queryKey: keys.versions(botId),
    queryFn: ({ signal }) =>
      http.get(`/api/bots/${botId}/versions`, { schema: z.array(botVersionSchema), signal }),
  });

export function useSaveWebchatStyle(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (style: WebchatStyle) =>
      http.put(`/api/bots/${botId}/webchat-style`, { body: style, schema: webchatStyleSchema }),
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
  useBotChange(() => http.post(`/api/bots/${botId}/publish`, { schema: publishResponseSchema }));

export const useCreateWebchatDeployment = (botId: string) =>
  useBotChange(() =>
    http.post(`/api/bots/${botId}/deployments`, { body: { channel: 'webchat' }, schema: deploymentSchema }),
  );

/** The tag a site owner pastes before `</body>`. */
export function embedSnippet(origin: string, deploymentKey: string): string {
  return `<script src="${origin}/webchat.js" data-deployment="${deploymentKey}" async></script>`;
}
