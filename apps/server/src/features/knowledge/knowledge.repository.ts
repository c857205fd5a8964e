import type { KnowledgeSourceState } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type {
  KnowledgeFileFormat,
  KnowledgeFileRow,
  KnowledgeFileState,
  StoredColumn,
} from '../../db/tables/knowledge.table';

/** Tenancy: every read of a company's knowledge starts from a source of that company and bot. */

export async function findBotLanguage(db: Queryable, companyId: string, botId: string) {
  const bot = await db
    .selectFrom('bots')
    .select('language')
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return bot?.language;
}

export interface NewFile {
  companyId: string;
  fileName: string;
  format: KnowledgeFileFormat;
  sizeBytes: number;
  searchConfig: string;
  pieces: readonly Uint8Array[];
}

/** Stores a new source (a dataset or a document) with nothing processed yet. */
export async function insertSource(
  db: Queryable,
  companyId: string,
  botId: string,
  source: { kind: 'csv' | 'document'; name: string },
): Promise<string> {
  const { id } = await db
    .insertInto('knowledge_sources')
    .values({ company_id: companyId, bot_id: botId, kind: source.kind, name: source.name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The files a source keeps whatever else happens: the draft's live one and the published one. */
const keptFiles = (sourceId: string) =>
  sql<string>`(select kept.id from knowledge_sources as owner
    cross join lateral (values (owner.live_file_id), (owner.published_file_id)) as kept (id)
    where owner.id = ${sourceId} and kept.id is not null)`;

/**
 * Stores an uploaded file and its raw bytes, and drops the source's earlier files that are neither
 * live nor published (a failed or still processing one: its job notices and stops).
 */
export async function insertFile(db: Queryable, sourceId: string, file: NewFile): Promise<string> {
  await db
    .deleteFrom('knowledge_files')
    .where('source_id', '=', sourceId)
    .where('id', 'not in', keptFiles(sourceId))
    .execute();
  const { id } = await db
    .insertInto('knowledge_files')
    .values({
      source_id: sourceId,
      company_id: file.companyId,
      file_name: file.fileName,
      format: file.format,
      size_bytes: file.sizeBytes,
      state: 'uploaded',
      search_config: file.searchConfig,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [seq, bytes] of file.pieces.entries()) {
    await db.insertInto('knowledge_file_pieces').values({ file_id: id, seq, bytes }).execute();
  }
  await db
    .updateTable('knowledge_sources')
    .set({ updated_at: sql`now()` })
    .where('id', '=', sourceId)
    .execute();
  return id;
}

export async function findSource(db: Queryable, companyId: string, botId: string, sourceId: string) {
  return db
    .selectFrom('knowledge_sources')
    .selectAll()
    .where('id', '=', sourceId)
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export async function listSources(db: Queryable, companyId: string, botId: string) {
  return db
    .selectFrom('knowledge_sources')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The company's knowledge sources (or one bot's, or the given ones) that are not deleted, with
 * their bot's name and whether they can be searched: `ready` (a live file), `processing` (its
 * first file not done yet) or `failed` (its first file failed, with the reason). A source whose
 * newer file failed still answers from its live one: ready.
 */
export async function listSourceStates(
  db: Queryable,
  companyId: string,
  only: { botId?: string; ids?: readonly string[] } = {},
): Promise<SourceState[]> {
  if (only.ids?.length === 0) return [];
  let query = db
    .selectFrom('knowledge_sources as source')
    .innerJoin('bots as bot', (join) =>
      join.onRef('bot.id', '=', 'source.bot_id').on('bot.company_id', '=', companyId),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('knowledge_files as file')
          .select(['file.state', 'file.error'])
          .whereRef('file.source_id', '=', 'source.id')
          .orderBy('file.uploaded_at', 'desc')
          .limit(1)
          .as('newest'),
      (join) => join.onTrue(),
    )
    .select([
      'source.id',
      'source.name',
      'source.kind',
      'source.bot_id',
      'bot.name as bot_name',
      'source.live_file_id',
      'newest.state as newest_state',
      'newest.error as newest_error',
    ])
    .where('source.company_id', '=', companyId)
    .where('source.removed_at', 'is', null)
    .where('bot.deleted_at', 'is', null);
  if (only.botId) query = query.where('source.bot_id', '=', only.botId);
  if (only.ids) query = query.where('source.id', 'in', [...only.ids]);
  const rows = await query.orderBy('bot.name').orderBy('source.name').orderBy('source.id').execute();
  return rows.map((row) => {
    const state = row.live_file_id ? 'ready' : row.newest_state === 'failed' ? 'failed' : 'processing';
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      botId: row.bot_id,
      botName: row.bot_name,
      state,
      error: state === 'failed' ? (row.newest_error ?? null) : null,
    };
  });
}

export interface SourceState {
  id: string;
  name: string;
  kind: 'csv' | 'document';
  botId: string;
  botName: string;
  state: KnowledgeSourceState;
  /** Why its file failed (failed only). */
  error: string | null;
}

/** Every file of the given sources (a live one and at most one pending each). */
export async function filesOfSources(
  db: Queryable,
  sourceIds: readonly string[],
): Promise<KnowledgeFileRow[]> {
  if (sourceIds.length === 0) return [];
  return db.selectFrom('knowledge_files').selectAll().where('source_id', 'in', sourceIds).execute();
}

/** Sources deleted from the draft that the published store still answers from. */
export async function removedSourceCount(db: Queryable, companyId: string, botId: string) {
  const { count } = await db
    .selectFrom('knowledge_sources')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('removed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Deletes a source from the draft, in the caller's transaction. One the published store answers
 * from is only marked removed (its published file kept, the rest dropped) until the next publish;
 * any other goes at once.
 */
export async function deleteSource(trx: Queryable, companyId: string, botId: string, sourceId: string) {
  const marked = await trx
    .updateTable('knowledge_sources')
    .set({ removed_at: sql`now()`, live_file_id: null, updated_at: sql`now()` })
    .where('id', '=', sourceId)
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('removed_at', 'is', null)
    .where('published_file_id', 'is not', null)
    .executeTakeFirst();
  if (marked.numUpdatedRows > 0n) {
    await trx
      .deleteFrom('knowledge_files')
      .where('source_id', '=', sourceId)
      .where('id', 'not in', keptFiles(sourceId))
      .execute();
    return true;
  }
  const result = await trx
    .deleteFrom('knowledge_sources')
    .where('id', '=', sourceId)
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Drops the sources deleted from the draft once the published store no longer needs them. */
async function dropRemovedSources(trx: Queryable, companyId: string, botId: string) {
  await trx
    .deleteFrom('knowledge_sources')
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .where('removed_at', 'is not', null)
    .execute();
}

export async function renameSource(db: Queryable, sourceId: string, name: string) {
  await db
    .updateTable('knowledge_sources')
    .set({ name, updated_at: sql`now()` })
    .where('id', '=', sourceId)
    .execute();
}

export async function previewRows(db: Queryable, fileId: string, limit: number) {
  return db
    .selectFrom('knowledge_rows')
    .select(['row_number', 'cells'])
    .where('file_id', '=', fileId)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/** A file to process, with the columns of the live file it replaces (whose choices carry over). */
export async function fileToProcess(db: Queryable, fileId: string) {
  return db
    .selectFrom('knowledge_files as file')
    .innerJoin('knowledge_sources as source', 'source.id', 'file.source_id')
    .leftJoin('knowledge_files as live', 'live.id', 'source.live_file_id')
    .select([
      'file.id',
      'file.state',
      'file.format',
      'file.search_config',
      'file.source_id',
      'live.columns as liveColumns',
    ])
    .where('file.id', '=', fileId)
    .executeTakeFirst();
}

/** The raw file, one stored piece at a time (never the whole file in memory). */
export async function* filePieces(db: Queryable, fileId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const piece = await db
      .selectFrom('knowledge_file_pieces')
      .select('bytes')
      .where('file_id', '=', fileId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!piece) return;
    yield piece.bytes;
  }
}

/** The file's first `bytes` bytes (whole pieces: a few more), or all of a shorter file. */
export async function fileStart(db: Queryable, fileId: string, bytes: number): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  let size = 0;
  for await (const piece of filePieces(db, fileId)) {
    pieces.push(piece);
    size += piece.byteLength;
    if (size >= bytes) break;
  }
  return Buffer.concat(pieces);
}

/** Updates a file while it is processed; false when it is gone (replaced or deleted meanwhile). */
export async function setFileProgress(
  db: Queryable,
  fileId: string,
  change: {
    state: KnowledgeFileState;
    progress: number;
    encoding?: string;
    delimiter?: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('knowledge_files')
    .set(change)
    .where('id', '=', fileId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface RowToStore {
  rowNumber: number;
  lineNumber: number;
  cells: Record<string, string | number | null>;
}

/** The full-text vector of a row: its searchable columns' values, under the file's configuration. */
const searchVector = (config: string, cells: ReturnType<typeof sql>, searchable: readonly string[]) =>
  sql`to_tsvector(${config}::regconfig, coalesce((select string_agg(cell.value, ' ') from jsonb_each_text(${cells}) as cell where cell.key = any(${[...searchable]}::text[])), ''))`;
/** The row's filter columns' values, lowercased, for exact matches on what a question names. */
const filterValues = (cells: ReturnType<typeof sql>, filters: readonly string[]) =>
  sql`array(select lower(cell.value) from jsonb_each_text(${cells}) as cell where cell.key = any(${[...filters]}::text[]) and cell.value is not null)`;

/** Stores a batch of rows in one statement (their cells as one JSON parameter). */
export async function insertRows(
  db: Queryable,
  fileId: string,
  config: string,
  columns: readonly StoredColumn[],
  rows: readonly RowToStore[],
): Promise<void> {
  const searchable = columns.filter((column) => column.searchable).map((column) => column.name);
  const filters = columns.filter((column) => column.filter).map((column) => column.name);
  const batch = JSON.stringify(rows.map((row) => ({ n: row.rowNumber, l: row.lineNumber, c: row.cells })));
  await sql`insert into knowledge_rows (file_id, row_number, line_number, cells, search, filter_values)
    select ${fileId}::uuid, r.n, r.l, r.c, ${searchVector(config, sql`r.c`, searchable)}, ${filterValues(sql`r.c`, filters)}
    from jsonb_to_recordset(${batch}::jsonb) as r(n integer, l integer, c jsonb)`.execute(db);
}

/**
 * Merges the pending entries of a table's full-text index into its tree. A row's many words go into
 * a pending list first (a fast insert), which every search reads through until vacuum merges it:
 * after a 100 000-row file, hundreds of pages a search. A file just stored is merged before it
 * goes live. Outside a transaction: the merge commits on its own.
 */
export async function mergePendingWords(db: Queryable, table: 'knowledge_rows' | 'knowledge_chunks') {
  const index =
    table === 'knowledge_rows' ? 'knowledge_rows_file_search_idx' : 'knowledge_chunks_file_search_idx';
  await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
}

/** Re-indexes a file's rows after its searchable or filter columns changed. */
export async function reindexRows(
  db: Queryable,
  fileId: string,
  config: string,
  columns: readonly StoredColumn[],
) {
  const searchable = columns.filter((column) => column.searchable).map((column) => column.name);
  const filters = columns.filter((column) => column.filter).map((column) => column.name);
  await sql`update knowledge_rows set
      search = ${searchVector(config, sql`cells`, searchable)},
      filter_values = ${filterValues(sql`cells`, filters)}
    where file_id = ${fileId}`.execute(db);
  await db
    .updateTable('knowledge_files')
    .set({ columns: JSON.stringify(columns) })
    .where('id', '=', fileId)
    .execute();
}

/** A file that cannot be used: the reason kept, its rows and raw bytes dropped. */
export async function failFile(db: Queryable, fileId: string, error: string, lines: readonly number[]) {
  await db.deleteFrom('knowledge_rows').where('file_id', '=', fileId).execute();
  await db.deleteFrom('knowledge_file_pieces').where('file_id', '=', fileId).execute();
  await db
    .updateTable('knowledge_files')
    .set({ state: 'failed', error, error_lines: [...lines], progress: 0, finished_at: sql`now()` })
    .where('id', '=', fileId)
    .execute();
}

/** Drops the rows of a file being processed again (a retry after its process stopped). */
export async function clearRows(db: Queryable, fileId: string) {
  await db.deleteFrom('knowledge_rows').where('file_id', '=', fileId).execute();
}

/** Drops the chunks of a document being processed again, or gone meanwhile. */
export async function clearChunks(db: Queryable, fileId: string) {
  await db.deleteFrom('knowledge_chunks').where('file_id', '=', fileId).execute();
}

export interface ChunkToStore {
  chunkNumber: number;
  heading: string;
  content: string;
}

/** Stores a batch of chunks in one statement; headings are searched with the text, weighted higher. */
export async function insertChunks(
  db: Queryable,
  fileId: string,
  config: string,
  chunks: readonly ChunkToStore[],
): Promise<void> {
  const batch = JSON.stringify(
    chunks.map((chunk) => ({ n: chunk.chunkNumber, h: chunk.heading, c: chunk.content })),
  );
  await sql`insert into knowledge_chunks (file_id, chunk_number, heading, content, search)
    select ${fileId}::uuid, r.n, r.h, r.c,
      setweight(to_tsvector(${config}::regconfig, r.h), 'A') || setweight(to_tsvector(${config}::regconfig, r.c), 'D')
    from jsonb_to_recordset(${batch}::jsonb) as r(n integer, h text, c text)`.execute(db);
}

export async function previewChunks(db: Queryable, fileId: string, limit: number) {
  return db
    .selectFrom('knowledge_chunks')
    .select(['chunk_number', 'heading', 'content'])
    .where('file_id', '=', fileId)
    .orderBy('chunk_number')
    .limit(limit)
    .execute();
}

/**
 * Makes a processed file the one its source answers from, and drops the file it replaces, in the
 * caller's transaction: a question sees the old rows or the new ones, never a mix. False when the
 * file is gone (a newer upload or a delete came first).
 */
export async function makeFileLive(
  trx: Queryable,
  fileId: string,
  result: {
    rowCount: number | null;
    chunkCount?: number;
    columns: readonly StoredColumn[];
    notices: readonly string[];
  },
): Promise<boolean> {
  const file = await trx
    .selectFrom('knowledge_files')
    .select('source_id')
    .where('id', '=', fileId)
    .forUpdate()
    .executeTakeFirst();
  if (!file) return false;
  await trx
    .updateTable('knowledge_files')
    .set({
      state: 'ready',
      progress: 100,
      row_count: result.rowCount,
      chunk_count: result.chunkCount ?? null,
      columns: JSON.stringify(result.columns),
      notices: [...result.notices],
      finished_at: sql`now()`,
    })
    .where('id', '=', fileId)
    .execute();
  await trx
    .updateTable('knowledge_sources')
    .set({ live_file_id: fileId, updated_at: sql`now()` })
    .where('id', '=', file.source_id)
    .execute();
  await trx
    .deleteFrom('knowledge_files')
    .where('source_id', '=', file.source_id)
    .where('id', 'not in', keptFiles(file.source_id))
    .execute();
  return true;
}

/**
 * Publishes a bot's document store in the caller's transaction: every source's published file
 * becomes its live one in one statement, and the files no longer live nor published are dropped.
 */
export async function publishKnowledge(
  trx: Queryable,
  companyId: string,
  botId: string,
): Promise<Date | null> {
  await trx
    .updateTable('knowledge_sources')
    .set({ published_file_id: sql`live_file_id` })
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .execute();
  await dropRemovedSources(trx, companyId, botId);
  await dropUnusedReadyFiles(trx, companyId, botId);
  const bot = await trx
    .updateTable('bots')
    .set({ knowledge_published_at: sql`now()` })
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .returning('knowledge_published_at')
    .executeTakeFirst();
  return bot?.knowledge_published_at ?? null;
}

/** Deletes a bot's published document store (the draft's knowledge stays), in the caller's transaction. */
export async function unpublishKnowledge(trx: Queryable, companyId: string, botId: string): Promise<void> {
  await trx
    .updateTable('knowledge_sources')
    .set({ published_file_id: null })
    .where('company_id', '=', companyId)
    .where('bot_id', '=', botId)
    .execute();
  await dropRemovedSources(trx, companyId, botId);
  await dropUnusedReadyFiles(trx, companyId, botId);
  await trx
    .updateTable('bots')
    .set({ knowledge_published_at: null })
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .execute();
}

/** A ready file neither live nor published serves nobody any more. */
async function dropUnusedReadyFiles(trx: Queryable, companyId: string, botId: string) {
  await sql`delete from knowledge_files as file using knowledge_sources as owner
    where owner.id = file.source_id and owner.company_id = ${companyId} and owner.bot_id = ${botId}
      and file.state = 'ready'
      and file.id is distinct from owner.live_file_id and file.id is distinct from owner.published_file_id`.execute(
    trx,
  );
}

/** When the bot's store was last published (null: never, or deleted since). */
export async function knowledgePublishedAt(db: Queryable, companyId: string, botId: string) {
  const bot = await db
    .selectFrom('bots')
    .select('knowledge_published_at')
    .where('id', '=', botId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return bot?.knowledge_published_at ?? null;
}

export async function liveFileOf(db: Queryable, sourceId: string) {
  return db
    .selectFrom('knowledge_sources as source')
    .innerJoin('knowledge_files as file', 'file.id', 'source.live_file_id')
    .select(['file.id', 'file.search_config', 'file.columns'])
    .where('source.id', '=', sourceId)
    .executeTakeFirst();
}

/** A ready file's embedding state, with what its items' texts are made of. */
export async function fileToEmbed(db: Queryable, fileId: string) {
  return db
    .selectFrom('knowledge_files')
    .select(['id', 'state', 'format', 'columns', 'embedding_state', 'embedding_model'])
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** Marks a ready file's embeddings as queued for a model (the caller queues the job in the same transaction). */
export async function markEmbeddingPending(trx: Queryable, fileId: string, model: string) {
  // Vectors of another model cannot be compared with this one's questions.
  const otherModel = sql`exists (select 1 from knowledge_files as file where file.id = ${fileId}
    and file.embedding_model is not null and file.embedding_model <> ${model})`;
  await sql`update knowledge_rows set embedding = null
    where file_id = ${fileId} and embedding is not null and ${otherModel}`.execute(trx);
  await sql`update knowledge_chunks set embedding = null
    where file_id = ${fileId} and embedding is not null and ${otherModel}`.execute(trx);
  await trx
    .updateTable('knowledge_files')
    .set({ embedding_state: 'pending', embedding_model: model, embedded_count: 0, embedding_error: null })
    .where('id', '=', fileId)
    .execute();
}

/** Forgets a file's rows' embeddings (their text changed: other searchable columns). */
export async function clearRowEmbeddings(trx: Queryable, fileId: string) {
  await trx.updateTable('knowledge_rows').set({ embedding: null }).where('file_id', '=', fileId).execute();
}

export async function setEmbeddingState(
  db: Queryable,
  fileId: string,
  change: { state: 'embedding' | 'ready' | 'failed'; error?: string | null },
) {
  await db
    .updateTable('knowledge_files')
    .set({
      embedding_state: change.state,
      ...(change.error === undefined ? {} : { embedding_error: change.error }),
    })
    .where('id', '=', fileId)
    .execute();
}

/** The next items of a file with no embedding yet: a dataset's rows or a document's chunks. */
export async function itemsToEmbed(
  db: Queryable,
  fileId: string,
  kind: 'row' | 'chunk',
  limit: number,
): Promise<
  { number: number; heading: string; content: string | null; cells: Record<string, unknown> | null }[]
> {
  if (kind === 'row') {
    const rows = await db
      .selectFrom('knowledge_rows')
      .select(['row_number', 'cells'])
      .where('file_id', '=', fileId)
      .where('embedding', 'is', null)
      .orderBy('row_number')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ number: row.row_number, heading: '', content: null, cells: row.cells }));
  }
  const chunks = await db
    .selectFrom('knowledge_chunks')
    .select(['chunk_number', 'heading', 'content'])
    .where('file_id', '=', fileId)
    .where('embedding', 'is', null)
    .orderBy('chunk_number')
    .limit(limit)
    .execute();
  return chunks.map((chunk) => ({
    number: chunk.chunk_number,
    heading: chunk.heading,
    content: chunk.content,
    cells: null,
  }));
}

/** Stores a batch of embeddings in one statement, and counts them on the file. */
export async function storeEmbeddings(
  db: Queryable,
  fileId: string,
  kind: 'row' | 'chunk',
  vectors: readonly { number: number; embedding: readonly number[] }[],
) {
  const batch = JSON.stringify(vectors.map((each) => ({ n: each.number, e: each.embedding })));
  const target =
    kind === 'row'
      ? sql`update knowledge_rows as item set embedding = r.e from jsonb_to_recordset(${batch}::jsonb) as r(n integer, e real[])
          where item.file_id = ${fileId} and item.row_number = r.n`
      : sql`update knowledge_chunks as item set embedding = r.e from jsonb_to_recordset(${batch}::jsonb) as r(n integer, e real[])
          where item.file_id = ${fileId} and item.chunk_number = r.n`;
  await target.execute(db);
  await db
    .updateTable('knowledge_files')
    .set({ embedded_count: sql`embedded_count + ${vectors.length}` })
    .where('id', '=', fileId)
    .execute();
}

/** Ready files not embedded with this model (processed before it was set up, or with another one). */
export async function filesMissingEmbeddings(db: Queryable, model: string, limit: number) {
  const files = await db
    .selectFrom('knowledge_files')
    .select('id')
    .where('state', '=', 'ready')
    .where((eb) =>
      eb.or([
        eb('embedding_model', 'is', null),
        eb('embedding_model', '<>', model),
        eb('embedding_state', '=', 'failed'),
      ]),
    )
    .limit(limit)
    .execute();
  return files.map((file) => file.id);
}
