import { type Kysely, sql } from 'kysely';

/**
 * The agents area: agents (their current definition) with every saved version kept, the company's
 * tools (HTTP, with sealed secrets), API keys of the agents API (stored hashed, revocable), each
 * run of an agent with its trace of steps. Changes to agents go to the company's audit log (0025).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table agents (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null,
    goal text not null default '',
    version integer not null default 1,
    definition jsonb not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index agents_company on agents (company_id, lower(name))`.execute(db);

  await sql`create table agent_versions (
    agent_id uuid not null references agents (id) on delete cascade,
    version integer not null,
    definition jsonb not null,
    created_by uuid references users (id) on delete set null,
    created_by_name text not null,
    created_at timestamptz not null default now(),
    primary key (agent_id, version)
  )`.execute(db);

  await sql`create table agent_tools (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null,
    description text not null default '',
    definition jsonb not null,
    secrets jsonb not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // The model calls a tool by its name: one name per company.
  await sql`create unique index agent_tools_name on agent_tools (company_id, name)`.execute(db);

  await sql`create table agent_api_keys (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null,
    scopes jsonb not null,
    token_hash text not null unique,
    hint text not null,
    created_by uuid not null references users (id) on delete cascade,
    created_by_name text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create index agent_api_keys_company on agent_api_keys (company_id, created_at)`.execute(db);

  await sql`create table agent_runs (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    agent_id uuid not null references agents (id) on delete cascade,
    version integer not null,
    source text not null check (source in ('playground', 'conversation')),
    conversation_id uuid,
    outcome text not null check (outcome in ('answered', 'done', 'handoff', 'failed')),
    failure text,
    steps jsonb not null,
    step_count integer not null,
    tool_calls integer not null default 0,
    tool_failures integer not null default 0,
    prompt_tokens integer not null default 0,
    completion_tokens integer not null default 0,
    duration_ms integer not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index agent_runs_agent on agent_runs (company_id, agent_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['agent_runs', 'agent_api_keys', 'agent_tools', 'agent_versions', 'agents'])
    await sql`drop table ${sql.table(table)}`.execute(db);
}
