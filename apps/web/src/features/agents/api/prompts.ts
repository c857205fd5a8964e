import { agentsApi, type PromptDefinitionInput, type PromptRunRequest } from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callAgentsRoute } from '../../../shared/api/request';

/** `['agent-prompts', 'list' | 'detail' | 'versions' | 'version', …]`. */
export const promptKeys = {
  all: ['agent-prompts'] as const,
  list: (search: string) => [...promptKeys.all, 'list', search] as const,
  detail: (id: string) => [...promptKeys.all, 'detail', id] as const,
  versions: (id: string) => [...promptKeys.all, 'versions', id] as const,
  version: (id: string, version: number) => [...promptKeys.all, 'version', id, version] as const,
};

export const promptListQuery = (search = '') =>
  queryOptions({
    queryKey: promptKeys.list(search),
    queryFn: ({ signal }) =>
      callAgentsRoute(agentsApi.listPrompts, { query: { search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const promptQuery = (id: string) =>
  queryOptions({
    queryKey: promptKeys.detail(id),
    queryFn: ({ signal }) => callAgentsRoute(agentsApi.getPrompt, { params: { id }, signal }),
  });

export const promptVersionsQuery = (id: string) =>
  queryOptions({
    queryKey: promptKeys.versions(id),
    queryFn: ({ signal }) => callAgentsRoute(agentsApi.promptVersions, { params: { id }, signal }),
  });

/** A saved version never changes: it is kept as long as the screen lives. */
export const promptVersionQuery = (id: string, version: number) =>
  queryOptions({
    queryKey: promptKeys.version(id, version),
    queryFn: ({ signal }) => callAgentsRoute(agentsApi.promptVersion, { params: { id, version }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

function usePromptsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.all }),
  });
}

export const useCreatePrompt = () =>
  usePromptsMutation((definition: PromptDefinitionInput) =>
    callAgentsRoute(agentsApi.createPrompt, { body: { definition } }),
  );

export const useSavePrompt = (id: string) =>
  usePromptsMutation((body: { definition: PromptDefinitionInput; baseVersion: number }) =>
    callAgentsRoute(agentsApi.savePrompt, { params: { id }, body }),
  );

export const useDeletePrompt = () =>
  usePromptsMutation((id: string) => callAgentsRoute(agentsApi.deletePrompt, { params: { id } }));

/** A test run against the configured model: nothing cached changes. */
export const useRunPrompt = (id: string) =>
  useMutation({
    mutationFn: (body: PromptRunRequest) => callAgentsRoute(agentsApi.testPrompt, { params: { id }, body }),
  });
