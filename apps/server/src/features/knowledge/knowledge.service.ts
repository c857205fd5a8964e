import {
  DATASET_MAX_BYTES,
  type DatasetFile,
  type DatasetPreview,
  DOCUMENT_MAX_BYTES,
  type DocstoreStatus,
  type DocumentPreview,
  type KnowledgeOverview,
  type KnowledgeSource,
  type QaDocumentRequest,
  type UpdateDatasetRequest,
} from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db, Queryable } from '../../db/database';
import type { KnowledgeFileRow } from '../../db/tables/knowledge.table';
import { ConflictException, NotFoundException, ValidationException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import { documentFormatOf } from './document-text';
import {
  clearRowEmbeddings,
  deleteSource,
  filesOfSources,
  findBotLanguage,
  findSource,
  insertFile,
  insertSource,
  knowledgePublishedAt,
  listSources,
  mergePendingWords,
  previewChunks,
  previewRows,
  publishKnowledge,
  reindexRows,
  removedSourceCount,
  renameSource,
  unpublishKnowledge,
} from './knowledge.repository';
import { queueEmbedding } from './knowledge-embedding';
import { receiveFile } from './upload-body';

/** Rows, or a document's chunks, the preview shows. */
const PREVIEW_ROWS = 20;

/** PostgreSQL's text search configuration for a bot's language: stemming in that language. */
const searchConfigs: Record<string, string> = {
  en: 'english',
  es: 'spanish',
  pt: 'portuguese',
  fr: 'french',
  de: 'german',
  it: 'italian',
};
export const searchConfigFor = (language: string) => searchConfigs[language] ?? 'simple';

function fileOf(row: KnowledgeFileRow): DatasetFile {
  return {
    id: row.id,
    fileName: row.file_name,
    format: row.format,
    sizeBytes: row.size_bytes,
    state: row.state,
    progress: row.progress,
    rowCount: row.row_count,
    chunkCount: row.chunk_count,
    error: row.error,
    errorLines: row.error_lines,
    notices: row.notices,
    encoding: row.encoding,
    delimiter: row.delimiter,
    uploadedAt: row.uploaded_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    embedding:
      row.embedding_state === null
        ? null
        : {
            state: row.embedding_state,
            model: row.embedding_model,
            embedded: row.embedded_count,
            error: row.embedding_error,
          },
  };
}

type SourceRow = Awaited<ReturnType<typeof listSources>>[number];

function sourceOf(source: SourceRow, files: readonly KnowledgeFileRow[]): KnowledgeSource {
  const live = files.find((file) => file.id === source.live_file_id);
  const pending = files
    .filter((file) => file.source_id === source.id && file.id !== source.live_file_id)
    .sort((a, b) => b.uploaded_at.getTime() - a.uploaded_at.getTime())[0];
  return {
    id: source.id,
    kind: source.kind,
    name: source.name,
    live: live ? fileOf(live) : null,
    pending: pending ? fileOf(pending) : null,
    columns: live?.columns ?? [],
    publication:
      source.published_file_id === null
        ? 'unpublished'
        : source.published_file_id === source.live_file_id
          ? 'published'
          : 'changed',
    updatedAt: source.updated_at.toISOString(),
  };
}

async function botLanguageOf(db: Queryable, session: Session, botId: string): Promise<string> {
  const language = isUuid(botId) ? await findBotLanguage(db, session.companyId, botId) : undefined;
  if (!language) throw new NotFoundException('Bot not found');
  return language;
}

const kindNames = { csv: 'Dataset', document: 'Document' } as const;

/** A source of the bot, of the kind the route names (a document asked for as a dataset is not found). */
async function sourceRowOf(
  db: Queryable,
  session: Session,
  botId: string,
  sourceId: string,
  kind: 'csv' | 'document' = 'csv',
) {
  const source =
    isUuid(botId) && isUuid(sourceId) ? await findSource(db, session.companyId, botId, sourceId) : undefined;
  if (!source || source.kind !== kind) throw new NotFoundException(`${kindNames[kind]} not found`);
  return source;
}

/**
 * A source and its files read in one snapshot: a file going live between two separate reads
 * would show the source pointing at a file already dropped.
 */
function inSnapshot<T>(db: Db, read: (trx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}

async function loadSource(
  db: Db,
  session: Session,
  botId: string,
  sourceId: string,
  kind: 'csv' | 'document' = 'csv',
) {
  return inSnapshot(db, async (trx) => {
    const source = await sourceRowOf(trx, session, botId, sourceId, kind);
    return sourceOf(source, await filesOfSources(trx, [source.id]));
  });
}

export async function knowledgeOverview(
  ctx: AppContext,
  session: Session,
  botId: string,
): Promise<KnowledgeOverview> {
  const db = ctx.database.db;
  await botLanguageOf(db, session, botId);
  const { sources, files, publishedAt, removed } = await inSnapshot(db, async (trx) => {
    const sources = await listSources(trx, session.companyId, botId);
    return {
      sources,
      files: await filesOfSources(
        trx,
        sources.map((source) => source.id),
      ),
      publishedAt: await knowledgePublishedAt(trx, session.companyId, botId),
      removed: await removedSourceCount(trx, session.companyId, botId),
    };
  });
  const model = ctx.embedder?.model ?? null;
  const shown = sources.map((source) => sourceOf(source, files));
  return {
    sources: shown,
    docstore: {
      publishedAt: publishedAt?.toISOString() ?? null,
      // A source deleted from the draft still answers for the published bot until the next publish.
      changed:
        removed > 0 || shown.some((source) => source.live !== null && source.publication !== 'published'),
    },
    search: {
      fullText: true,
      semantic: { enabled: model !== null, model, reasons: model ? [] : ['no-embeddings-model'] },
    },
  };
}

/**
 * Stores an uploaded file (read up to the limit, then written in one transaction with its
 * processing job) under a new dataset or, with `sourceId`, as the next file of one.
 */
export async function uploadDatasetFile(
  ctx: AppContext,
  session: Session,
  request: FastifyRequest,
  target: { botId: string; fileName: string; sourceId?: string },
): Promise<KnowledgeSource> {
  const db = ctx.database.db;
  const language = await botLanguageOf(db, session, target.botId);
  if (target.sourceId) await sourceRowOf(db, session, target.botId, target.sourceId);
  const { pieces, sizeBytes } = await receiveFile(request, DATASET_MAX_BYTES);
  if (sizeBytes === 0)
    throw new ValidationException('The file is empty: choose a CSV file with a header row and rows');
  const sourceId = await db.transaction().execute(async (trx) => {
    const id =
      target.sourceId ??
      (await insertSource(trx, session.companyId, target.botId, {
        kind: 'csv',
        name: target.fileName.replace(/\.csv$/i, ''),
      }));
    const fileId = await insertFile(trx, id, {
      companyId: session.companyId,
      fileName: target.fileName,
      format: 'csv',
      sizeBytes,
      searchConfig: searchConfigFor(language),
      pieces,
    });
    await ctx.jobs.send(trx, 'dataset-processing', { fileId });
    return id;
  });
  ctx.jobs.wake('dataset-processing');
  return loadSource(db, session, target.botId, sourceId);
}

export async function datasetPreview(
  ctx: AppContext,
  session: Session,
  botId: string,
  sourceId: string,
): Promise<DatasetPreview> {
  const db = ctx.database.db;
  const source = await loadSource(db, session, botId, sourceId);
  const rows = source.live ? await previewRows(db, source.live.id, PREVIEW_ROWS) : [];
  return { source, rows: rows.map((row) => ({ rowNumber: row.row_number, cells: row.cells })) };
}

export async function updateDataset(
  ctx: AppContext,
  session: Session,
  botId: string,
  sourceId: string,
  change: UpdateDatasetRequest,
): Promise<KnowledgeSource> {
  const db = ctx.database.db;
  const before = await loadSource(db, session, botId, sourceId);
  await db.transaction().execute(async (trx) => {
    if (change.name !== undefined) await renameSource(trx, sourceId, change.name);
    if (change.columns === undefined) return;
    if (!before.live)
      throw new ConflictException('The dataset has no ready file yet: choose its columns once it is ready');
    const chosen = new Map(change.columns.map((column) => [column.name, column]));
    const unknown = change.columns.filter(
      (column) => !before.columns.some((each) => each.name === column.name),
    );
    if (unknown.length > 0) {
      throw new ValidationException('These columns are not in the dataset', {
        columns: unknown.map((column) => column.name),
      });
    }
    const columns = before.columns.map((column) => ({
      ...column,
      searchable: chosen.get(column.name)?.searchable ?? column.searchable,
      filter: chosen.get(column.name)?.filter ?? column.filter,
    }));
    const liveRow = (await filesOfSources(trx, [sourceId])).find((file) => file.id === before.live?.id);
    await reindexRows(trx, before.live.id, liveRow?.search_config ?? 'simple', columns);
    // Rows are embedded as their searchable columns: other columns, other embeddings.
    if (
      ctx.embedder &&
      columns.some((column, index) => column.searchable !== before.columns[index]?.searchable)
    ) {
      await clearRowEmbeddings(trx, before.live.id);
      await queueEmbedding(ctx, trx, before.live.id);
    }
  });
  // Re-indexed rows' words wait in the index's pending list until merged.
  await mergePendingWords(db, 'knowledge_rows');
  if (ctx.embedder) ctx.jobs.wake('knowledge-embedding');
  return loadSource(db, session, botId, sourceId);
}

export async function deleteDataset(ctx: AppContext, session: Session, botId: string, sourceId: string) {
  await sourceRowOf(ctx.database.db, session, botId, sourceId, 'csv');
  const deleted = await ctx.database.db
    .transaction()
    .execute((trx) => deleteSource(trx, session.companyId, botId, sourceId));
  if (!deleted) throw new NotFoundException('Dataset not found');
}

/** The file types a document may be, for the message refusing another. */
const DOCUMENT_TYPES = 'a .txt, .md, .html or .pdf file';

/**
 * Stores a document's file (or pasted questions and answers) under a new document or, with
 * `sourceId`, as the next file of one, with its processing job, in one transaction.
 */
async function storeDocumentFile(
  ctx: AppContext,
  session: Session,
  language: string,
  target: { botId: string; name: string; sourceId?: string },
  file: { fileName: string; format: KnowledgeFileRow['format']; pieces: Buffer[]; sizeBytes: number },
): Promise<KnowledgeSource> {
  const db = ctx.database.db;
  const sourceId = await db.transaction().execute(async (trx) => {
    const id =
      target.sourceId ??
      (await insertSource(trx, session.companyId, target.botId, { kind: 'document', name: target.name }));
    const fileId = await insertFile(trx, id, {
      companyId: session.companyId,
      fileName: file.fileName,
      format: file.format,
      sizeBytes: file.sizeBytes,
      searchConfig: searchConfigFor(language),
      pieces: file.pieces,
    });
    await ctx.jobs.send(trx, 'document-processing', { fileId });
    return id;
  });
  ctx.jobs.wake('document-processing');
  return loadSource(db, session, target.botId, sourceId, 'document');
}

/** Stores an uploaded document file (its type from its name, read up to the limit); chunked in the background. */
export async function uploadDocumentFile(
  ctx: AppContext,
  session: Session,
  request: FastifyRequest,
  target: { botId: string; fileName: string; sourceId?: string },
): Promise<KnowledgeSource> {
  const db = ctx.database.db;
  const language = await botLanguageOf(db, session, target.botId);
  if (target.sourceId) await sourceRowOf(db, session, target.botId, target.sourceId, 'document');
  const format = documentFormatOf(target.fileName);
  if (!format) {
    throw new ValidationException(
      /\.csv$/i.test(target.fileName)
        ? 'A CSV file is a dataset: upload it with Upload CSV'
        : `Parley reads documents from ${DOCUMENT_TYPES}; convert this one and upload it again`,
      { fileName: target.fileName },
    );
  }
  const { pieces, sizeBytes } = await receiveFile(request, DOCUMENT_MAX_BYTES);
  if (sizeBytes === 0) throw new ValidationException('The file is empty: choose a document with text in it');
  return storeDocumentFile(
    ctx,
    session,
    language,
    { ...target, name: target.fileName.replace(/\.[a-z]+$/i, '') },
    { fileName: target.fileName, format, pieces, sizeBytes },
  );
}

/** Makes a document of pasted questions and answers (stored as its file, chunked like any other). */
export async function createQaDocument(
  ctx: AppContext,
  session: Session,
  botId: string,
  request: QaDocumentRequest,
): Promise<KnowledgeSource> {
  const language = await botLanguageOf(ctx.database.db, session, botId);
  const bytes = Buffer.from(JSON.stringify(request.pairs));
  return storeDocumentFile(
    ctx,
    session,
    language,
    { botId, name: request.name },
    { fileName: `${request.name}.json`, format: 'qa', pieces: [bytes], sizeBytes: bytes.byteLength },
  );
}

export async function documentPreview(
  ctx: AppContext,
  session: Session,
  botId: string,
  sourceId: string,
): Promise<DocumentPreview> {
  const db = ctx.database.db;
  const source = await loadSource(db, session, botId, sourceId, 'document');
  const chunks = source.live ? await previewChunks(db, source.live.id, PREVIEW_ROWS) : [];
  return {
    source,
    chunks: chunks.map((chunk) => ({
      chunkNumber: chunk.chunk_number,
      heading: chunk.heading,
      text: chunk.content,
    })),
  };
}

export async function deleteDocument(ctx: AppContext, session: Session, botId: string, sourceId: string) {
  await sourceRowOf(ctx.database.db, session, botId, sourceId, 'document');
  const deleted = await ctx.database.db
    .transaction()
    .execute((trx) => deleteSource(trx, session.companyId, botId, sourceId));
  if (!deleted) throw new NotFoundException('Document not found');
}

/** The store's state after a change to it. */
async function docstoreStatus(ctx: AppContext, session: Session, botId: string): Promise<DocstoreStatus> {
  return (await knowledgeOverview(ctx, session, botId)).docstore;
}

/** Publishes the bot's document store: every source's current ready file, in one transaction. */
export async function publishDocstore(ctx: AppContext, session: Session, botId: string) {
  const db = ctx.database.db;
  await botLanguageOf(db, session, botId);
  await db.transaction().execute((trx) => publishKnowledge(trx, session.companyId, botId));
  return docstoreStatus(ctx, session, botId);
}

/** Deletes the bot's published document store; its draft knowledge stays. */
export async function deleteDocstore(ctx: AppContext, session: Session, botId: string) {
  const db = ctx.database.db;
  await botLanguageOf(db, session, botId);
  await db.transaction().execute((trx) => unpublishKnowledge(trx, session.companyId, botId));
  return docstoreStatus(ctx, session, botId);
}
