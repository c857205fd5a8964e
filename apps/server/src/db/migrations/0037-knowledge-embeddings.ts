import { type Kysely, sql } from 'kysely';

/**
 * Knowledge embeddings, and deleting a source without touching the published store.
 *
 * Rows get an embedding beside chunks' (a plain float array, as chunks have: pgvector is on neither
 * database Parley is tested on). A processed file says how far its embeddings are: `pending`
 * (queued), `embedding` (with `embedded_count` done), `ready`, or `failed` with the reason; null when
 * no embeddings model was set up when it was processed. `embedding_model` names the model, so a
 * question is only compared with vectors of the same model.
 *
 * A deleted source that the published bot still answers from is only marked (`removed_at`): the
 * draft no longer has it, and the next publish (or deleting the store) drops it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table knowledge_rows add column embedding real[]`.execute(db);
  await sql`alter table knowledge_files
    add column embedding_state text check (embedding_state in ('pending', 'embedding', 'ready', 'failed')),
    add column embedding_model text,
    add column embedded_count integer not null default 0,
    add column embedding_error text`.execute(db);
  await sql`alter table knowledge_sources add column removed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from knowledge_sources where removed_at is not null`.execute(db);
  await sql`alter table knowledge_sources drop column removed_at`.execute(db);
  await sql`alter table knowledge_files
    drop column embedding_state, drop column embedding_model, drop column embedded_count,
    drop column embedding_error`.execute(db);
  await sql`alter table knowledge_rows drop column embedding`.execute(db);
}
