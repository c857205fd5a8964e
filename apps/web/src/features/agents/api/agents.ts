import {
  type AgentDefinitionInput,
  agentsApi,
  type CreateApiKeyRequest,
  type PlaygroundRequest,
} from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callAgentsRoute } from '../../../shared/api/request';

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

/** Runs one playground turn; the run (with its trace) is the answer, nothing cached changes. */
export const useRunPlayground = (id: string) =>
  useMutation({
    mutationFn: (body: PlaygroundRequest) => callAgentsRoute(agentsApi.playground, { params: { id }, body }),
  });
