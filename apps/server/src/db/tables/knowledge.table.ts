import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

/** A bot's dataset or document; `live_file_id` is the processed file it answers from (null until one is ready). */
export interface KnowledgeSourceTable {
  id: Generated<string>;
  company_id: string;
  bot_id: string;
  kind: 'csv' | 'document';
  name: string;
  live_file_id: string | null;
  /** The processed file the published bot answers from (set for all of a bot's sources at once). */
  published_file_id: string | null;
  /** Deleted from the draft while the published store still answers from it (dropped at the next publish). */
  removed_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
}

export type KnowledgeFileFormat = 'csv' | 'text' | 'markdown' | 'html' | 'pdf' | 'qa';

export type KnowledgeFileState = 'uploaded' | 'processing' | 'ready' | 'failed';

export type KnowledgeEmbeddingState = 'pending' | 'embedding' | 'ready' | 'failed';

/** A stored column of a processed file: its detected type and how search uses it. */
export interface StoredColumn {
  name: string;
  type: 'text' | 'number' | 'date';
  searchable: boolean;
  filter: boolean;
}

/** One uploaded file of a dataset and what processing made of it. */
export interface KnowledgeFileTable {
  id: Generated<string>;
  source_id: string;
  company_id: string;
  file_name: string;
  /** What the file is: `csv` (a dataset's) or a document's format. */
  format: KnowledgeFileFormat;
  size_bytes: number;
  state: KnowledgeFileState;
  progress: Generated<number>;
  row_count: number | null;
  /** A document's chunks, once processed. */
  chunk_count: number | null;
  error: string | null;
  error_lines: Generated<number[]>;
  notices: Generated<string[]>;
  encoding: string | null;
  delimiter: string | null;
  /** The PostgreSQL text search configuration its rows were indexed with (the bot's language). */
  search_config: Generated<string>;
  columns: JSONColumnType<StoredColumn[], string | undefined, string>;
  uploaded_at: ColumnType<Date, never, never>;
  finished_at: Date | null;
  /** How far its embeddings are (null: no embeddings model was set up when it was processed). */
  embedding_state: KnowledgeEmbeddingState | null;
  embedding_model: string | null;
  embedded_count: Generated<number>;
  embedding_error: string | null;
}
export type KnowledgeFileRow = Selectable<KnowledgeFileTable>;

/** The raw file, in pieces of about a megabyte, in upload order. */
export interface KnowledgeFilePieceTable {
  file_id: string;
  seq: number;
  bytes: Uint8Array;
}

export interface KnowledgeRowTable {
  file_id: string;
  /** 1-based among the data rows (the header row is not counted). */
  row_number: number;
  /** Where the row starts in the file, as a text editor counts lines. */
  line_number: number;
  cells: JSONColumnType<Record<string, string | number | null>, string, string>;
  search: string;
  filter_values: string[];
  /** Its searchable cells' embedding (null until embedded, or with no embeddings model). */
  embedding: number[] | null;
}

/** A passage of a document, under the headings it sits in (`Returns › Refunds`). */
export interface KnowledgeChunkTable {
  file_id: string;
  /** 1-based, in the document's order. */
  chunk_number: number;
  heading: Generated<string>;
  content: string;
  search: string;
  embedding: number[] | null;
}
