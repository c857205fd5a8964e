import { type Kysely, sql } from 'kysely';

/**
 * Knowledge retrieval indexes scoped to the file. Every search reads one bot's files, but the GIN
 * indexes on `filter_values` and `search` alone could not say which file a row is in, so PostgreSQL
 * read every row of the file through its primary key and filtered them one by one (a filter value
 * over 100 000 rows: 100 ms). With the file in the GIN index (btree_gin, a contrib extension of
 * PostgreSQL and of PGlite), one index scan finds the file's rows that name a value or match the
 * words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index knowledge_rows_file_filter_idx on knowledge_rows using gin (file_id, filter_values)`.execute(
    db,
  );
  await sql`create index knowledge_rows_file_search_idx on knowledge_rows using gin (file_id, search)`.execute(
    db,
  );
  await sql`create index knowledge_chunks_file_search_idx on knowledge_chunks using gin (file_id, search)`.execute(
    db,
  );
  await sql`drop index knowledge_rows_filter_idx`.execute(db);
  await sql`drop index knowledge_rows_search_idx`.execute(db);
  await sql`drop index knowledge_chunks_search_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index knowledge_rows_filter_idx on knowledge_rows using gin (filter_values)`.execute(db);
  await sql`create index knowledge_rows_search_idx on knowledge_rows using gin (search)`.execute(db);
  await sql`create index knowledge_chunks_search_idx on knowledge_chunks using gin (search)`.execute(db);
  await sql`drop index knowledge_rows_file_filter_idx`.execute(db);
  await sql`drop index knowledge_rows_file_search_idx`.execute(db);
  await sql`drop index knowledge_chunks_file_search_idx`.execute(db);
}
