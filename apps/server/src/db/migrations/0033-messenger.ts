import { type Kysely, sql } from 'kysely';

/**
 * The Messenger channel (a Facebook Page through Graph, issue 26).
 *
 * - `messenger_connections`: a deployment connected to a Page. The Page access token, the app
 *   secret (it signs Meta's webhook posts) and the verify token are sealed (ctx.secrets). Status:
 *   the Page's name as Graph gave it, when the last event came, the last error, and when and why
 *   Graph refused the token (`disconnected_*`: nothing is sent until the token is replaced).
 * - `messenger_events`: the message ids (`mid`) received per deployment, so a post Meta sends
 *   again (it retries until answered 200) is handled once.
 * - `messenger_conversations`: which Parley conversation a Page-scoped user (PSID) is, when they
 *   last wrote (the 24-hour window for sending), and how far the bot's and agents' messages were
 *   sent: `sent_seq` the last one sent (or given up), `sending_seq` the one a sender claimed and
 *   `sent_parts` how many of its pieces are out, as for the messaging suite (migration 0028).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table messenger_connections (
    deployment_id uuid primary key references deployments (id) on delete cascade,
    company_id uuid not null references companies (id) on delete cascade,
    page_id text not null,
    page_name text not null,
    page_access_token text not null,
    app_secret text not null,
    verify_token text not null,
    disconnected_at timestamptz,
    disconnected_reason text,
    last_event_at timestamptz,
    last_error text,
    last_error_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index messenger_connections_company_idx on messenger_connections (company_id)`.execute(db);

  await sql`create table messenger_events (
    deployment_id uuid not null references deployments (id) on delete cascade,
    mid text not null,
    received_at timestamptz not null default now(),
    primary key (deployment_id, mid)
  )`.execute(db);

  await sql`create table messenger_conversations (
    conversation_id uuid primary key references conversations (id) on delete cascade,
    deployment_id uuid not null references deployments (id) on delete cascade,
    company_id uuid not null references companies (id) on delete cascade,
    psid text not null,
    last_user_message_at timestamptz not null,
    sent_seq integer not null default 0,
    sending_seq integer,
    sent_parts integer not null default 0,
    unique (deployment_id, psid)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table messenger_conversations`.execute(db);
  await sql`drop table messenger_events`.execute(db);
  await sql`drop table messenger_connections`.execute(db);
}
