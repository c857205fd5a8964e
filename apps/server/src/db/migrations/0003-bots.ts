import { type Kysely, sql } from 'kysely';

/** Bots: the draft flow document and the summary lists need, soft-deleted so reports keep them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table bots (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    name text not null,
    language text not null,
    draft_flow jsonb not null,
    module_count integer not null default 0,
    intent_count integer not null default 0,
    global_connection_count integer not null default 0,
    published_version integer,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index bots_company_updated_idx on bots (company_id, updated_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index bots_company_name_idx on bots (company_id, lower(name)) where deleted_at is null`.execute(
    db,
  );
}
