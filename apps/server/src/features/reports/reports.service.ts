import {
  type BusinessReport,
  type DomainInsights,
  type DomainsQuery,
  type FunnelQuery,
  type FunnelReport,
  type Kpi,
  type KpiDay,
  type KpiName,
  type MessageReport,
  MIN_INDUSTRY_COMPANIES,
  type PathsQuery,
  type PathsReport,
  type ReportQuery,
  type ReportRange,
  type TrafficReport,
  type TrafficTotals,
} from '@parley/contracts';
import { type Flow, loadFlow } from '@parley/flow';
import type { Db, Queryable } from '../../db/database';
import type { Reads } from '../../db/read-replica';
import { NotFoundException } from '../../errors';
import { rolledUpAt, rollUpSource } from './report-rollup.repository';
import {
  botKpiTotals,
  type ConversationDayRow,
  companyIndustry,
  conversationDays,
  conversationLengths,
  distinctVisitors,
  funnelCounts,
  goalDays,
  hoursOfWeek,
  industryKpiInputs,
  LENGTH_BUCKETS,
  moduleTotals,
  pathsAfter,
  type ReportBotRow,
  type ReportScope,
  reportBots,
  seenDomains,
  type TrafficDayRow,
  topPages,
  topTexts,
  trafficDays,
  visitorSketches,
} from './reports.repository';
import { tipFocus } from './tip-focus';
import { type TipInputs, tipsToGrow } from './tips';
import { estimateVisitors, mergeSketches } from './visitor-sketch';

/** A report request folds in what arrived since the last rollup when that is older than this. */
export const ROLLUP_FRESHNESS_MS = 10_000;
const TOP = 20;
const DAY_MS = 86_400_000;

/** Rolls up both sources (each skipped if another process is at it). */
export async function rollUpReports(db: Db) {
  return [await rollUpSource(db, 'conversations'), await rollUpSource(db, 'traffic')];
}

/**
 * Brings the rollups up to date when they are older than ROLLUP_FRESHNESS_MS; answers when they
 * were made and where to read them (the primary, when it just wrote them: a replica may lag).
 */
export async function freshRollups(reads: Reads): Promise<{ updatedAt: string | null; db: Db }> {
  const at = await rolledUpAt(reads.db);
  if (at && Date.now() - at.getTime() < ROLLUP_FRESHNESS_MS)
    return { updatedAt: at.toISOString(), db: reads.db };
  await rollUpReports(reads.primary);
  return { updatedAt: (await rolledUpAt(reads.primary))?.toISOString() ?? null, db: reads.primary };
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The period of the same length just before `range`. */
export function previousRange(range: ReportRange): ReportRange {
  const from = Date.parse(range.from);
  const length = Date.parse(range.to) - from + DAY_MS;
  return { from: isoDay(from - length), to: isoDay(from - DAY_MS) };
}

function everyDay(range: ReportRange): string[] {
  const days: string[] = [];
  for (let time = Date.parse(range.from); time <= Date.parse(range.to); time += DAY_MS)
    days.push(isoDay(time));
  return days;
}

const ratio = (numerator: number, denominator: number) => (denominator > 0 ? numerator / denominator : null);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The bots a report names must be the company's (404 otherwise, as for any foreign id). */
async function botsInScope(
  db: Queryable,
  companyId: string,
  ids: string[],
): Promise<Map<string, ReportBotRow>> {
  const unique = [...new Set(ids)];
  const rows = await reportBots(db, companyId, unique);
  return new Map(rows.map((row) => [row.id, row]));
}

async function assertBot(
  db: Queryable,
  companyId: string,
  botId: string | undefined,
): Promise<ReportBotRow | null> {
  if (!botId) return null;
  const bot = (await botsInScope(db, companyId, [botId])).get(botId);
  if (!bot) throw new NotFoundException('Bot not found');
  return bot;
}

function flowOf(bot: ReportBotRow | undefined): Flow | null {
  if (!bot) return null;
  try {
    return loadFlow(bot.draft_flow);
  } catch {
    return null;
  }
}

function moduleLookup(bots: Map<string, ReportBotRow>) {
  const flows = new Map([...bots].map(([id, bot]) => [id, flowOf(bot)]));
  return (botId: string, moduleId: string) =>
    flows.get(botId)?.modules.find((module) => module.id === moduleId);
}

/** `botIds`: the bots the reader may see, when limited to some (undefined: every bot). */
const scopeOf = (
  companyId: string,
  query: { botId?: string; domain?: string },
  botIds: string[] | undefined,
): ReportScope => ({
  companyId,
  ...(query.botId ? { botId: query.botId } : {}),
  ...(botIds ? { botIds } : {}),
  ...(query.domain ? { domain: query.domain } : {}),
});

/**
 * What every report starts with: the named bot checked to be the company's, the rollups brought
 * up to date, the scope, the period and the one before it (when comparing).
 */
export async function openReport(
  reads: Reads,
  companyId: string,
  query: { botId?: string; domain?: string; from: string; to: string; compare?: boolean },
  botIds: string[] | undefined,
) {
  const bot = await assertBot(reads.db, companyId, query.botId);
  const { updatedAt, db } = await freshRollups(reads);
  const range = { from: query.from, to: query.to };
  const previous = query.compare ? previousRange(range) : null;
  return {
    db,
    bot,
    scope: scopeOf(companyId, query, botIds),
    range,
    previousRange: previous,
    /** The fields every report answer starts with. */
    frame: { range, previousRange: previous, updatedAt },
  };
}

// ---- Traffic --------------------------------------------------------------------------------

/**
 * The visitors of a range: counted exactly up to this many sessions, estimated from the daily
 * visitor sketches beyond (counting distinct ids reads every session of the range).
 */
export const EXACT_VISITORS_UP_TO_SESSIONS = 50_000;

async function rangeVisitors(db: Queryable, scope: ReportScope, range: ReportRange, sessions: number) {
  if (sessions <= EXACT_VISITORS_UP_TO_SESSIONS)
    return { visitors: await distinctVisitors(db, scope, range), estimated: false };
  const sketch = mergeSketches(await visitorSketches(db, scope, range));
  return { visitors: estimateVisitors(sketch), estimated: true };
}

async function trafficFigures(db: Queryable, scope: ReportScope, range: ReportRange) {
  const [traffic, conversations] = await Promise.all([
    trafficDays(db, scope, range),
    conversationDays(db, scope, range),
  ]);
  const { visitors, estimated } = await rangeVisitors(
    db,
    scope,
    range,
    traffic.reduce((sum, row) => sum + row.sessions, 0),
  );
  const byDay = new Map<string, TrafficTotals>(
    everyDay(range).map((date) => [
      date,
      { pageViews: 0, visitors: 0, sessions: 0, widgetOpens: 0, conversationsStarted: 0 },
    ]),
  );
  for (const row of traffic) {
    const day = byDay.get(row.date);
    if (!day) continue;
    day.pageViews = row.page_views;
    day.visitors = row.visitors;
    day.sessions = row.sessions;
    day.widgetOpens = row.widget_opens;
  }
  for (const row of conversations) {
    const day = byDay.get(row.date);
    if (day) day.conversationsStarted += row.conversations;
  }
  const days = [...byDay].map(([date, totals]) => ({ date, ...totals }));
  const sum = (key: keyof TrafficTotals) => days.reduce((total, day) => total + day[key], 0);
  const totals: TrafficTotals = {
    pageViews: sum('pageViews'),
    visitors,
    sessions: sum('sessions'),
    widgetOpens: sum('widgetOpens'),
    conversationsStarted: sum('conversationsStarted'),
  };
  return { days, totals, visitorsEstimated: estimated };
}

export async function trafficReport(
  reads: Reads,
  companyId: string,
  query: ReportQuery,
  botIds?: string[],
): Promise<TrafficReport> {
  const { db, scope, range, previousRange, frame } = await openReport(reads, companyId, query, botIds);
  const [current, previous, views, started, pages] = await Promise.all([
    trafficFigures(db, scope, range),
    previousRange ? trafficFigures(db, scope, previousRange) : null,
    hoursOfWeek(db, scope, range, 'page_views'),
    hoursOfWeek(db, scope, range, 'conversations'),
    topPages(db, scope, range, TOP),
  ]);
  const cells = new Map<string, TrafficReport['hoursOfWeek'][number]>();
  const cell = (weekday: number, hour: number) => {
    const key = `${weekday}:${hour}`;
    const found = cells.get(key) ?? { weekday, hour, pageViews: 0, conversationsStarted: 0 };
    cells.set(key, found);
    return found;
  };
  for (const row of views) cell(row.weekday, row.hour).pageViews += row.count;
  for (const row of started) cell(row.weekday, row.hour).conversationsStarted += row.count;
  return {
    ...frame,
    totals: current.totals,
    previousTotals: previous?.totals ?? null,
    visitorsEstimated: current.visitorsEstimated || (previous?.visitorsEstimated ?? false),
    days: current.days,
    hoursOfWeek: [...cells.values()].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    topPages: pages.map((page) => ({ domain: page.domain, url: page.url, pageViews: page.page_views })),
  };
}

export async function domainInsights(
  reads: Reads,
  companyId: string,
  query: DomainsQuery,
  botIds?: string[],
): Promise<DomainInsights> {
  await assertBot(reads.db, companyId, query.botId);
  const { db } = await freshRollups(reads);
  const rows = await seenDomains(db, scopeOf(companyId, query, botIds));
  return {
    items: rows.map((row) => ({ domain: row.domain, pageViews: row.page_views, lastSeen: row.last_seen })),
  };
}

// ---- Business -------------------------------------------------------------------------------

interface KpiParts {
  conversations: number;
  goalConversations: number;
  handoffConversations: number;
  userMessages: number;
  fallbacks: number;
  sessions: number;
  openedSessions: number;
}

const emptyParts = (): KpiParts => ({
  conversations: 0,
  goalConversations: 0,
  handoffConversations: 0,
  userMessages: 0,
  fallbacks: 0,
  sessions: 0,
  openedSessions: 0,
});

const KPI_PARTS: Record<KpiName, [keyof KpiParts, keyof KpiParts]> = {
  goalCompletionRate: ['goalConversations', 'conversations'],
  openRate: ['openedSessions', 'sessions'],
  handoverRate: ['handoffConversations', 'conversations'],
  fallbackRate: ['fallbacks', 'userMessages'],
};

function addConversationRow(parts: KpiParts, row: ConversationDayRow) {
  parts.conversations += row.conversations;
  parts.goalConversations += row.goal_conversations;
  parts.handoffConversations += row.handoff_conversations;
  parts.userMessages += row.user_messages;
  parts.fallbacks += row.fallbacks;
}

function addTrafficRow(parts: KpiParts, row: TrafficDayRow) {
  parts.sessions += row.sessions;
  parts.openedSessions += row.opened_sessions;
}

async function kpiFigures(db: Queryable, scope: ReportScope, range: ReportRange) {
  const [conversations, traffic] = await Promise.all([
    conversationDays(db, scope, range),
    trafficDays(db, scope, range),
  ]);
  const total = emptyParts();
  const byDay = new Map(everyDay(range).map((date) => [date, emptyParts()]));
  for (const row of conversations) {
    addConversationRow(total, row);
    const day = byDay.get(row.date);
    if (day) addConversationRow(day, row);
  }
  for (const row of traffic) {
    addTrafficRow(total, row);
    const day = byDay.get(row.date);
    if (day) addTrafficRow(day, row);
  }
  return { total, byDay, pageViews: traffic.reduce((sum, row) => sum + row.page_views, 0) };
}

const rateOf = (parts: KpiParts, name: KpiName) =>
  ratio(parts[KPI_PARTS[name][0]], parts[KPI_PARTS[name][1]]);

interface RevenueValues {
  valueOf(
    botId: string,
    moduleId: string,
  ): { value: number; valueFrom: 'module' | 'default'; name: string | null };
}

function revenueValues(bots: Map<string, ReportBotRow>): RevenueValues {
  const lookup = moduleLookup(bots);
  return {
    valueOf(botId, moduleId) {
      const module = lookup(botId, moduleId);
      const own = module?.isGoal ? module.goalValue : undefined;
      return own !== undefined
        ? { value: own, valueFrom: 'module', name: module?.name ?? null }
        : {
            value: bots.get(botId)?.default_goal_value ?? 0,
            valueFrom: 'default',
            name: module?.name ?? null,
          };
    },
  };
}

export async function businessReport(
  reads: Reads,
  companyId: string,
  query: ReportQuery,
  botIds?: string[],
): Promise<BusinessReport> {
  const { db, bot, scope, range, previousRange, frame } = await openReport(reads, companyId, query, botIds);
  const industry = await companyIndustry(db, companyId);
  const [current, previous, peers, goals, previousGoals, unrecognized] = await Promise.all([
    kpiFigures(db, scope, range),
    previousRange ? kpiFigures(db, scope, previousRange) : null,
    industry ? industryKpiInputs(db, industry, range) : [],
    goalDays(db, scope, range),
    previousRange ? goalDays(db, scope, previousRange) : [],
    topTexts(db, scope, range, 'unrecognized', 5),
  ]);

  const peerParts: KpiParts[] = peers.map((row) => ({
    conversations: row.conversations,
    goalConversations: row.goal_conversations,
    handoffConversations: row.handoff_conversations,
    userMessages: row.user_messages,
    fallbacks: row.fallbacks,
    sessions: row.sessions,
    openedSessions: row.opened_sessions,
  }));
  const kpi = (name: KpiName): Kpi => {
    const [numerator, denominator] = KPI_PARTS[name];
    const contributing = peerParts
      .map((parts) => rateOf(parts, name))
      .filter((value): value is number => value !== null);
    return {
      value: rateOf(current.total, name),
      numerator: current.total[numerator],
      denominator: current.total[denominator],
      previous: previous ? rateOf(previous.total, name) : null,
      industryMedian: contributing.length >= MIN_INDUSTRY_COMPANIES ? median(contributing) : null,
      industryCompanies: contributing.length,
    };
  };
  const kpis = {
    goalCompletionRate: kpi('goalCompletionRate'),
    openRate: kpi('openRate'),
    handoverRate: kpi('handoverRate'),
    fallbackRate: kpi('fallbackRate'),
  };

  const goalBots = await botsInScope(db, companyId, [
    ...(bot ? [bot.id] : []),
    ...goals.map((row) => row.bot_id),
    ...previousGoals.map((row) => row.bot_id),
  ]);
  const values = revenueValues(goalBots);
  const revenueByDay = new Map<string, number>();
  const byGoal = new Map<string, BusinessReport['revenue']['goals'][number]>();
  for (const row of goals) {
    const { value, valueFrom, name } = values.valueOf(row.bot_id, row.module_id);
    revenueByDay.set(row.date, (revenueByDay.get(row.date) ?? 0) + row.goals * value);
    const key = `${row.bot_id}:${row.module_id}`;
    const goal = byGoal.get(key) ?? {
      botId: row.bot_id,
      moduleId: row.module_id,
      name,
      completions: 0,
      value,
      valueFrom,
      revenue: 0,
    };
    goal.completions += row.goals;
    goal.revenue += row.goals * value;
    byGoal.set(key, goal);
  }
  const revenueOf = (rows: typeof goals) =>
    rows.reduce((sum, row) => sum + row.goals * values.valueOf(row.bot_id, row.module_id).value, 0);

  const dayRows = (figures: Awaited<ReturnType<typeof kpiFigures>>, revenue: Map<string, number>): KpiDay[] =>
    [...figures.byDay].map(([date, parts]) => ({
      date,
      goalCompletionRate: rateOf(parts, 'goalCompletionRate'),
      openRate: rateOf(parts, 'openRate'),
      handoverRate: rateOf(parts, 'handoverRate'),
      fallbackRate: rateOf(parts, 'fallbackRate'),
      conversations: parts.conversations,
      revenue: revenue.get(date) ?? 0,
    }));
  const previousRevenueByDay = new Map<string, number>();
  for (const row of previousGoals) {
    const value = values.valueOf(row.bot_id, row.module_id).value;
    previousRevenueByDay.set(row.date, (previousRevenueByDay.get(row.date) ?? 0) + row.goals * value);
  }

  const { tips, status: tipsStatus } = tipsToGrow({
    kpis,
    conversations: current.total.conversations,
    pageViews: current.pageViews,
    topUnrecognized: unrecognized.map((row) => ({ text: row.text, count: row.count })),
    ...(await tipTargets(db, companyId, scope, range, bot)),
  });

  return {
    ...frame,
    industry,
    kpis,
    days: dayRows(current, revenueByDay),
    previousDays: previous ? dayRows(previous, previousRevenueByDay) : null,
    revenue: {
      currency: 'USD',
      total: revenueOf(goals),
      previousTotal: previousRange ? revenueOf(previousGoals) : null,
      completions: goals.reduce((sum, row) => sum + row.goals, 0),
      defaultValue: bot ? bot.default_goal_value : null,
      goals: [...byGoal.values()].sort((a, b) => b.revenue - a.revenue || b.completions - a.completions),
    },
    tips,
    tipsStatus,
  };
}

/**
 * Where each tip leads, and whether the bots have goals: worked out the same way for one bot as
 * for all of them, so both views give the same tips for the same figures.
 */
async function tipTargets(
  db: Queryable,
  companyId: string,
  scope: ReportScope,
  range: ReportRange,
  bot: ReportBotRow | null,
): Promise<Pick<TipInputs, 'hasGoalModules' | 'links'>> {
  const rows = await botKpiTotals(db, scope, range);
  if (bot && !rows.some((row) => row.bot_id === bot.id))
    rows.push({
      bot_id: bot.id,
      conversations: 0,
      goal_conversations: 0,
      fallbacks: 0,
      sessions: 0,
      opened_sessions: 0,
    });
  const flows = bot
    ? new Map([[bot.id, bot]])
    : await botsInScope(
        db,
        companyId,
        rows.map((row) => row.bot_id),
      );
  const focus = tipFocus(
    rows.map((row) => ({
      botId: row.bot_id,
      conversations: row.conversations,
      goalConversations: row.goal_conversations,
      fallbacks: row.fallbacks,
      sessions: row.sessions,
      openedSessions: row.opened_sessions,
      hasGoalModule: flowOf(flows.get(row.bot_id))?.modules.some((module) => module.isGoal) ?? false,
    })),
  );
  // With no bot to name (none had figures), the bot list, where one is picked.
  const builder = (botId: string | null) => (botId ? `/bots/list/${botId}` : '/v2');
  const context = (botId: string | null) => new URLSearchParams({ companyId, ...(botId ? { botId } : {}) });
  return {
    hasGoalModules: focus.hasGoalModules,
    links: {
      unrecognized: builder(focus.unrecognized),
      greeting: focus.greeting ? `/v2/lite/bots/${focus.greeting}/settings/styling` : '/v2',
      goalSetup: builder(focus.goalSetup),
      funnel: `/v2/reports/messages?${context(focus.funnel)}&from=${range.from}&to=${range.to}#funnel`,
      inbox: `/v2/inbox?${new URLSearchParams({ ...Object.fromEntries(context(bot?.id ?? null)), hasHandoff: 'true' })}`,
      install: '/v2/conversational-web-sdk',
    },
  };
}

// ---- Messages -------------------------------------------------------------------------------

async function messageTotals(db: Queryable, scope: ReportScope, range: ReportRange) {
  const rows = await conversationDays(db, scope, range);
  const totals = { userMessages: 0, botMessages: 0, agentMessages: 0, conversations: 0 };
  for (const row of rows) {
    totals.userMessages += row.user_messages;
    totals.botMessages += row.bot_messages;
    totals.agentMessages += row.agent_messages;
    totals.conversations += row.conversations;
  }
  return { rows, totals };
}

export async function messageReport(
  reads: Reads,
  companyId: string,
  query: ReportQuery,
  botIds?: string[],
): Promise<MessageReport> {
  const { db, scope, range, previousRange, frame } = await openReport(reads, companyId, query, botIds);
  const [current, previous, messages, unrecognized, lowConfidence, buttons, modules, lengths] =
    await Promise.all([
      messageTotals(db, scope, range),
      previousRange ? messageTotals(db, scope, previousRange) : null,
      topTexts(db, scope, range, 'message', TOP),
      topTexts(db, scope, range, 'unrecognized', TOP),
      topTexts(db, scope, range, 'low_confidence', TOP),
      topTexts(db, scope, range, 'button', TOP),
      moduleTotals(db, scope, range),
      conversationLengths(db, scope, range),
    ]);
  const shown = modules.slice(0, 50);
  const lookup = moduleLookup(
    await botsInScope(
      db,
      companyId,
      shown.map((row) => row.bot_id),
    ),
  );
  return {
    ...frame,
    totals: current.totals,
    previousTotals: previous?.totals ?? null,
    days: current.rows.map((row) => ({
      date: row.date,
      channel: row.channel,
      userMessages: row.user_messages,
      botMessages: row.bot_messages,
      agentMessages: row.agent_messages,
    })),
    topMessages: messages.map(({ text, count }) => ({ text, count })),
    topUnrecognized: unrecognized.map(({ text, count }) => ({ text, count })),
    lowConfidence: lowConfidence.map(({ text, detail, count, score }) => ({
      text,
      count,
      intent: detail,
      averageConfidence: count > 0 ? score / count : 0,
    })),
    buttons: buttons.map(({ text, count }) => ({ text, count })),
    modules: shown
      .filter((row) => row.visits > 0)
      .map((row) => {
        const module = lookup(row.bot_id, row.module_id);
        return {
          botId: row.bot_id,
          moduleId: row.module_id,
          name: module?.name ?? null,
          type: module?.type ?? null,
          visits: row.visits,
        };
      }),
    lengths: LENGTH_BUCKETS.map((bucket, index) => ({
      bucket,
      conversations: lengths.find((row) => row.bucket === index)?.conversations ?? 0,
    })),
  };
}

export async function funnelReport(
  reads: Reads,
  companyId: string,
  query: FunnelQuery,
  botIds?: string[],
): Promise<FunnelReport> {
  const { db, bot, scope, range, frame } = await openReport(reads, companyId, query, botIds);
  const { conversations, reached } = await funnelCounts(db, scope, range, query.steps);
  const modules = flowOf(bot ?? undefined)?.modules ?? [];
  return {
    ...frame,
    conversations,
    steps: query.steps.map((moduleId, index) => {
      const before = index === 0 ? null : (reached[index - 1] as number);
      const here = reached[index] as number;
      return {
        moduleId,
        name: modules.find((module) => module.id === moduleId)?.name ?? null,
        conversations: here,
        dropOff: before === null ? null : ratio(before - here, before),
      };
    }),
  };
}

export async function pathsReport(
  reads: Reads,
  companyId: string,
  query: PathsQuery,
  botIds?: string[],
): Promise<PathsReport> {
  const { db, bot, scope, range, frame } = await openReport(reads, companyId, query, botIds);
  const { visited, paths } = await pathsAfter(db, scope, range, query.moduleId, TOP);
  const modules = flowOf(bot ?? undefined)?.modules ?? [];
  const named = (moduleId: string) => ({
    moduleId,
    name: modules.find((module) => module.id === moduleId)?.name ?? null,
  });
  return {
    ...frame,
    moduleId: query.moduleId,
    conversations: visited,
    paths: paths.map((path) => ({ modules: path.modules.map(named), conversations: path.conversations })),
  };
}
