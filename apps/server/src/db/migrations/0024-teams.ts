import { type Kysely, sql } from 'kysely';

/**
 * Teams: two more roles (analyst reads reports, viewer looks without changing), invitations by
 * mail, and each person's last sign-in. Seeing a bot's insides (the bot, its versions,
 * deployments, style, knowledge) becomes a permission of its own, `bots:view`, so an agent sees
 * only the inbox and an analyst only reports; everyone who could see them before keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check
    check (role in ('owner', 'admin', 'builder', 'agent', 'analyst', 'viewer'))`.execute(db);
  await sql`alter table users add column last_sign_in_at timestamptz`.execute(db);
  await sql`update users set permissions = permissions || '["bots:view"]'::jsonb
    where role in ('owner', 'admin', 'builder')`.execute(db);

  await sql`create table user_invitations (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    email text not null,
    role text not null check (role in ('owner', 'admin', 'builder', 'agent', 'analyst', 'viewer')),
    token_hash text not null unique,
    invited_by uuid references users (id) on delete set null,
    invited_by_name text not null,
    expires_at timestamptz not null,
    accepted_at timestamptz,
    revoked_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  // One open invitation per address and company: inviting again replaces it.
  await sql`create unique index user_invitations_open_key on user_invitations (company_id, lower(email))
    where accepted_at is null and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_invitations`.execute(db);
  await sql`alter table users drop column last_sign_in_at`.execute(db);
  await sql`update users set permissions = permissions - 'bots:view'`.execute(db);
  await sql`delete from users where role in ('analyst', 'viewer')`.execute(db);
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check
    check (role in ('owner', 'admin', 'builder', 'agent'))`.execute(db);
}
