import { type Kysely, sql } from 'kysely';

/**
 * Knowledge retrieval indexes scoped to the file. Every search reads one bot's files, but the GIN
 * indexes on `filter_values` and `search` alone could not say which file a row is in, so PostgreSQL
 * read every row of the file through its primary key and filtered them one by one (a filter value
 * over 100 000 rows: 100 ms).
 *
 * - Filter values are indexed as `file:value` (`knowledge_filter_keys`): a value named in a
 *   question is one index entry of that file alone, however big the file or the table.
 * - Words are indexed with the file beside them (btree_gin, a contrib extension of PostgreSQL and
 *   of PGlite), so a file's rows matching words are found in one index scan.
 *
 * Where the database has pgvector (PGlite with its pgvector package; a PostgreSQL server where it is
 * installed), the extension is created: the embedding job then indexes each embeddings size it
 * stores with HNSW (see knowledge-vectors.ts). Elsewhere embeddings are compared by an exact scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create function knowledge_filter_keys(file uuid, filter_values text[]) returns text[]
    language sql immutable strict parallel safe
    as $$ select array(select file::text || ':' || value from unnest(filter_values) as value) $$`.execute(db);
  // A row has few filter values: they go straight into the index rather than into its pending list,
  // which every search would read through until vacuum merged it (a 100 000-row file: 465 pages).
  await sql`create index knowledge_rows_filter_keys_idx on knowledge_rows
    using gin (knowledge_filter_keys(file_id, filter_values)) with (fastupdate = off)`.execute(db);
  await sql`create index knowledge_rows_file_search_idx on knowledge_rows using gin (file_id, search)`.execute(
    db,
  );
  await sql`create index knowledge_chunks_file_search_idx on knowledge_chunks using gin (file_id, search)`.execute(
    db,
  );
  await sql`drop index knowledge_rows_filter_idx`.execute(db);
  await sql`drop index knowledge_rows_search_idx`.execute(db);
  await sql`drop index knowledge_chunks_search_idx`.execute(db);
  const available = await sql<{ found: boolean }>`select exists (
    select 1 from pg_available_extensions where name = 'vector') as found`.execute(db);
  if (available.rows[0]?.found) await sql`create extension if not exists vector`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop extension if exists vector cascade`.execute(db);
  await sql`create index knowledge_rows_filter_idx on knowledge_rows using gin (filter_values)`.execute(db);
  await sql`create index knowledge_rows_search_idx on knowledge_rows using gin (search)`.execute(db);
  await sql`create index knowledge_chunks_search_idx on knowledge_chunks using gin (search)`.execute(db);
  await sql`drop index knowledge_rows_filter_keys_idx`.execute(db);
  await sql`drop function knowledge_filter_keys`.execute(db);
  await sql`drop index knowledge_rows_file_search_idx`.execute(db);
  await sql`drop index knowledge_chunks_file_search_idx`.execute(db);
}
