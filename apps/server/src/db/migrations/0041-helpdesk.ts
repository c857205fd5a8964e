import { type Kysely, sql } from 'kysely';

/**
 * Helpdesk connector (Zendesk Support): each company's connection (one per company: the
 * subdomain, the agent's email, the API token and the webhook's signing secret sealed, shown only
 * by their hints; the problem that disconnected it, if any), and the tickets opened for
 * conversations handed off: one per handoff (its `external_id` is the handoff's, so a retried job
 * finds the ticket it opened), the last agent comment brought back, the visitor's last message passed on to the ticket (and the
 * one being passed on, claimed before its call), and when it was solved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table helpdesk_connections (
    company_id uuid primary key references companies (id) on delete cascade,
    provider text not null,
    subdomain text not null,
    email text not null,
    sealed_token text not null,
    token_hint text not null,
    sealed_signing_secret text,
    signing_secret_hint text,
    agent_name text not null,
    checked_at timestamptz not null,
    problem jsonb,
    problem_at timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table helpdesk_tickets (
    external_id text primary key,
    company_id uuid not null references companies (id) on delete cascade,
    conversation_id uuid not null references conversations (id) on delete cascade,
    ticket_id bigint not null,
    requester_id bigint,
    url text not null,
    last_comment_id bigint not null default 0,
    forwarded_seq integer not null default 0,
    forwarding_seq integer,
    solved_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index helpdesk_tickets_ticket on helpdesk_tickets (company_id, ticket_id)`.execute(
    db,
  );
  await sql`create index helpdesk_tickets_conversation on helpdesk_tickets (conversation_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table helpdesk_tickets`.execute(db);
  await sql`drop table helpdesk_connections`.execute(db);
}
