import { type Kysely, sql } from 'kysely';

/**
 * Translation: the company's provider key (sealed, shown only by its hint) with the plan and usage
 * its last check found, the languages each bot offers besides its own, the machine translations
 * shared by a company's bots (by text hash, source and target), and the characters translated per
 * bot and month.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table company_translation (
    company_id uuid primary key references companies (id) on delete cascade,
    provider text not null,
    sealed_key text not null,
    key_hint text not null,
    plan text not null,
    character_count bigint not null,
    character_limit bigint not null,
    checked_at timestamptz not null,
    problem jsonb,
    problem_at timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table translation_cache (
    company_id uuid not null references companies (id) on delete cascade,
    source_language text not null,
    target_language text not null,
    text_hash text not null,
    translated text not null,
    created_at timestamptz not null default now(),
    primary key (company_id, source_language, target_language, text_hash)
  )`.execute(db);
  await sql`create table translation_usage (
    company_id uuid not null references companies (id) on delete cascade,
    bot_id uuid not null references bots (id) on delete cascade,
    month date not null,
    characters bigint not null default 0,
    requests integer not null default 0,
    primary key (company_id, bot_id, month)
  )`.execute(db);
}
