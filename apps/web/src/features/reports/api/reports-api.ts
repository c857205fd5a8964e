import {
  businessReportSchema,
  domainInsightsSchema,
  funnelReportSchema,
  messageReportSchema,
  pathsReportSchema,
  trafficReportSchema,
} from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/request';

/** `['reports']` for everything; one entry per report and query. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (name: string, query: string) => [...reportKeys.all, name, query] as const,
};

// Reports change only as events arrive: a minute of freshness, and the previous figures stay on
// screen while a new range loads (no flashing to empty).
const reportOptions = {
  staleTime: 60_000,
  placeholderData: keepPreviousData,
  refetchOnWindowFocus: false,
} as const;

export const trafficReportQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: reportKeys.report('traffic', query.toString()),
    queryFn: ({ signal }) =>
      http.get(`/api/reports/traffic?${query}`, { schema: trafficReportSchema, signal }),
    ...reportOptions,
  });

export const businessReportQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: reportKeys.report('business', query.toString()),
    queryFn: ({ signal }) =>
      http.get(`/api/reports/business?${query}`, { schema: businessReportSchema, signal }),
    ...reportOptions,
  });

export const messageReportQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: reportKeys.report('messages', query.toString()),
    queryFn: ({ signal }) =>
      http.get(`/api/reports/messages?${query}`, { schema: messageReportSchema, signal }),
    ...reportOptions,
  });

export const funnelReportQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: reportKeys.report('funnel', query.toString()),
    queryFn: ({ signal }) => http.get(`/api/reports/funnel?${query}`, { schema: funnelReportSchema, signal }),
    ...reportOptions,
  });

export const pathsReportQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: reportKeys.report('paths', query.toString()),
    queryFn: ({ signal }) => http.get(`/api/reports/paths?${query}`, { schema: pathsReportSchema, signal }),
    ...reportOptions,
  });

export const domainsQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: reportKeys.report('domains', query.toString()),
    queryFn: ({ signal }) =>
      http.get(`/api/reports/insights/domains?${query}`, { schema: domainInsightsSchema, signal }),
    staleTime: 5 * 60_000,
  });

/** Sets what a goal completion is worth when its module names no value; the revenue follows. */
export function useDefaultGoalValue(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: number) => http.patch(`/api/bots/${botId}`, { body: { defaultGoalValue: value } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
