import { AGENT_RETENTION_DAYS } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { AgentTurnResult } from './agent-runner';
import { histogramOf } from './step-time-histogram';

type Source = 'playground' | 'conversation';
const today = sql<string>`(now() at time zone 'UTC')::date`;

/**
 * Adds one kept run to its agent's day (in the run's transaction): a conversation counts on the
 * day of the agent's first turn in it; model and tool steps count as steps, their times go into
 * the day's histogram.
 */
export async function addRunToUsage(
  db: Queryable,
  run: {
    companyId: string;
    agentId: string;
    source: Source;
    newConversation: boolean;
    result: AgentTurnResult;
    costMicros: number;
  },
): Promise<void> {
  const { result } = run;
  const times = result.steps.flatMap((step) =>
    step.kind === 'model' || step.kind === 'tool' ? [step.durationMs] : [],
  );
  const histogram = `{${histogramOf(times).join(',')}}`;
  const added = (column: string) =>
    sql`${sql.ref(`agent_usage_daily.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
  const counters = [
    'conversations',
    'turns',
    'steps',
    'done',
    'handoff',
    'failed',
    'tool_calls',
    'tool_failures',
    'prompt_tokens',
    'completion_tokens',
    'cost_micros',
  ] as const;
  await db
    .insertInto('agent_usage_daily')
    .values({
      company_id: run.companyId,
      agent_id: run.agentId,
      day: today,
      source: run.source,
      conversations: run.newConversation ? 1 : 0,
      turns: 1,
      steps: times.length,
      done: result.outcome === 'done' ? 1 : 0,
      handoff: result.outcome === 'handoff' ? 1 : 0,
      failed: result.outcome === 'failed' ? 1 : 0,
      tool_calls: result.toolCalls,
      tool_failures: result.toolFailures,
      prompt_tokens: result.promptTokens,
      completion_tokens: result.completionTokens,
      cost_micros: run.costMicros,
      step_ms: sql<number[]>`${histogram}::integer[]`,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'day', 'agent_id', 'source']).doUpdateSet({
        ...Object.fromEntries(counters.map((column) => [column, added(column)])),
        step_ms: sql`array(select a + b from unnest(agent_usage_daily.step_ms, excluded.step_ms) as t(a, b))`,
      }),
    )
    .execute();
}

/** Whether the agent has run in this conversation before (its first turn counts a conversation). */
export async function hasRunInConversation(
  db: Queryable,
  agentId: string,
  conversationId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('agent_runs')
    .select(sql`1`.as('one'))
    .where('conversation_id', '=', conversationId)
    .where('agent_id', '=', agentId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const monthStart = sql<string>`date_trunc('month', now() at time zone 'UTC')::date`;

/** This month's tokens and cost of the company, and of one agent. */
export async function monthSpend(db: Queryable, companyId: string, agentId: string) {
  const row = await db
    .selectFrom('agent_usage_daily')
    .select([
      sql<string>`coalesce(sum(prompt_tokens + completion_tokens), 0)`.as('company_tokens'),
      sql<string>`coalesce(sum(cost_micros), 0)`.as('company_cost'),
      sql<string>`coalesce(sum(prompt_tokens + completion_tokens) filter (where agent_id = ${agentId}), 0)`.as(
        'agent_tokens',
      ),
      sql<string>`coalesce(sum(cost_micros) filter (where agent_id = ${agentId}), 0)`.as('agent_cost'),
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', monthStart)
    .executeTakeFirstOrThrow();
  return {
    company: { tokens: Number(row.company_tokens), costMicros: Number(row.company_cost) },
    agent: { tokens: Number(row.agent_tokens), costMicros: Number(row.agent_cost) },
  };
}

/** This month's tokens and cost per agent of the company. */
export async function monthSpendByAgent(db: Queryable, companyId: string) {
  const rows = await db
    .selectFrom('agent_usage_daily')
    .select([
      'agent_id',
      sql<string>`sum(prompt_tokens + completion_tokens)`.as('tokens'),
      sql<string>`sum(cost_micros)`.as('cost'),
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', monthStart)
    .groupBy('agent_id')
    .execute();
  return new Map(
    rows.map((row) => [row.agent_id, { tokens: Number(row.tokens), costMicros: Number(row.cost) }]),
  );
}

/** The company's agents' days in a period (`YYYY-MM-DD`, inclusive), of one source or both. */
export async function usageDays(
  db: Queryable,
  companyId: string,
  period: { from: string; to: string },
  source?: Source,
) {
  let query = db
    .selectFrom('agent_usage_daily')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'agent_id',
      'source',
      'conversations',
      'turns',
      'steps',
      'done',
      'handoff',
      'failed',
      'tool_calls',
      'tool_failures',
      'prompt_tokens',
      'completion_tokens',
      'cost_micros',
      'step_ms',
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', period.from)
    .where('day', '<=', period.to);
  if (source) query = query.where('source', '=', source);
  return query.orderBy('day').execute();
}

/** The latest failed runs of the company in a period (newest first). */
export async function latestFailedRuns(
  db: Queryable,
  companyId: string,
  period: { from: string; to: string },
  source: Source | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('agent_runs as r')
    .innerJoin('agents as a', 'a.id', 'r.agent_id')
    .select(['r.id', 'r.agent_id', 'a.name', 'r.created_at', 'r.failure', 'r.source', 'r.conversation_id'])
    .where('r.company_id', '=', companyId)
    .where('r.outcome', '=', 'failed')
    .where('r.created_at', '>=', sql<Date>`${period.from}::date`)
    .where('r.created_at', '<', sql<Date>`${period.to}::date + 1`);
  if (source) query = query.where('r.source', '=', source);
  return query.orderBy('r.created_at', 'desc').limit(limit).execute();
}

export async function findRun(db: Queryable, companyId: string, id: string) {
  return db
    .selectFrom('agent_runs as r')
    .innerJoin('agents as a', 'a.id', 'r.agent_id')
    .selectAll('r')
    .select('a.name as agent_name')
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/**
 * The daily cleanup: runs older than their company keeps traces (90 days when it never said), in
 * batches so no statement holds many rows. The usage rollup stays: it is not a trace.
 */
export async function deleteExpiredRuns(db: Queryable, batch = 5_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await sql`
      delete from agent_runs where id in (
        select r.id from agent_runs r left join agent_settings s on s.company_id = r.company_id
        where r.created_at < now() - make_interval(days => coalesce(s.retention_days, ${AGENT_RETENTION_DAYS.default}))
        limit ${batch})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0n);
    removed += count;
    if (count < batch) return removed;
  }
}
