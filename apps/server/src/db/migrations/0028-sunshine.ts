import { type Kysely, sql } from 'kysely';

/**
 * The messaging-suite channel (Sunshine Conversations, issue 25).
 *
 * - `sunshine_connections`: a deployment connected to a suite app. The API key's secret and the
 *   webhook integration's shared secret are sealed (ctx.secrets); the ids Parley created in the
 *   suite are kept to remove them again. The integration and switchboard integration ids are also
 *   on the deployment itself (`sunshine_parley_integration_id`, spec §3). Status fields: when the
 *   last event came, the last error, how many events of unknown types were ignored.
 * - `sunshine_events`: the event ids received per deployment, so an event the suite sends again
 *   (it retries) is handled once.
 * - `sunshine_conversations`: which Parley conversation a suite conversation is, whether Parley's
 *   switchboard integration is in control, and how far the bot's messages were sent: `sent_seq`
 *   the last one sent (or given up), `sending_seq` the one a sender claimed and `sent_parts` how many
 *   of its pieces are out (a long text goes in several): a piece whose call was under way when its
 *   process stopped is never sent again. `pending_control`: a pass of control Parley decided
 *   (`next` after the bot's handoff or an inbox agent taking over, `parley` when the inbox gives
 *   the conversation back), made once the messages stored before it are out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sunshine_connections (
    deployment_id uuid primary key references deployments (id) on delete cascade,
    company_id uuid not null references companies (id) on delete cascade,
    app_id text not null,
    key_id text not null,
    key_secret text not null,
    webhook_secret text not null,
    api_url text not null,
    integration_id text not null,
    switchboard_id text not null,
    switchboard_integration_id text not null,
    agent_switchboard_integration_id text,
    last_event_at timestamptz,
    last_error text,
    last_error_at timestamptz,
    ignored_events integer not null default 0,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index sunshine_connections_company_idx on sunshine_connections (company_id)`.execute(db);

  await sql`create table sunshine_events (
    deployment_id uuid not null references deployments (id) on delete cascade,
    event_id text not null,
    received_at timestamptz not null default now(),
    primary key (deployment_id, event_id)
  )`.execute(db);

  await sql`create table sunshine_conversations (
    conversation_id uuid primary key references conversations (id) on delete cascade,
    deployment_id uuid not null references deployments (id) on delete cascade,
    company_id uuid not null references companies (id) on delete cascade,
    sc_conversation_id text not null,
    parley_in_control boolean not null default true,
    sent_seq integer not null default 0,
    sending_seq integer,
    sent_parts integer not null default 0,
    pending_control text check (pending_control in ('next', 'parley')),
    unique (deployment_id, sc_conversation_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sunshine_conversations`.execute(db);
  await sql`drop table sunshine_events`.execute(db);
  await sql`drop table sunshine_connections`.execute(db);
}
