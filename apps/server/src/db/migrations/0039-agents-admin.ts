import { type Kysely, sql } from 'kysely';

/** How many step-time buckets a day's rollup keeps (see features/agents/step-time-histogram.ts). */
const STEP_BUCKETS = 60;

/**
 * Agents' settings, admin and dashboard (issue 22, item 5 and 6).
 *
 * - `agent_settings`: a company's own OpenAI-compatible provider (its key sealed), default model
 *   and limits for new agents, trace retention, model prices and the company's monthly cap.
 * - `agents` gain the kill switch and their own monthly cap.
 * - `agent_usage_daily`: each run is added to its agent's day as it is kept, in the same
 *   transaction, so usage, spending limits and the dashboard read a few rows per agent and day
 *   instead of the runs; step times are kept as a histogram to answer p50 and p95.
 * - Indexes for the latest failed runs, the first run of an agent in a conversation, and the daily
 *   retention cleanup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table agent_settings (
    company_id uuid primary key references companies (id) on delete cascade,
    provider_base_url text,
    provider_key text,
    provider_key_hint text,
    provider_models jsonb not null default '[]',
    provider_checked_at timestamptz,
    default_model text not null default '',
    default_limits jsonb,
    retention_days integer not null default 90 check (retention_days between 1 and 730),
    currency text not null default 'USD',
    prices jsonb not null default '[]',
    spending_limit jsonb not null default '{"monthlyTokens":null,"monthlyCost":null}',
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`alter table agents
    add column disabled_at timestamptz,
    add column disabled_reason text,
    add column spending_limit jsonb not null default '{"monthlyTokens":null,"monthlyCost":null}'`.execute(db);

  await sql`create table agent_usage_daily (
    company_id uuid not null references companies (id) on delete cascade,
    agent_id uuid not null references agents (id) on delete cascade,
    day date not null,
    source text not null check (source in ('playground', 'conversation')),
    conversations integer not null default 0,
    turns integer not null default 0,
    steps integer not null default 0,
    done integer not null default 0,
    handoff integer not null default 0,
    failed integer not null default 0,
    tool_calls integer not null default 0,
    tool_failures integer not null default 0,
    prompt_tokens bigint not null default 0,
    completion_tokens bigint not null default 0,
    cost_micros bigint not null default 0,
    step_ms integer[] not null default array_fill(0, array[${sql.lit(STEP_BUCKETS)}]),
    primary key (company_id, day, agent_id, source)
  )`.execute(db);

  // Runs kept before this migration are folded in, so usage starts complete.
  await sql`insert into agent_usage_daily (company_id, agent_id, day, source, conversations, turns,
      steps, done, handoff, failed, tool_calls, tool_failures, prompt_tokens, completion_tokens)
    select company_id, agent_id, (created_at at time zone 'UTC')::date, source,
      count(distinct conversation_id), count(*), sum(step_count),
      count(*) filter (where outcome = 'done'), count(*) filter (where outcome = 'handoff'),
      count(*) filter (where outcome = 'failed'), sum(tool_calls), sum(tool_failures),
      sum(prompt_tokens), sum(completion_tokens)
    from agent_runs group by 1, 2, 3, 4`.execute(db);

  await sql`create index agent_runs_failed on agent_runs (company_id, created_at desc)
    where outcome = 'failed'`.execute(db);
  await sql`create index agent_runs_conversation on agent_runs (conversation_id, agent_id)
    where conversation_id is not null`.execute(db);
  await sql`create index agent_runs_created on agent_runs (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['agent_runs_created', 'agent_runs_conversation', 'agent_runs_failed'])
    await sql`drop index ${sql.ref(index)}`.execute(db);
  await sql`drop table agent_usage_daily`.execute(db);
  await sql`alter table agents drop column disabled_at, drop column disabled_reason,
    drop column spending_limit`.execute(db);
  await sql`drop table agent_settings`.execute(db);
}
