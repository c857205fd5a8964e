import { type Kysely, sql } from 'kysely';

/**
 * The webhook marketplace. Templates describe a call to a service with the fields it needs
 * (`definition`, the contracts' webhookTemplateDefinitionSchema); public ones (company_id null)
 * are offered to every company, private ones to one. Built-in templates are versioned data the
 * server brings up to date at start (`slug` names them). Instances are a company's filled-in
 * templates: plain fields as they are, secret ones and the signing secret sealed. Deliveries log
 * every call with what was sent (secrets masked) and what came back, for the log and replays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table webhook_templates (
    id uuid primary key default gen_random_uuid(),
    slug text,
    company_id uuid references companies (id) on delete cascade,
    built_in boolean not null default false,
    version integer not null default 1,
    name text not null,
    category text not null,
    definition jsonb not null,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // Only built-in templates have a slug (nulls never collide).
  await sql`create unique index webhook_templates_slug_idx on webhook_templates (slug)`.execute(db);
  await sql`create index webhook_templates_company_idx on webhook_templates (company_id)`.execute(db);

  await sql`create table webhook_instances (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    template_id uuid not null references webhook_templates (id),
    name text not null,
    fields jsonb not null default '{}',
    secrets jsonb not null default '{}',
    signing_secret text not null,
    asynchronous boolean not null default false,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index webhook_instances_company_idx on webhook_instances (company_id, created_at)
    where deleted_at is null`.execute(db);

  await sql`create table webhook_deliveries (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    instance_id uuid references webhook_instances (id),
    bot_id uuid,
    conversation_id uuid,
    module_id text,
    kind text not null check (kind in ('live', 'test', 'replay')),
    replay_of uuid references webhook_deliveries (id),
    attempt integer not null default 1,
    request jsonb not null,
    ok boolean not null,
    status integer,
    duration_ms integer not null default 0,
    response_body text not null default '',
    failure_reason text,
    failure_message text,
    created_at timestamptz not null default now()
  )`.execute(db);
  // The log lists a company's newest first, filtered by instance, bot or outcome.
  await sql`create index webhook_deliveries_company_idx on webhook_deliveries
    (company_id, created_at desc, id desc)`.execute(db);
  await sql`create index webhook_deliveries_instance_idx on webhook_deliveries
    (instance_id, created_at desc) where instance_id is not null`.execute(db);
  await sql`create index webhook_deliveries_conversation_idx on webhook_deliveries (conversation_id)
    where conversation_id is not null`.execute(db);
}
