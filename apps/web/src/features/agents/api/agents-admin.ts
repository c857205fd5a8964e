import {
  type AgentDashboardQuery,
  type AgentPeriodQuery,
  agentsAdminApi,
  companiesApi,
  type SaveAgentProviderRequest,
  type SaveAgentSettingsRequest,
  type SpendingLimit,
} from '@parley/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callAgentsRoute, callRoute } from '../../../shared/api/request';
import { agentKeys } from './agents';

/** `['agents', 'settings' | 'usage' | 'dashboard' | 'run' | 'audit' | 'companies', …]`. */
export const agentAdminKeys = {
  settings: () => [...agentKeys.all, 'settings'] as const,
  usage: (query: AgentPeriodQuery) => [...agentKeys.all, 'usage', query] as const,
  dashboard: (query: AgentDashboardQuery) => [...agentKeys.all, 'dashboard', query] as const,
  run: (id: string, companyId?: string) => [...agentKeys.all, 'run', id, companyId] as const,
  audit: (companyId?: string) => [...agentKeys.all, 'audit', companyId] as const,
  companies: (search: string) => [...agentKeys.all, 'companies', search] as const,
};

export const agentSettingsQuery = queryOptions({
  queryKey: agentAdminKeys.settings(),
  queryFn: ({ signal }) => callAgentsRoute(agentsAdminApi.settings, { signal }),
});

export const agentUsageQuery = (query: AgentPeriodQuery) =>
  queryOptions({
    queryKey: agentAdminKeys.usage(query),
    queryFn: ({ signal }) => callAgentsRoute(agentsAdminApi.usage, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const agentDashboardQuery = (query: AgentDashboardQuery) =>
  queryOptions({
    queryKey: agentAdminKeys.dashboard(query),
    queryFn: ({ signal }) => callAgentsRoute(agentsAdminApi.dashboard, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const storedRunQuery = (id: string, companyId?: string) =>
  queryOptions({
    queryKey: agentAdminKeys.run(id, companyId),
    queryFn: ({ signal }) =>
      callAgentsRoute(agentsAdminApi.run, { params: { id }, query: { companyId }, signal }),
  });

/**
 * The agents' audit log, a page at a time: the company's own, or for Parley staff every company's
 * (`companyId` undefined) or the one they pick.
 */
export const agentAuditQuery = (companyId?: string) =>
  infiniteQueryOptions({
    queryKey: agentAdminKeys.audit(companyId),
    queryFn: ({ pageParam, signal }) =>
      callAgentsRoute(agentsAdminApi.audit, {
        query: { companyId, limit: 25, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** Companies Parley staff may pick to read (others get their own only). */
export const staffCompaniesQuery = (search: string) =>
  queryOptions({
    queryKey: agentAdminKeys.companies(search),
    queryFn: ({ signal }) => callRoute(companiesApi.list, { query: { search, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
  });

function useAdminMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export const useSaveAgentSettings = () =>
  useAdminMutation((body: SaveAgentSettingsRequest) =>
    callAgentsRoute(agentsAdminApi.saveSettings, { body }),
  );

export const useSaveProvider = () =>
  useAdminMutation((body: SaveAgentProviderRequest) =>
    callAgentsRoute(agentsAdminApi.saveProvider, { body }),
  );

export const useRemoveProvider = () =>
  useAdminMutation(() => callAgentsRoute(agentsAdminApi.removeProvider, {}));

export const useSwitchAgent = () =>
  useAdminMutation((input: { id: string; enabled: boolean; reason?: string }) =>
    callAgentsRoute(agentsAdminApi.switchAgent, {
      params: { id: input.id },
      body: { enabled: input.enabled, reason: input.reason ?? '' },
    }),
  );

export const useAgentSpendingLimit = () =>
  useAdminMutation((input: { id: string; spendingLimit: SpendingLimit }) =>
    callAgentsRoute(agentsAdminApi.spendingLimit, {
      params: { id: input.id },
      body: { spendingLimit: input.spendingLimit },
    }),
  );
