import type { KnowledgeResult, KnowledgeSearchResponse } from '@parley/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import { ensureError, NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import type { Embedder } from '../../integrations/openai/openai-embeddings';
import { findBotLanguage } from './knowledge.repository';
import { searchConfigFor } from './knowledge.service';
import { searchKnowledgeRows } from './knowledge-search.repository';
import { indexedEmbeddings } from './knowledge-vectors';
import { readRange } from './question-ranges';

/** Longest run of words a filter value may have (a product name of three words still matches). */
const MAX_PHRASE_WORDS = 4;
/** Phrases a question may name: enough for a long question, bounded for a hostile one. */
const MAX_PHRASES = 400;

/**
 * The phrases of a question a filter value could equal: every run of up to MAX_PHRASE_WORDS
 * words, lowercased, with the punctuation around words dropped (`SKU-1042?` → `sku-1042`).
 */
export function questionPhrases(question: string): string[] {
  const words = question
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
  const phrases = new Set<string>();
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= words.length; length++) {
      phrases.add(words.slice(start, start + length).join(' '));
      if (phrases.size >= MAX_PHRASES) return [...phrases];
    }
  }
  return [...phrases];
}

/** A row or chunk found, with a row's file's column names in the file's order. */
export type RetrievedRow = KnowledgeResult & { columnOrder: string[]; filterColumns: string[] };

/** What retrieval found, and whether the question was compared by meaning too. */
export interface Retrieval {
  rows: RetrievedRow[];
  semantic: boolean;
}

/**
 * The question's embedding, or null when there is no embeddings model or it failed (retrieval
 * then ranks by words alone: a visitor gets an answer rather than an error). Called before the
 * query, so no connection waits on the model.
 */
async function questionVector(embedder: Embedder | undefined, question: string, log?: FastifyBaseLogger) {
  if (!embedder) return null;
  try {
    const [embedding] = await embedder.embed([question]);
    return embedding ? { embedding, model: embedder.model } : null;
  } catch (error) {
    log?.warn({ err: ensureError(error) }, 'question not embedded; knowledge searched by its words alone');
    return null;
  }
}

/**
 * Retrieval over a bot's ready datasets and documents (or some of them): a filter column's value
 * named in the question, and a number range it asks for ("under $50", "entre 20 y 50", applied to
 * a dataset's numeric filter or price column), narrow its dataset to those rows (they score at
 * least 0.5), then
 * PostgreSQL full text ranks rows and chunks (0–1) and, with an embeddings model, similarity in
 * meaning ranks them too, the two fused by reciprocal rank. One query besides the bot's language
 * (given, when the caller knows it) and, with an embeddings model, one call embedding the
 * question. The draft's knowledge, or with `published` the published store's.
 */
export async function retrieve(
  db: Queryable,
  companyId: string,
  botId: string,
  request: {
    query: string;
    limit: number;
    sourceIds?: readonly string[] | null;
    language?: string;
    published?: boolean;
    embedder?: Embedder | undefined;
    log?: FastifyBaseLogger;
  },
): Promise<Retrieval> {
  const language =
    request.language ?? (isUuid(botId) ? await findBotLanguage(db, companyId, botId) : undefined);
  if (!language) throw new NotFoundException('Bot not found');
  // The range's words and number are no words to search for, nor a filter value.
  const { range, rest } = readRange(request.query);
  const keys = questionPhrases(rest);
  const vector = await questionVector(request.embedder, request.query, request.log);
  const indexed = vector !== null && (await indexedEmbeddings(db, vector.embedding.length));
  const hits = await searchKnowledgeRows(db, companyId, botId, {
    config: searchConfigFor(language),
    text: rest,
    keys,
    range,
    limit: request.limit,
    sourceIds: request.sourceIds?.filter(isUuid) ?? null,
    published: request.published ?? false,
    vector: vector && { ...vector, indexed },
  });
  const named = new Set(keys);
  const rows = hits.map((hit, index) => {
    const textScore = round(hit.filter_hits > 0 ? 0.5 + 0.5 * hit.text_score : hit.text_score);
    const vectorScore = hit.vector_score === null ? null : round(hit.vector_score);
    return {
      kind: hit.kind,
      sourceId: hit.source_id,
      sourceName: hit.source_name,
      rowNumber: hit.number,
      heading: hit.kind === 'chunk' ? (hit.heading ?? '') : null,
      text: hit.content,
      score: Math.min(1, Math.max(textScore, vectorScore ?? 0)),
      rank: index + 1,
      fusedScore: Number(hit.fused_score.toFixed(6)),
      textScore,
      vectorScore,
      matchedFilters:
        hit.filter_hits > 0 && hit.cells
          ? Object.entries(hit.cells)
              .filter(
                ([column, value]) =>
                  value !== null &&
                  (column === hit.range_column ||
                    (named.has(String(value).toLowerCase()) &&
                      hit.filter_values.includes(String(value).toLowerCase()))),
              )
              .map(([column, value]) => ({ column, value: String(value) }))
          : [],
      cells: hit.cells ?? {},
      columnOrder: (hit.columns ?? []).map((column) => column.name),
      filterColumns: (hit.columns ?? []).filter((column) => column.filter).map((column) => column.name),
    };
  });
  return { rows, semantic: vector !== null };
}

const round = (score: number) => Number(score.toFixed(4));

/** Retrieval's rows alone (see retrieve). */
export async function retrieveRows(...args: Parameters<typeof retrieve>): Promise<RetrievedRow[]> {
  return (await retrieve(...args)).rows;
}

/** The search route: retrieval as a turn makes it, timed. */
export async function searchKnowledge(
  db: Queryable,
  companyId: string,
  botId: string,
  request: { query: string; limit: number; embedder?: Embedder | undefined; log?: FastifyBaseLogger },
): Promise<KnowledgeSearchResponse> {
  const started = performance.now();
  const { rows, semantic } = await retrieve(db, companyId, botId, request);
  const results = rows.map(({ columnOrder: _order, filterColumns: _filters, ...result }) => result);
  return { results, semantic, tookMs: elapsedSince(started) };
}

export const elapsedSince = (started: number) => Math.round((performance.now() - started) * 10) / 10;
