import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

/** The largest embeddings an HNSW index takes (pgvector's limit for its `vector` type). */
export const MAX_INDEXED_DIMENSIONS = 2_000;

const support = new WeakMap<object, Promise<boolean>>();
const indexedSizes = new WeakMap<object, Set<number>>();

/** Whether the database has pgvector (asked once per database handle). */
export function hasPgvector(db: Queryable): Promise<boolean> {
  let known = support.get(db);
  if (!known) {
    known = sql<{
      found: boolean;
    }>`select exists (select 1 from pg_extension where extname = 'vector') as found`
      .execute(db)
      .then((result) => result.rows[0]?.found === true);
    support.set(db, known);
  }
  return known;
}

/** Whether embeddings of this size are searched through an HNSW index (when there is pgvector). */
export async function indexedEmbeddings(db: Queryable, dimensions: number): Promise<boolean> {
  return (
    Number.isInteger(dimensions) &&
    dimensions > 0 &&
    dimensions <= MAX_INDEXED_DIMENSIONS &&
    (await hasPgvector(db))
  );
}

/**
 * With pgvector, makes sure embeddings of this size have their HNSW indexes: one for rows and one
 * for chunks, over the stored `real[]` cast to `vector(n)` and limited to arrays of that size (a
 * model's size is only known from its first embeddings, and another model may have another). The
 * index is made before any embedding of that size is stored, so it is built empty and kept up as
 * they come. Inner product: embeddings have unit length, so it orders as cosine similarity does.
 */
export async function ensureEmbeddingIndexes(db: Queryable, dimensions: number): Promise<void> {
  let sizes = indexedSizes.get(db);
  if (sizes?.has(dimensions) || !(await indexedEmbeddings(db, dimensions))) return;
  const size = sql.raw(String(dimensions));
  for (const table of ['knowledge_rows', 'knowledge_chunks'] as const) {
    const name = sql.raw(`${table}_embedding_${dimensions}_hnsw`);
    await sql`create index if not exists ${name} on ${sql.table(table)}
      using hnsw ((embedding::vector(${size})) vector_ip_ops) where cardinality(embedding) = ${size}`.execute(
      db,
    );
  }
  if (!sizes) {
    sizes = new Set();
    indexedSizes.set(db, sizes);
  }
  sizes.add(dimensions);
}
