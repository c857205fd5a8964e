import { type Kysely, sql } from 'kysely';

/** Companies, their users and sections, sign-in support tables and the mail outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table companies (
    id uuid primary key default gen_random_uuid(),
    name text not null,
    company_type text not null check (company_type in ('Regular', 'Lite', 'Internal')),
    company_expiration_date timestamptz,
    industry text,
    two_factor_enabled boolean not null default false,
    created_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table users (
    id uuid primary key default gen_random_uuid(),
    email text not null,
    password_hash text not null,
    first_name text not null,
    last_name text not null,
    role text not null check (role in ('owner', 'admin', 'builder', 'agent')),
    permissions jsonb not null default '[]'::jsonb,
    status text not null default 'active' check (status in ('active', 'disabled')),
    user_type text not null default 'customer' check (user_type in ('customer', 'internal')),
    company_id uuid not null references companies (id) on delete cascade,
    totp_secret text,
    qr_registered boolean not null default false,
    session_version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);
  await sql`create index users_company_id_idx on users (company_id)`.execute(db);

  await sql`create table sections (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    "column" text not null,
    description text not null default '',
    label text not null,
    iframe_url text,
    icon jsonb,
    position integer not null default 0,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index sections_company_id_idx on sections (company_id, "column", position)`.execute(db);

  await sql`create table password_reset_tokens (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    token_hash text not null unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index password_reset_tokens_user_id_idx on password_reset_tokens (user_id)`.execute(db);

  await sql`create table mail_outbox (
    id uuid primary key default gen_random_uuid(),
    to_address text not null,
    subject text not null,
    text_body text not null,
    html_body text not null,
    status text not null default 'pending' check (status in ('pending', 'sent', 'logged', 'failed')),
    attempts integer not null default 0,
    last_error text,
    created_at timestamptz not null default now(),
    delivered_at timestamptz
  )`.execute(db);
  await sql`create index mail_outbox_created_at_idx on mail_outbox (created_at desc)`.execute(db);

  await sql`create table rate_limits (
    key text primary key,
    hits integer not null default 0,
    window_ends_at timestamptz not null
  )`.execute(db);

  await sql`create table seed_runs (
    name text primary key,
    ran_at timestamptz not null default now()
  )`.execute(db);
}
