import { type Kysely, sql } from 'kysely';

/**
 * The JWT secret and the secrets key, when PostgreSQL is shared by many server processes and the
 * operator set neither: the first process to start generates each and every process reads the
 * same one, so a session signed by one verifies on all and a secret sealed by one opens on all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table server_secrets (
    name text primary key,
    value text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table server_secrets`.execute(db);
}
