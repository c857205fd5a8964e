import { type Kysely, sql } from 'kysely';

/**
 * Store integration: each company's connected Shopify store (one per company), its Admin API
 * access token sealed (see sealed-secrets.ts, shown only by its hint), the shop's name, currency
 * and storefront as the last check found them, and the problem that disconnected it, if any.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table store_connections (
    company_id uuid primary key references companies (id) on delete cascade,
    platform text not null,
    domain text not null,
    sealed_token text not null,
    token_hint text not null,
    shop_name text not null,
    currency_code text not null,
    storefront_url text not null,
    checked_at timestamptz not null,
    problem jsonb,
    problem_at timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table store_connections`.execute(db);
}
