import {
  AGENT_RETENTION_DAYS,
  type AgentControl,
  type AgentDashboard,
  type AgentLimits,
  type AgentPerformance,
  type AgentSettings,
  type AgentUsage,
  type AgentUsageFigures,
  agentLimitsSchema,
  type SaveAgentProviderRequest,
  type SaveAgentSettingsRequest,
  type SpendingLimit,
  type StoredRun,
  saveAgentSettingsRequestSchema,
} from '@parley/contracts';
import type { AppContext } from '../../context';
import type { Db, Queryable } from '../../db/database';
import type { AgentSettingsRow } from '../../db/tables/agent-admin.table';
import { NotFoundException } from '../../errors';
import { secretHint } from '../../sealed-secrets';
import { checkProvider, normalBaseUrl, providerKeyBinding } from './agent-provider';
import * as settingsRepo from './agent-settings.repository';
import * as usageRepo from './agent-usage.repository';
import { listAgents } from './agents.repository';
import { mergeHistograms, percentileOf } from './step-time-histogram';

const NO_LIMIT: SpendingLimit = { monthlyTokens: null, monthlyCost: null };
const DEFAULT_LIMITS: AgentLimits = agentLimitsSchema.parse({});
const money = (micros: number) => Math.round(micros / 10_000) / 100;

function settingsView(row: AgentSettingsRow | undefined): AgentSettings {
  return {
    provider:
      row?.provider_base_url && row.provider_key_hint && row.provider_checked_at
        ? {
            configured: true,
            baseUrl: row.provider_base_url,
            keyHint: row.provider_key_hint,
            models: row.provider_models,
            checkedAt: row.provider_checked_at.toISOString(),
          }
        : { configured: false },
    defaultModel: row?.default_model ?? '',
    defaultLimits: row?.default_limits ?? DEFAULT_LIMITS,
    retentionDays: row?.retention_days ?? AGENT_RETENTION_DAYS.default,
    currency: row?.currency ?? 'USD',
    prices: row?.prices ?? [],
    spendingLimit: row?.spending_limit ?? NO_LIMIT,
  };
}

export async function agentSettings(db: Queryable, companyId: string): Promise<AgentSettings> {
  return settingsView(await settingsRepo.findAgentSettings(db, companyId));
}

/** The limits a new agent starts with: the company's defaults. */
export async function defaultLimits(db: Queryable, companyId: string): Promise<AgentLimits> {
  return (await settingsRepo.findAgentSettings(db, companyId))?.default_limits ?? DEFAULT_LIMITS;
}

export async function saveSettings(
  db: Queryable,
  companyId: string,
  request: SaveAgentSettingsRequest,
): Promise<AgentSettings> {
  await settingsRepo.saveAgentSettings(db, companyId, saveAgentSettingsRequestSchema.parse(request));
  return agentSettings(db, companyId);
}

/** Checks the provider with its models endpoint, then keeps it with its key sealed. */
export async function saveProvider(
  ctx: AppContext,
  companyId: string,
  request: SaveAgentProviderRequest,
): Promise<AgentSettings> {
  const baseUrl = normalBaseUrl(request.baseUrl);
  const models = await checkProvider(ctx, baseUrl, request.apiKey);
  const { db } = ctx.database;
  await settingsRepo.saveProvider(db, companyId, {
    baseUrl,
    sealedKey: ctx.secrets.seal(request.apiKey, providerKeyBinding(companyId)),
    keyHint: secretHint(request.apiKey),
    models,
  });
  return agentSettings(db, companyId);
}

export async function removeProvider(db: Queryable, companyId: string): Promise<AgentSettings> {
  await settingsRepo.removeProvider(db, companyId);
  return agentSettings(db, companyId);
}

/** The period asked for, or the last 30 days; at most a year. */
export function periodOf(query: { from?: string | undefined; to?: string | undefined }) {
  const day = 86_400_000;
  const to = query.to ?? new Date().toISOString().slice(0, 10);
  const earliest = new Date(Date.parse(to) - 365 * day).toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - 29 * day).toISOString().slice(0, 10);
  return { from: from.localeCompare(earliest) < 0 ? earliest : from, to };
}

async function controls(db: Queryable, companyId: string): Promise<AgentControl[]> {
  const [agents, spend] = await Promise.all([
    listAgents(db, companyId),
    usageRepo.monthSpendByAgent(db, companyId),
  ]);
  const rows = await db
    .selectFrom('agents')
    .select(['id', 'disabled_at', 'disabled_reason', 'spending_limit'])
    .where('company_id', '=', companyId)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return agents.map((agent) => {
    const row = byId.get(agent.id);
    const used = spend.get(agent.id) ?? { tokens: 0, costMicros: 0 };
    return {
      id: agent.id,
      name: agent.name,
      enabled: !row?.disabled_at,
      disabledReason: row?.disabled_reason ?? null,
      spendingLimit: row?.spending_limit ?? NO_LIMIT,
      monthTokens: used.tokens,
      monthCost: money(used.costMicros),
    };
  });
}

const emptyFigures = (): AgentUsageFigures => ({
  conversations: 0,
  turns: 0,
  steps: 0,
  promptTokens: 0,
  completionTokens: 0,
  errors: 0,
  cost: 0,
});

/** Usage per agent and day in a period, each agent's controls and this month's spend. */
export async function usage(
  db: Queryable,
  companyId: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<AgentUsage> {
  const period = periodOf(query);
  const [settings, agents, rows] = await Promise.all([
    agentSettings(db, companyId),
    controls(db, companyId),
    usageRepo.usageDays(db, companyId, period),
  ]);
  const days = new Map<string, AgentUsage['days'][number] & { micros: number }>();
  const totals = new Map<string, AgentUsageFigures & { micros: number }>();
  for (const row of rows) {
    const add = (figures: AgentUsageFigures & { micros: number }) => {
      figures.conversations += row.conversations;
      figures.turns += row.turns;
      figures.steps += row.steps;
      figures.promptTokens += Number(row.prompt_tokens);
      figures.completionTokens += Number(row.completion_tokens);
      figures.errors += row.failed;
      figures.micros += Number(row.cost_micros);
    };
    const key = `${row.day} ${row.agent_id}`;
    const dayFigures = days.get(key) ?? { ...emptyFigures(), day: row.day, agentId: row.agent_id, micros: 0 };
    days.set(key, dayFigures);
    add(dayFigures);
    const agentFigures = totals.get(row.agent_id) ?? { ...emptyFigures(), micros: 0 };
    totals.set(row.agent_id, agentFigures);
    add(agentFigures);
  }
  const settle = <T extends { micros: number }>({ micros, ...figures }: T) => ({
    ...figures,
    cost: money(micros),
  });
  return {
    ...period,
    currency: settings.currency,
    month: {
      tokens: agents.reduce((sum, agent) => sum + agent.monthTokens, 0),
      cost: Math.round(agents.reduce((sum, agent) => sum + agent.monthCost, 0) * 100) / 100,
      spendingLimit: settings.spendingLimit,
    },
    agents: agents.map((agent) => {
      const figures = totals.get(agent.id);
      return { ...agent, totals: figures ? settle(figures) : emptyFigures() };
    }),
    days: [...days.values()].map(settle),
  };
}

async function controlOf(db: Queryable, companyId: string, agentId: string): Promise<AgentControl> {
  const control = (await controls(db, companyId)).find((agent) => agent.id === agentId);
  if (!control) throw new NotFoundException('Agent not found');
  return control;
}

export async function switchAgent(
  db: Db,
  companyId: string,
  agentId: string,
  request: { enabled: boolean; reason: string },
): Promise<AgentControl> {
  if (!(await settingsRepo.switchAgent(db, companyId, agentId, request.enabled ? null : request)))
    throw new NotFoundException('Agent not found');
  return controlOf(db, companyId, agentId);
}

export async function setSpendingLimit(
  db: Db,
  companyId: string,
  agentId: string,
  limit: SpendingLimit,
): Promise<AgentControl> {
  if (!(await settingsRepo.setAgentSpendingLimit(db, companyId, agentId, limit)))
    throw new NotFoundException('Agent not found');
  return controlOf(db, companyId, agentId);
}

type Row = Awaited<ReturnType<typeof usageRepo.usageDays>>[number];

function performanceOf(rows: Row[]): AgentPerformance {
  const sum = (pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const histogram = mergeHistograms(rows.map((row) => row.step_ms));
  return {
    conversations: sum((row) => row.conversations),
    done: sum((row) => row.done),
    handoff: sum((row) => row.handoff),
    failed: sum((row) => row.failed),
    toolCalls: sum((row) => row.tool_calls),
    toolFailures: sum((row) => row.tool_failures),
    tokens: sum((row) => Number(row.prompt_tokens) + Number(row.completion_tokens)),
    stepP50Ms: percentileOf(histogram, 0.5),
    stepP95Ms: percentileOf(histogram, 0.95),
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Every day from `from` to `to`, as `YYYY-MM-DD`. */
function daysOf(period: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let at = Date.parse(period.from); at <= Date.parse(period.to); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The dashboard: per agent and per day for a period, from the daily rollup; the latest failures. */
export async function dashboard(
  db: Queryable,
  companyId: string,
  query: { from?: string | undefined; to?: string | undefined; source?: 'conversation' | 'all' | undefined },
): Promise<AgentDashboard> {
  const period = periodOf(query);
  const source = query.source === 'all' ? undefined : 'conversation';
  const [agents, rows, failed] = await Promise.all([
    listAgents(db, companyId),
    usageRepo.usageDays(db, companyId, period, source),
    usageRepo.latestFailedRuns(db, companyId, period, source, 20),
  ]);
  const byAgent = groupBy(rows, (row) => row.agent_id);
  const byDay = groupBy(rows, (row) => row.day);
  return {
    ...period,
    totals: performanceOf(rows),
    agents: agents.map((agent) => ({
      id: agent.id,
      name: agent.name,
      ...performanceOf(byAgent.get(agent.id) ?? []),
    })),
    series: daysOf(period).map((day) => {
      const { stepP50Ms: _p50, stepP95Ms: _p95, ...figures } = performanceOf(byDay.get(day) ?? []);
      return { day, ...figures };
    }),
    failedRuns: failed.map((run) => ({
      id: run.id,
      agentId: run.agent_id,
      agentName: run.name,
      at: run.created_at.toISOString(),
      failure: run.failure,
      source: run.source,
      conversationId: run.conversation_id,
    })),
  };
}

export async function storedRun(db: Queryable, companyId: string, id: string): Promise<StoredRun> {
  const row = await usageRepo.findRun(db, companyId, id);
  if (!row) throw new NotFoundException('Run not found');
  const answer = row.steps.findLast((step) => step.kind === 'answer');
  return {
    id: row.id,
    agentId: row.agent_id,
    agentName: row.agent_name,
    version: row.version,
    at: row.created_at.toISOString(),
    source: row.source,
    conversationId: row.conversation_id,
    outcome: row.outcome,
    reply: answer?.kind === 'answer' ? answer.text : '',
    failure: row.failure,
    steps: row.steps,
    promptTokens: row.prompt_tokens,
    completionTokens: row.completion_tokens,
    toolCalls: row.tool_calls,
    toolFailures: row.tool_failures,
    durationMs: row.duration_ms,
  };
}

/** The daily cleanup of runs past their company's retention. */
export function removeExpiredRuns(db: Queryable): Promise<number> {
  return usageRepo.deleteExpiredRuns(db);
}
