import { OutsideCallFailed } from '@parley/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import type { StoredColumn } from '../../db/tables/knowledge.table';
import { ensureError } from '../../errors';
import { EMBEDDING_BATCH, type Embedder } from '../../integrations/openai/openai-embeddings';
import {
  filesMissingEmbeddings,
  fileToEmbed,
  itemsToEmbed,
  markEmbeddingPending,
  setEmbeddingState,
  storeEmbeddings,
} from './knowledge.repository';
import { ensureEmbeddingIndexes } from './knowledge-vectors';

/** Tries of one file's embedding job (its queue's retry limit plus the first). */
export const EMBEDDING_ATTEMPTS = 3;
/** Files queued at start-up for embedding at most (the rest on a later start). */
const SWEEP_FILES = 1_000;

/**
 * Queues a ready file's embeddings, in the caller's transaction (the one making it live, or
 * re-indexing its rows): nothing when no embeddings model is set up. Wake the queue after commit.
 */
export async function queueEmbedding(ctx: AppContext, trx: Queryable, fileId: string): Promise<void> {
  if (!ctx.embedder) return;
  await markEmbeddingPending(trx, fileId, ctx.embedder.model);
  await ctx.jobs.send(trx, 'knowledge-embedding', { fileId });
}

/** On start, with a model set up: queues ready files processed before it, or embedded with another. */
export async function queueMissingEmbeddings(ctx: AppContext): Promise<number> {
  const embedder = ctx.embedder;
  if (!embedder) return 0;
  const files = await filesMissingEmbeddings(ctx.database.db, embedder.model, SWEEP_FILES);
  for (const fileId of files) {
    await ctx.database.db.transaction().execute((trx) => queueEmbedding(ctx, trx, fileId));
  }
  if (files.length > 0) ctx.jobs.wake('knowledge-embedding');
  return files.length;
}

/** What a row is embedded as: its searchable columns, `column: value`, in the file's order. */
export function rowEmbeddingText(columns: readonly StoredColumn[], cells: Record<string, unknown>): string {
  return columns
    .filter((column) => column.searchable)
    .map((column) => [column.name, cells[column.name]] as const)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('; ');
}

/**
 * The background job of a ready file's embeddings (queue `knowledge-embedding`): a batch of its
 * rows or chunks without one is read, embedded by the model (no connection held while it
 * answers), and stored, until none is left. A retry carries on where the last try stopped; a model
 * that keeps failing leaves the file `failed` with the reason, and its search by words alone.
 */
export async function embedFile(
  ctx: AppContext,
  log: FastifyBaseLogger,
  fileId: string,
  attempt: number,
): Promise<void> {
  const embedder: Embedder | undefined = ctx.embedder;
  const db = ctx.database.db;
  const file = await fileToEmbed(db, fileId);
  if (!embedder || !file || file.state !== 'ready' || file.embedding_model !== embedder.model) return;
  const kind = file.format === 'csv' ? 'row' : 'chunk';
  try {
    await setEmbeddingState(db, fileId, { state: 'embedding' });
    for (;;) {
      const items = await itemsToEmbed(db, fileId, kind, EMBEDDING_BATCH);
      if (items.length === 0) break;
      const texts = items.map((item) =>
        kind === 'row'
          ? rowEmbeddingText(file.columns, item.cells ?? {})
          : [item.heading, item.content ?? ''].filter(Boolean).join('\n'),
      );
      const vectors = await embedder.embed(texts);
      await ensureEmbeddingIndexes(db, vectors[0]?.length ?? 0);
      await storeEmbeddings(
        db,
        fileId,
        kind,
        items.map((item, index) => ({ number: item.number, embedding: vectors[index] ?? [] })),
      );
    }
    await setEmbeddingState(db, fileId, { state: 'ready', error: null });
  } catch (error) {
    const reason =
      error instanceof OutsideCallFailed
        ? error.message
        : 'Embedding stopped unexpectedly; it will be tried again.';
    if (!(error instanceof OutsideCallFailed))
      log.error({ err: ensureError(error), fileId }, 'knowledge embedding failed');
    const last = attempt >= EMBEDDING_ATTEMPTS;
    await setEmbeddingState(db, fileId, { state: last ? 'failed' : 'embedding', error: reason });
    if (!last) throw error;
  }
}
