import { type Kysely, sql } from 'kysely';

/**
 * Knowledge documents and the published document store.
 *
 * A source is now a CSV dataset or a document (plain text, Markdown, HTML, PDF, or pasted
 * questions and answers); a document's processed file is kept as chunks of text under their
 * headings, with a full-text vector and, once an embeddings model is set up, an embedding (a
 * plain float array: pgvector is not on every database Parley runs on).
 *
 * The store a published bot answers from is each source's `published_file_id`, set from the draft's
 * `live_file_id` for all of a bot's sources in one statement (publishing is atomic). Sources that
 * answered before this migration stay published as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table knowledge_sources drop constraint knowledge_sources_kind_check`.execute(db);
  await sql`alter table knowledge_sources add constraint knowledge_sources_kind_check
    check (kind in ('csv', 'document'))`.execute(db);
  await sql`alter table knowledge_sources add column published_file_id uuid
    references knowledge_files (id) on delete set null`.execute(db);
  await sql`update knowledge_sources set published_file_id = live_file_id`.execute(db);
  await sql`alter table bots add column knowledge_published_at timestamptz`.execute(db);
  await sql`update bots set knowledge_published_at = now()
    where id in (select bot_id from knowledge_sources where published_file_id is not null)`.execute(db);

  await sql`alter table knowledge_files add column format text
    check (format in ('csv', 'text', 'markdown', 'html', 'pdf', 'qa'))`.execute(db);
  await sql`update knowledge_files set format = 'csv'`.execute(db);
  await sql`alter table knowledge_files alter column format set not null`.execute(db);
  await sql`alter table knowledge_files add column chunk_count integer`.execute(db);

  await sql`create table knowledge_chunks (
    file_id uuid not null references knowledge_files (id) on delete cascade,
    chunk_number integer not null,
    heading text not null default '',
    content text not null,
    search tsvector not null,
    embedding real[],
    primary key (file_id, chunk_number)
  )`.execute(db);
  await sql`create index knowledge_chunks_search_idx on knowledge_chunks using gin (search)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table knowledge_chunks`.execute(db);
  await sql`delete from knowledge_sources where kind <> 'csv'`.execute(db);
  await sql`alter table knowledge_files drop column chunk_count`.execute(db);
  await sql`alter table knowledge_files drop column format`.execute(db);
  await sql`alter table bots drop column knowledge_published_at`.execute(db);
  await sql`alter table knowledge_sources drop column published_file_id`.execute(db);
  await sql`alter table knowledge_sources drop constraint knowledge_sources_kind_check`.execute(db);
  await sql`alter table knowledge_sources add constraint knowledge_sources_kind_check check (kind in ('csv'))`.execute(
    db,
  );
}
