import { agentsApi, type SaveToolRequest, type TestToolRequest } from '@parley/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callAgentsRoute } from '../../../shared/api/request';
import { agentKeys } from './agents';

/** `['agents', 'tools', …]`: under the agents' keys, so a change to a tool refreshes agents too. */
export const toolKeys = {
  all: [...agentKeys.all, 'tools'] as const,
  list: () => [...toolKeys.all, 'list'] as const,
  detail: (id: string) => [...toolKeys.all, 'detail', id] as const,
};

export const toolListQuery = queryOptions({
  queryKey: toolKeys.list(),
  queryFn: ({ signal }) => callAgentsRoute(agentsApi.listTools, { signal }),
});

export const toolQuery = (id: string) =>
  queryOptions({
    queryKey: toolKeys.detail(id),
    queryFn: ({ signal }) => callAgentsRoute(agentsApi.getTool, { params: { id }, signal }),
  });

function useToolsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolKeys.all }),
  });
}

export const useCreateTool = () =>
  useToolsMutation((body: SaveToolRequest) => callAgentsRoute(agentsApi.createTool, { body }));

export const useSaveTool = () =>
  useToolsMutation(({ id, body }: { id: string; body: SaveToolRequest }) =>
    callAgentsRoute(agentsApi.saveTool, { params: { id }, body }),
  );

export const useDeleteTool = () =>
  useToolsMutation((id: string) => callAgentsRoute(agentsApi.deleteTool, { params: { id } }));

/** Calls a tool once; the report (request, response, result) is the answer, nothing cached changes. */
export const useTestTool = (id: string) =>
  useMutation({
    mutationFn: (body: TestToolRequest) => callAgentsRoute(agentsApi.testTool, { params: { id }, body }),
    // The test dialog shows the failure itself (a refusal field by field).
    meta: { silent: true },
  });

/** Asks an MCP server which tools it offers now. */
export const useListMcpTools = (id: string) =>
  useMutation({
    mutationFn: () => callAgentsRoute(agentsApi.listMcpTools, { params: { id } }),
  });
