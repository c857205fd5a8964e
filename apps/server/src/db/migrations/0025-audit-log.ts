import { type Kysely, sql } from 'kysely';

/**
 * The audit log: who changed what and when, per company, kept for the company's chosen number
 * of days (a daily job removes older entries).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table audit_events (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    actor_id uuid references users (id) on delete set null,
    -- Kept with the entry: the log says who it was even once their name or account changes.
    actor_name text not null default '',
    actor_email text not null default '',
    action text not null,
    kind text not null,
    target_type text,
    target_id text,
    target_label text,
    details jsonb not null default '{}'::jsonb,
    ip text,
    created_at timestamptz not null default now()
  )`.execute(db);
  // The screen reads a company's newest first, maybe of one kind or one person; cleanup by date.
  await sql`create index audit_events_company_time on audit_events (company_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index audit_events_company_kind_time on audit_events (company_id, kind, created_at desc)`.execute(
    db,
  );
  await sql`create index audit_events_company_actor_time on audit_events (company_id, actor_id, created_at desc)`.execute(
    db,
  );
  await sql`alter table companies add column audit_retention_days integer not null default 365
    check (audit_retention_days between 30 and 3650)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies drop column audit_retention_days`.execute(db);
  await sql`drop table audit_events`.execute(db);
}
