import { z } from 'zod';

/** The largest CSV file a dataset takes (spec §5): checked in the browser, enforced by the server. */
export const DATASET_MAX_BYTES = 10 * 1024 * 1024;

/** The largest document file (text, Markdown, HTML or PDF): checked in the browser, enforced by the server. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The files a document is made from, by extension (the browser's file picker offers these). */
export const DOCUMENT_EXTENSIONS = ['.txt', '.text', '.md', '.markdown', '.html', '.htm', '.pdf'] as const;

/** What a source's file is: a dataset's CSV, or a document's format (`qa`: pasted questions and answers). */
export const knowledgeFileFormatSchema = z.enum(['csv', 'text', 'markdown', 'html', 'pdf', 'qa']);
export type KnowledgeFileFormat = z.infer<typeof knowledgeFileFormatSchema>;

/** What a column holds, detected from every value of it when the file is processed. */
export const columnTypeSchema = z.enum(['text', 'number', 'date']);
export type ColumnType = z.infer<typeof columnTypeSchema>;

export const datasetColumnSchema = z.object({
  name: z.string(),
  type: columnTypeSchema,
  /** Its words are ranked by full-text search. */
  searchable: z.boolean(),
  /** A value of it named in a question (a product code) narrows the rows before ranking. */
  filter: z.boolean(),
});
export type DatasetColumn = z.infer<typeof datasetColumnSchema>;

/**
 * A file's way through processing: stored (`uploaded`), read by a background job (`processing`,
 * with progress), then `ready` to answer from, or `failed` with the reason.
 */
export const datasetStateSchema = z.enum(['uploaded', 'processing', 'ready', 'failed']);
export type DatasetState = z.infer<typeof datasetStateSchema>;

/**
 * How far a ready file's embeddings are, for semantic search: queued (`pending`), `embedding`
 * (with how many rows or chunks are done), `ready`, or `failed` with the reason (it is then searched
 * by its words alone).
 */
export const fileEmbeddingSchema = z.object({
  state: z.enum(['pending', 'embedding', 'ready', 'failed']),
  model: z.string().nullable(),
  embedded: z.number().int(),
  error: z.string().nullable(),
});
export type FileEmbedding = z.infer<typeof fileEmbeddingSchema>;

/** One uploaded file of a dataset or a document. */
export const datasetFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: knowledgeFileFormatSchema,
  sizeBytes: z.number().int(),
  state: datasetStateSchema,
  /** 0–100 while processing. */
  progress: z.number().int().min(0).max(100),
  rowCount: z.number().int().nullable(),
  /** A document's chunks (passages under their headings), once processed. */
  chunkCount: z.number().int().nullable(),
  /** Why it failed, for a person to act on. */
  error: z.string().nullable(),
  /** The first lines of the file that were wrong (1-based, as a text editor counts them). */
  errorLines: z.array(z.number().int()),
  /** What processing found worth saying without failing (cells kept as plain text, …). */
  notices: z.array(z.string()),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  uploadedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Null: not embedded (no embeddings model was set up when it was processed). */
  embedding: fileEmbeddingSchema.nullable(),
});
export type DatasetFile = z.infer<typeof datasetFileSchema>;

/**
 * Whether the published bot answers from the source as the draft has it: `published` (the same
 * file), `changed` (an older file of it: publish again), `unpublished` (not at all yet).
 */
export const sourcePublicationSchema = z.enum(['published', 'changed', 'unpublished']);
export type SourcePublication = z.infer<typeof sourcePublicationSchema>;

/**
 * Whether a source can be searched, for the lists that offer sources to choose (an agent's
 * knowledge, generative answers): `ready` (it has a live file), `processing` (its first file is
 * not done yet) or `failed` (its first file failed: it cannot be chosen until a file is ready).
 */
export const knowledgeSourceStateSchema = z.enum(['ready', 'processing', 'failed']);
export type KnowledgeSourceState = z.infer<typeof knowledgeSourceStateSchema>;

/**
 * A bot's CSV dataset or document: the file it answers from (`live`) and, while a new file is
 * processed or after it failed, that file (`pending`). The live file serves until the pending one
 * is ready.
 */
export const knowledgeSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(['csv', 'document']),
  name: z.string(),
  live: datasetFileSchema.nullable(),
  pending: datasetFileSchema.nullable(),
  columns: z.array(datasetColumnSchema),
  publication: sourcePublicationSchema,
  updatedAt: z.string(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

/**
 * Whether semantic (vector) search is on, with the embeddings model, or why it is off
 * (`no-embeddings-model`: the server has none set up); full-text search is always on.
 */
export const semanticSearchStatusSchema = z.object({
  enabled: z.boolean(),
  model: z.string().nullable(),
  reasons: z.array(z.enum(['no-embeddings-model'])),
});

/**
 * The document store the published bot answers from (spec §7): when it was last published, and
 * whether the draft's knowledge differs from it. The test chat and the tester use the draft's.
 */
export const docstoreStatusSchema = z.object({
  publishedAt: z.string().nullable(),
  changed: z.boolean(),
});
export type DocstoreStatus = z.infer<typeof docstoreStatusSchema>;

export const knowledgeOverviewSchema = z.object({
  sources: z.array(knowledgeSourceSchema),
  docstore: docstoreStatusSchema,
  search: z.object({ fullText: z.literal(true), semantic: semanticSearchStatusSchema }),
});
export type KnowledgeOverview = z.infer<typeof knowledgeOverviewSchema>;

/** A cell as stored: numbers as numbers, dates as `YYYY-MM-DD`, the rest as text, empty as null. */
export const cellValueSchema = z.union([z.string(), z.number(), z.null()]);
export type CellValue = z.infer<typeof cellValueSchema>;

export const datasetRowSchema = z.object({
  rowNumber: z.number().int(),
  cells: z.record(z.string(), cellValueSchema),
});
export type DatasetRow = z.infer<typeof datasetRowSchema>;

/** A dataset with its first rows, for the preview. */
export const datasetPreviewSchema = z.object({
  source: knowledgeSourceSchema,
  rows: z.array(datasetRowSchema),
});
export type DatasetPreview = z.infer<typeof datasetPreviewSchema>;

/** A passage of a document as the preview shows it. */
export const documentChunkSchema = z.object({
  chunkNumber: z.number().int(),
  /** The headings it sits under, outermost first, joined by ` › ` (empty: none). */
  heading: z.string(),
  text: z.string(),
});
export type DocumentChunk = z.infer<typeof documentChunkSchema>;

/** A document with its first chunks, for the preview. */
export const documentPreviewSchema = z.object({
  source: knowledgeSourceSchema,
  chunks: z.array(documentChunkSchema),
});
export type DocumentPreview = z.infer<typeof documentPreviewSchema>;

export const datasetParamsSchema = z.strictObject({ id: z.string().max(100), sourceId: z.string().max(100) });

export const uploadDatasetQuerySchema = z.strictObject({
  /** The file's name as the person picked it (the body is the file itself). */
  fileName: z
    .string()
    .trim()
    .min(1, 'Name the file')
    .max(200, 'At most 200 characters')
    .refine((value) => !/[<>\\/]/.test(value), 'File names cannot contain < > / or \\'),
});

/** Questions and answers pasted as a document: each pair becomes one chunk under its question. */
export const qaDocumentRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the document').max(200, 'At most 200 characters'),
  pairs: z
    .array(
      z.strictObject({
        question: z.string().trim().min(1, 'Write the question').max(500, 'At most 500 characters'),
        answer: z.string().trim().min(1, 'Write the answer').max(5000, 'At most 5000 characters'),
      }),
    )
    .min(1, 'Add at least one question and answer')
    .max(500, 'At most 500 questions'),
});
export type QaDocumentRequest = z.input<typeof qaDocumentRequestSchema>;

export const updateDatasetRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  /** Every column of the live file, by name, with whether it is searchable and a filter. */
  columns: z
    .array(z.strictObject({ name: z.string().max(200), searchable: z.boolean(), filter: z.boolean() }))
    .max(500)
    .optional(),
});
export type UpdateDatasetRequest = z.infer<typeof updateDatasetRequestSchema>;

export const knowledgeSearchRequestSchema = z.strictObject({
  query: z.string().trim().min(1, 'Ask something').max(1000),
  limit: z.number().int().min(1).max(50).default(5),
});
export type KnowledgeSearchRequest = z.input<typeof knowledgeSearchRequestSchema>;

/**
 * One row or passage found for a question: where it comes from, how well it matched, and what it
 * says. A dataset's row has its cells; a document's chunk its number (as `rowNumber`), heading and text.
 */
export const knowledgeResultSchema = z.object({
  kind: z.enum(['row', 'chunk']),
  sourceId: z.string(),
  sourceName: z.string(),
  /** The row's number among the data rows, or the chunk's in its document. */
  rowNumber: z.number().int(),
  heading: z.string().nullable(),
  text: z.string().nullable(),
  /**
   * 0–1: the better of its full-text score and its similarity in meaning (what a minimum score is
   * compared with). Results are ordered by both rankings fused (`fusedScore`), so a lower score
   * can come first.
   */
  score: z.number(),
  /** Its place in the fused ranking, from 1: the order results come in and are sent to a model. */
  rank: z.number().int().min(1),
  /**
   * Reciprocal rank fusion of its place in the full-text ranking and in the meaning ranking,
   * Σ 1/(60 + rank): what orders the results (an item that could not be compared by meaning
   * counts its full-text rank twice).
   */
  fusedScore: z.number(),
  /** 0–1: full-text rank, raised to at least 0.5 for a row an exact filter value picked (0: no word matched). */
  textScore: z.number(),
  /** Cosine similarity with the question (null: not compared by meaning). */
  vectorScore: z.number().nullable(),
  /** The filter columns whose value the question named (`column`, `value`). */
  matchedFilters: z.array(z.object({ column: z.string(), value: z.string() })),
  cells: z.record(z.string(), cellValueSchema),
});
export type KnowledgeResult = z.infer<typeof knowledgeResultSchema>;

export const knowledgeSearchResponseSchema = z.object({
  results: z.array(knowledgeResultSchema),
  /** Whether the question was also compared by meaning (off, or its embedding failed: words alone). */
  semantic: z.boolean(),
  tookMs: z.number(),
});
export type KnowledgeSearchResponse = z.infer<typeof knowledgeSearchResponseSchema>;
