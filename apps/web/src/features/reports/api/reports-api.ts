import { botsApi, reportsApi } from '@parley/contracts';
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

/**
 * A report's answer for a query as the page's address holds it (the server validates it): the
 * contract's path and response schema.
 */
function fetchReport<S extends z.ZodType>(
  report: { path: string; response: S },
  query: URLSearchParams,
  signal: AbortSignal,
): Promise<z.output<S>> {
  return http.get(`${report.path}?${query}`, { schema: report.response, signal });
}

/** One query per report, keyed by its path and query. */
function reportQueryOptions<S extends z.ZodType>(report: { path: string; response: S }) {
  return (query: URLSearchParams) =>
    queryOptions({
      queryKey: reportKeys.report(report.path, query.toString()),
      queryFn: ({ signal }) => fetchReport(report, query, signal),
      ...reportOptions,
    });
}

export const trafficReportQuery = reportQueryOptions(reportsApi.traffic);
export const businessReportQuery = reportQueryOptions(reportsApi.business);
export const messageReportQuery = reportQueryOptions(reportsApi.messages);
export const funnelReportQuery = reportQueryOptions(reportsApi.funnel);
export const pathsReportQuery = reportQueryOptions(reportsApi.paths);
export const broadcastReportQuery = reportQueryOptions(reportsApi.broadcasts);

export const domainsQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: reportKeys.report(reportsApi.domains.path, query.toString()),
    queryFn: ({ signal }) => fetchReport(reportsApi.domains, query, signal),
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
