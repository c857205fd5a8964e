import { type Kysely, sql } from 'kysely';

/**
 * The agents' prompt library: templates with variables, every saved version kept (to compare any
 * two and to pin an agent to one). Changes go to the company's audit log (0025).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table agent_prompts (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null,
    description text not null default '',
    version integer not null default 1,
    definition jsonb not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index agent_prompts_company on agent_prompts (company_id, lower(name))`.execute(db);

  await sql`create table agent_prompt_versions (
    prompt_id uuid not null references agent_prompts (id) on delete cascade,
    version integer not null,
    definition jsonb not null,
    created_by uuid references users (id) on delete set null,
    created_by_name text not null,
    created_at timestamptz not null default now(),
    primary key (prompt_id, version)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table agent_prompt_versions`.execute(db);
  await sql`drop table agent_prompts`.execute(db);
}
