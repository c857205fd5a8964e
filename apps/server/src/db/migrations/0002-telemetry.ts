import { type Kysely, sql } from 'kysely';

/** Page views, events and the rest of what the web app's telemetry SDK reports. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table telemetry_events (
    id uuid primary key default gen_random_uuid(),
    received_at timestamptz not null default now(),
    occurred_at timestamptz not null,
    instrumentation_key text not null,
    base_type text not null,
    name text,
    url text,
    user_id text,
    company_id text,
    session_id text,
    properties jsonb not null default '{}'::jsonb,
    measurements jsonb not null default '{}'::jsonb,
    tags jsonb not null default '{}'::jsonb
  )`.execute(db);
  await sql`create index telemetry_events_type_time_idx on telemetry_events (base_type, occurred_at desc)`.execute(
    db,
  );
  await sql`create index telemetry_events_company_time_idx on telemetry_events (company_id, occurred_at desc)`.execute(
    db,
  );
}
