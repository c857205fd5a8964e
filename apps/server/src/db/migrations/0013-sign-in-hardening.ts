import { type Kysely, sql } from 'kysely';

/**
 * Sign-in that resists abuse without letting an attacker lock anyone out:
 *
 * - Attempt throttles: failures since the last success for one key (an account from one address,
 *   an account from anywhere, a user's authenticator setup), and when the next attempt may come.
 *   Claimed in one statement before a password is checked, so concurrent attempts cannot overrun.
 * - The last authenticator time step a user signed in with: a code is good once.
 * - Sign-ups waiting for their address to be confirmed: sign-up answers the same whether the
 *   address has an account or not, and only the mailbox's owner can finish it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table attempt_throttles (
    key text primary key,
    failures integer not null,
    free_failures integer not null,
    next_attempt_at timestamptz not null,
    expires_at timestamptz not null
  )`.execute(db);

  await sql`alter table users add column totp_last_step bigint`.execute(db);

  await sql`create table pending_sign_ups (
    id uuid primary key default gen_random_uuid(),
    email text not null,
    first_name text not null,
    last_name text not null,
    company_name text not null,
    password_hash text not null,
    token_hash text unique,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}
