import { type Kysely, sql } from 'kysely';

/**
 * Translations a person wrote or checked: per bot, language and text (by where it is in the flow,
 * `m1.text`), with the source text it translated, so a changed source shows the translation as
 * outdated. Such a translation wins over the machine's and is never overwritten by it. The bot's
 * `translations_updated_at` changes with each of them (and with each "translate missing"), so
 * every process's turns know to read them again with the conversation's own row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table bot_translations (
    company_id uuid not null references companies (id) on delete cascade,
    bot_id uuid not null references bots (id) on delete cascade,
    language text not null,
    text_key text not null,
    source_hash text not null,
    source_text text not null,
    translated text not null,
    state text not null check (state in ('reviewed', 'edited')),
    updated_by uuid references users (id) on delete set null,
    updated_at timestamptz not null default now(),
    primary key (bot_id, language, text_key)
  )`.execute(db);
  await sql`create index bot_translations_source on bot_translations (bot_id, language, source_hash)`.execute(
    db,
  );
  await sql`alter table bots add column translations_updated_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bots drop column translations_updated_at`.execute(db);
  await sql`drop table bot_translations`.execute(db);
}
