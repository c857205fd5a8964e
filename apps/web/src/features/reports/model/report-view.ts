import { daysBetween, MAX_REPORT_DAYS } from '@parley/contracts';
import { dayParam, idParam } from '../../../shared/api/url-params';

export const PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET = 'last30' satisfies Preset;

/** What a report shows, as its address keeps it (so links, reloads and CSV files agree). */
export interface ReportView {
  companyId?: string;
  botId?: string;
  preset: Preset;
  /** Whole UTC days, both included. */
  from: string;
  to: string;
  compare: boolean;
  domain?: string;
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The days a preset covers on `today` (UTC). */
export function presetRange(
  preset: Exclude<Preset, 'custom'>,
  today: Date = new Date(),
): { from: string; to: string } {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  switch (preset) {
    case 'last7':
      return { from: isoDay(end - 6 * DAY_MS), to: isoDay(end) };
    case 'last30':
      return { from: isoDay(end - 29 * DAY_MS), to: isoDay(end) };
    case 'last90':
      return { from: isoDay(end - 89 * DAY_MS), to: isoDay(end) };
    case 'thisMonth':
      return { from: isoDay(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)), to: isoDay(end) };
    case 'lastMonth':
      return {
        from: isoDay(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)),
        to: isoDay(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)),
      };
  }
}

/** A custom range the server accepts: ordered, at most a year; otherwise null. */
export function validRange(
  from: string | undefined,
  to: string | undefined,
): { from: string; to: string } | null {
  if (!from || !to || from > to || daysBetween(from, to) > MAX_REPORT_DAYS) return null;
  return { from, to };
}

/** Reads the address; what is not valid falls back to the last 30 days rather than failing. */
export function readReportView(search: URLSearchParams, today: Date = new Date()): ReportView {
  const named = search.get('range');
  const preset = PRESETS.find(
    (candidate): candidate is Exclude<Preset, 'custom'> => candidate === named && named !== 'custom',
  );
  const custom = validRange(dayParam(search.get('from')), dayParam(search.get('to')));
  const range = preset
    ? { preset, ...presetRange(preset, today) }
    : custom
      ? { preset: 'custom' as const, ...custom }
      : { preset: DEFAULT_PRESET as Preset, ...presetRange(DEFAULT_PRESET, today) };
  const domain = search.get('domain')?.trim().toLowerCase().slice(0, 253);
  return {
    ...range,
    compare: search.get('compare') === 'true',
    ...(idParam(search.get('companyId')) ? { companyId: idParam(search.get('companyId')) } : {}),
    ...(idParam(search.get('botId')) ? { botId: idParam(search.get('botId')) } : {}),
    ...(domain ? { domain } : {}),
  };
}

/** The address of a view: a preset is kept by name (so "last 30 days" stays current), a custom range by its days. */
export function writeReportView(view: ReportView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.companyId) search.set('companyId', view.companyId);
  if (view.botId) search.set('botId', view.botId);
  if (view.preset === 'custom') {
    search.set('from', view.from);
    search.set('to', view.to);
  } else search.set('range', view.preset);
  if (view.compare) search.set('compare', 'true');
  if (view.domain) search.set('domain', view.domain);
  return search;
}

/** The query a report request sends (the company only when it is not the person's own). */
export function reportQuery(view: ReportView, ownCompanyId: string, withDomain = true): URLSearchParams {
  const query = new URLSearchParams({ from: view.from, to: view.to });
  if (view.companyId && view.companyId !== ownCompanyId) query.set('companyId', view.companyId);
  if (view.botId) query.set('botId', view.botId);
  if (view.compare) query.set('compare', 'true');
  if (withDomain && view.domain) query.set('domain', view.domain);
  return query;
}
