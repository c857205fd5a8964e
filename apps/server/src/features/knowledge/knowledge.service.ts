import {
  DATASET_MAX_BYTES,
  type DatasetFile,
  type DatasetPreview,
  type KnowledgeOverview,
  type KnowledgeSource,
  type UpdateDatasetRequest,
} from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db, Queryable } from '../../db/database';
import type { KnowledgeFileRow } from '../../db/tables/knowledge.table';
import { ConflictException, NotFoundException, ValidationException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import {
  deleteSource,
  filesOfSources,
  findBotLanguage,
  findSource,
  insertFile,
  insertSource,
  listSources,
  pgvectorAvailable,
  previewRows,
  reindexRows,
  renameSource,
} from './knowledge.repository';
import { receiveFile } from './upload-body';

/** Rows the preview shows. */
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
    sizeBytes: row.size_bytes,
    state: row.state,
    progress: row.progress,
    rowCount: row.row_count,
    error: row.error,
    errorLines: row.error_lines,
    notices: row.notices,
    encoding: row.encoding,
    delimiter: row.delimiter,
    uploadedAt: row.uploaded_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
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
    updatedAt: source.updated_at.toISOString(),
  };
}

async function botLanguageOf(db: Queryable, session: Session, botId: string): Promise<string> {
  const language = isUuid(botId) ? await findBotLanguage(db, session.companyId, botId) : undefined;
  if (!language) throw new NotFoundException('Bot not found');
  return language;
}

async function sourceRowOf(db: Queryable, session: Session, botId: string, sourceId: string) {
  const source =
    isUuid(botId) && isUuid(sourceId) ? await findSource(db, session.companyId, botId, sourceId) : undefined;
  if (!source) throw new NotFoundException('Dataset not found');
  return source;
}

/**
 * A source and its files read in one snapshot: a file going live between two separate reads
 * would show the source pointing at a file already dropped.
 */
function inSnapshot<T>(db: Db, read: (trx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}

async function loadSource(db: Db, session: Session, botId: string, sourceId: string) {
  return inSnapshot(db, async (trx) => {
    const source = await sourceRowOf(trx, session, botId, sourceId);
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
  const { sources, files } = await inSnapshot(db, async (trx) => {
    const sources = await listSources(trx, session.companyId, botId);
    return {
      sources,
      files: await filesOfSources(
        trx,
        sources.map((source) => source.id),
      ),
    };
  });
  // No embeddings model can be configured yet, so semantic search is off; the database's side is said too.
  const reasons: ('no-embeddings-model' | 'no-pgvector')[] = ['no-embeddings-model'];
  if (!(await pgvectorAvailable(db))) reasons.push('no-pgvector');
  return {
    sources: sources.map((source) => sourceOf(source, files)),
    search: { fullText: true, semantic: { enabled: false, reasons } },
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
      (await insertSource(trx, session.companyId, target.botId, target.fileName.replace(/\.csv$/i, '')));
    const fileId = await insertFile(trx, id, {
      companyId: session.companyId,
      fileName: target.fileName,
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
  });
  return loadSource(db, session, botId, sourceId);
}

export async function deleteDataset(ctx: AppContext, session: Session, botId: string, sourceId: string) {
  if (
    !isUuid(botId) ||
    !isUuid(sourceId) ||
    !(await deleteSource(ctx.database.db, session.companyId, botId, sourceId))
  ) {
    throw new NotFoundException('Dataset not found');
  }
}
