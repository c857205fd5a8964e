import { type Kysely, sql } from 'kysely';

/**
 * Language-model tokens used, per company, bot (null: no bot, e.g. a completion asked for the
 * company), day and purpose (`completion`, `knowledge-test`): one row each, counted up in place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table llm_usage (
    company_id uuid not null references companies (id) on delete cascade,
    bot_key uuid not null default '00000000-0000-0000-0000-000000000000',
    day date not null,
    purpose text not null,
    calls integer not null default 0,
    prompt_tokens bigint not null default 0,
    completion_tokens bigint not null default 0,
    primary key (company_id, bot_key, day, purpose)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table llm_usage`.execute(db);
}
