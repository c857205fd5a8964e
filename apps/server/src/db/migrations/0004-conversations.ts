import { type Kysely, sql } from 'kysely';

/** Published versions, deployments, and live conversations with their messages and events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table bot_versions (
    id uuid primary key default gen_random_uuid(),
    bot_id uuid not null references bots (id) on delete cascade,
    company_id uuid not null references companies (id) on delete cascade,
    version integer not null,
    flow jsonb not null,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    unique (bot_id, version)
  )`.execute(db);

  await sql`create table deployments (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    bot_id uuid not null references bots (id) on delete cascade,
    key text not null unique,
    channel text not null check (channel in ('webchat', 'test')),
    version integer,
    sunshine_parley_integration_id text,
    "sunshine_parley_switchboardIntegration_id" text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index deployments_bot_idx on deployments (company_id, bot_id) where deleted_at is null`.execute(
    db,
  );

  await sql`create table conversations (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    bot_id uuid not null references bots (id) on delete cascade,
    deployment_id uuid not null references deployments (id) on delete cascade,
    token_hash text not null,
    status text not null,
    state jsonb not null,
    channel text not null,
    user_info jsonb not null default '{}'::jsonb,
    context jsonb not null default '{}'::jsonb,
    page_domain text,
    url text,
    message_count integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    last_message_at timestamptz,
    expires_at timestamptz,
    expired_at timestamptz
  )`.execute(db);
  await sql`create index conversations_inbox_idx on conversations (company_id, bot_id, last_message_at desc)`.execute(
    db,
  );
  await sql`create index conversations_expiry_idx on conversations (expires_at) where expired_at is null`.execute(
    db,
  );

  await sql`create table conversation_messages (
    id bigserial primary key,
    conversation_id uuid not null references conversations (id) on delete cascade,
    company_id uuid not null,
    bot_id uuid not null,
    seq integer not null,
    role text not null check (role in ('user', 'bot', 'agent')),
    message jsonb not null,
    text text not null,
    created_at timestamptz not null default now(),
    unique (conversation_id, seq)
  )`.execute(db);
  await sql`create index conversation_messages_company_idx on conversation_messages (company_id, bot_id, created_at)`.execute(
    db,
  );

  await sql`create table conversation_events (
    id bigserial primary key,
    conversation_id uuid not null references conversations (id) on delete cascade,
    company_id uuid not null,
    bot_id uuid not null,
    deployment_id uuid not null,
    name text not null,
    dimensions jsonb not null,
    data jsonb not null,
    occurred_at timestamptz not null
  )`.execute(db);
  await sql`create index conversation_events_reports_idx on conversation_events (company_id, bot_id, name, occurred_at)`.execute(
    db,
  );
  await sql`create index conversation_events_conversation_idx on conversation_events (conversation_id, id)`.execute(
    db,
  );
}
