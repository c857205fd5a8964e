import {
  botsApi,
  businessReportSchema,
  domainInsightsSchema,
  funnelReportSchema,
  messageReportSchema,
  pathsReportSchema,
  trafficReportSchema,
} from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, http } from '../../../shared/api/request';

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

/** One query per report: `GET /api/reports/{path}?{query}`, parsed with its contract. */
function reportQueryOptions<S extends z.ZodType>(path: string, schema: S) {
  return (query: URLSearchParams) =>
    queryOptions({
      queryKey: reportKeys.report(path, query.toString()),
      queryFn: ({ signal }): Promise<z.infer<S>> =>
        http.get(`/api/reports/${path}?${query}`, { schema, signal }),
      ...reportOptions,
    });
}

export const trafficReportQuery = reportQueryOptions('traffic', trafficReportSchema);
export const businessReportQuery = reportQueryOptions('business', businessReportSchema);
export const messageReportQuery = reportQueryOptions('messages', messageReportSchema);
export const funnelReportQuery = reportQueryOptions('funnel', funnelReportSchema);
export const pathsReportQuery = reportQueryOptions('paths', pathsReportSchema);

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
    mutationFn: (value: number) =>
      callRoute(botsApi.update, { params: { id: botId }, body: { defaultGoalValue: value } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
