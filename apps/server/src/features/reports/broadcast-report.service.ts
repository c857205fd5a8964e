import {
  type BroadcastFigures,
  type BroadcastReport,
  MAX_REPORT_BROADCASTS,
  type ReportQuery,
  type ReportRange,
} from '@parley/contracts';
import type { Queryable } from '../../db/database';
import type { Reads } from '../../db/read-replica';
import { broadcastsStartedBetween, figuresOf, NO_FIGURES } from '../broadcasts/broadcasts.repository';
import { openReport } from './reports.service';

const DAY_MS = 24 * 60 * 60 * 1000;

type Totals = BroadcastReport['totals'];

const ZERO: Totals = { ...NO_FIGURES, broadcasts: 0 };

function add(totals: Totals, figures: BroadcastFigures): Totals {
  const sum = { ...totals, broadcasts: totals.broadcasts + 1 };
  for (const key of Object.keys(figures) as (keyof BroadcastFigures)[]) sum[key] += figures[key];
  return sum;
}

/** The broadcasts that began sending in the range's whole UTC days, with each one's figures. */
async function broadcastsOf(
  db: Queryable,
  scope: { companyId: string; botId?: string; botIds?: string[] },
  range: ReportRange,
) {
  const rows = await broadcastsStartedBetween(
    db,
    scope,
    new Date(`${range.from}T00:00:00Z`),
    new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS),
  );
  const figures = await figuresOf(
    db,
    scope.companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, figures: figures.get(row.id) ?? NO_FIGURES }));
}

/**
 * The broadcasts report: the figures of the broadcasts that began sending in the period, counted
 * as each broadcast's results are (the same query), so the report and the broadcast agree.
 */
export async function broadcastReport(
  reads: Reads,
  companyId: string,
  query: ReportQuery,
  botIds: string[] | undefined,
): Promise<BroadcastReport> {
  const { db, scope, range, previousRange, frame } = await openReport(reads, companyId, query, botIds);
  const current = await broadcastsOf(db, scope, range);
  const previous = previousRange ? await broadcastsOf(db, scope, previousRange) : null;
  return {
    ...frame,
    totals: current.reduce((sum, each) => add(sum, each.figures), ZERO),
    previousTotals: previous ? previous.reduce((sum, each) => add(sum, each.figures), ZERO) : null,
    broadcasts: current.slice(0, MAX_REPORT_BROADCASTS).map(({ row, figures }) => ({
      id: row.id,
      name: row.name,
      botId: row.bot_id,
      state: row.state,
      startedAt: new Date(row.began_at).toISOString(),
      channels: row.channels,
      figures,
    })),
  };
}
