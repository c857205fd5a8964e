import { type Kysely, sql } from 'kysely';

/**
 * Knowledge: a bot's CSV datasets. A dataset (`knowledge_sources`) answers from one processed file
 * (`live_file_id`); a newly uploaded file is processed beside it and takes its place only once
 * ready, so the old one serves until then. The raw file lives in the database, in pieces, so any
 * server process can process it. Rows keep their cells typed (jsonb), a full-text vector of the
 * searchable columns and the lowercased values of the filter columns (for exact matches).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table knowledge_sources (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    bot_id uuid not null references bots (id) on delete cascade,
    kind text not null check (kind in ('csv')),
    name text not null,
    live_file_id uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index knowledge_sources_bot_idx on knowledge_sources (company_id, bot_id)`.execute(db);

  await sql`create table knowledge_files (
    id uuid primary key default gen_random_uuid(),
    source_id uuid not null references knowledge_sources (id) on delete cascade,
    company_id uuid not null references companies (id) on delete cascade,
    file_name text not null,
    size_bytes integer not null,
    state text not null check (state in ('uploaded', 'processing', 'ready', 'failed')),
    progress integer not null default 0,
    row_count integer,
    error text,
    error_lines integer[] not null default '{}',
    notices text[] not null default '{}',
    encoding text,
    delimiter text,
    search_config text not null default 'simple',
    columns jsonb not null default '[]'::jsonb,
    uploaded_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
  await sql`create index knowledge_files_source_idx on knowledge_files (source_id, uploaded_at desc)`.execute(
    db,
  );
  await sql`alter table knowledge_sources add constraint knowledge_sources_live_file_fk
    foreign key (live_file_id) references knowledge_files (id) on delete set null`.execute(db);

  await sql`create table knowledge_file_pieces (
    file_id uuid not null references knowledge_files (id) on delete cascade,
    seq integer not null,
    bytes bytea not null,
    primary key (file_id, seq)
  )`.execute(db);

  await sql`create table knowledge_rows (
    file_id uuid not null references knowledge_files (id) on delete cascade,
    row_number integer not null,
    line_number integer not null,
    cells jsonb not null,
    search tsvector not null,
    filter_values text[] not null default '{}',
    primary key (file_id, row_number)
  )`.execute(db);
  await sql`create index knowledge_rows_search_idx on knowledge_rows using gin (search)`.execute(db);
  await sql`create index knowledge_rows_filter_idx on knowledge_rows using gin (filter_values)`.execute(db);
}
