import {
  type AgentDefinitionInput,
  type AgentRun,
  agentsApi,
  type CreateApiKeyRequest,
  type PlaygroundRequest,
} from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { readEventStream } from '../../../shared/api/event-stream';
import { agentsRouteUrl, callAgentsRoute } from '../../../shared/api/request';

/** `['agents', 'list' | 'detail' | 'versions' | 'api-keys', …]`. */
export const agentKeys = {
  all: ['agents'] as const,
  list: (search: string) => [...agentKeys.all, 'list', search] as const,
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
  versions: (id: string) => [...agentKeys.all, 'versions', id] as const,
  apiKeys: () => [...agentKeys.all, 'api-keys'] as const,
};

export const agentListQuery = (search: string) =>
  queryOptions({
    queryKey: agentKeys.list(search),
    queryFn: ({ signal }) =>
      callAgentsRoute(agentsApi.list, { query: { search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const agentQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.detail(id),
    queryFn: ({ signal }) => callAgentsRoute(agentsApi.get, { params: { id }, signal }),
  });

export const agentVersionsQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.versions(id),
    queryFn: ({ signal }) => callAgentsRoute(agentsApi.versions, { params: { id }, signal }),
  });

export const apiKeysQuery = queryOptions({
  queryKey: agentKeys.apiKeys(),
  queryFn: ({ signal }) => callAgentsRoute(agentsApi.listApiKeys, { signal }),
});

function useAgentsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export const useCreateAgent = () =>
  useAgentsMutation((definition: AgentDefinitionInput) =>
    callAgentsRoute(agentsApi.create, { body: { definition } }),
  );

export const useSaveAgent = (id: string) =>
  useAgentsMutation((body: { definition: AgentDefinitionInput; baseVersion: number }) =>
    callAgentsRoute(agentsApi.save, { params: { id }, body }),
  );

export const useDuplicateAgent = () =>
  useAgentsMutation((id: string) => callAgentsRoute(agentsApi.duplicate, { params: { id } }));

export const useDeleteAgent = () =>
  useAgentsMutation((id: string) => callAgentsRoute(agentsApi.delete, { params: { id } }));

export const useCreateApiKey = () =>
  useAgentsMutation((body: CreateApiKeyRequest) => callAgentsRoute(agentsApi.createApiKey, { body }));

export const useRevokeApiKey = () =>
  useAgentsMutation((id: string) => callAgentsRoute(agentsApi.revokeApiKey, { params: { id } }));

/** The knowledge sources of the company's bots an agent may search. */
export const knowledgeSourcesQuery = queryOptions({
  queryKey: [...agentKeys.all, 'knowledge-sources'],
  queryFn: ({ signal }) => callAgentsRoute(agentsApi.knowledgeSources, { signal }),
});

/**
 * One playground turn, streamed: `onText` gets the answer so far as the model writes it; the run
 * (with its trace) is the answer. A turn that breaks midway raises its named error.
 */
export async function streamPlayground(
  id: string,
  body: PlaygroundRequest,
  onText: (text: string) => void,
  signal: AbortSignal,
): Promise<AgentRun> {
  const events = agentsApi.playgroundStream.events;
  let text = '';
  let run: AgentRun | undefined;
  let failure: ApiError | undefined;
  await readEventStream(
    agentsRouteUrl(agentsApi.playgroundStream, { params: { id }, body }),
    (event) => {
      const data: unknown = JSON.parse(event.data);
      if (event.event === 'token') {
        text += events.token.parse(data).text;
        onText(text);
      } else if (event.event === 'run') run = events.run.parse(data);
      else if (event.event === 'error') {
        const error = events.error.parse(data);
        failure = new ApiError(error.name, error.message, 500);
      }
    },
    signal,
    undefined,
    undefined,
    { method: 'POST', body },
  );
  if (failure) throw failure;
  if (!run) throw new ApiError('InternalException', 'The turn ended before its answer', 500);
  return run;
}
