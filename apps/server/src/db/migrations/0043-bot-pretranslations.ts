import { type Kysely, sql } from 'kysely';

/**
 * Where the background translation of a bot's texts into each language it offers stands (issue 21:
 * a visitor's first turn finds the bot's texts cached). One row per bot and language: queued when a
 * language is offered or a version published, running, done, or failed with the provider's reason
 * (the job is retried); the Translations view shows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table bot_pretranslations (
    company_id uuid not null references companies (id) on delete cascade,
    bot_id uuid not null references bots (id) on delete cascade,
    language text not null,
    status text not null check (status in ('queued', 'running', 'done', 'failed')),
    translated integer not null default 0,
    attempts integer not null default 0,
    problem text,
    updated_at timestamptz not null default now(),
    primary key (bot_id, language)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bot_pretranslations`.execute(db);
}
