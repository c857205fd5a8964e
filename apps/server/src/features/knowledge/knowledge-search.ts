import type { KnowledgeResult, KnowledgeSearchResponse } from '@parley/contracts';
import type { Queryable } from '../../db/database';
import { NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import { findBotLanguage, searchKnowledgeRows } from './knowledge.repository';
import { searchConfigFor } from './knowledge.service';

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

/**
 * Retrieval over a bot's ready datasets and documents (or some of them): a filter column's value
 * named in the question narrows its dataset to those rows (they score at least 0.5), then
 * PostgreSQL full text ranks rows and chunks (0–1). One query besides the bot's language (given,
 * when the caller knows it). The draft's knowledge, or with `published` the published store's.
 */
export async function retrieveRows(
  db: Queryable,
  companyId: string,
  botId: string,
  request: {
    query: string;
    limit: number;
    sourceIds?: readonly string[] | null;
    language?: string;
    published?: boolean;
  },
): Promise<RetrievedRow[]> {
  const language =
    request.language ?? (isUuid(botId) ? await findBotLanguage(db, companyId, botId) : undefined);
  if (!language) throw new NotFoundException('Bot not found');
  const keys = questionPhrases(request.query);
  const hits = await searchKnowledgeRows(db, companyId, botId, {
    config: searchConfigFor(language),
    text: request.query,
    keys,
    limit: request.limit,
    sourceIds: request.sourceIds?.filter(isUuid) ?? null,
    published: request.published ?? false,
  });
  const named = new Set(keys);
  return hits.map((hit) => ({
    kind: hit.kind,
    sourceId: hit.source_id,
    sourceName: hit.source_name,
    rowNumber: hit.number,
    heading: hit.kind === 'chunk' ? (hit.heading ?? '') : null,
    text: hit.content,
    score: Number((hit.filter_hits > 0 ? 0.5 + 0.5 * hit.text_score : hit.text_score).toFixed(4)),
    matchedFilters:
      hit.filter_hits > 0 && hit.cells
        ? Object.entries(hit.cells)
            .filter(([, value]) => value !== null && named.has(String(value).toLowerCase()))
            .filter(([, value]) => hit.filter_values.includes(String(value).toLowerCase()))
            .map(([column, value]) => ({ column, value: String(value) }))
        : [],
    cells: hit.cells ?? {},
    columnOrder: (hit.columns ?? []).map((column) => column.name),
    filterColumns: (hit.columns ?? []).filter((column) => column.filter).map((column) => column.name),
  }));
}

/** The search route: retrieval as a turn makes it, timed. */
export async function searchKnowledge(
  db: Queryable,
  companyId: string,
  botId: string,
  request: { query: string; limit: number },
): Promise<KnowledgeSearchResponse> {
  const started = performance.now();
  const rows = await retrieveRows(db, companyId, botId, request);
  const results = rows.map(({ columnOrder: _order, filterColumns: _filters, ...result }) => result);
  return { results, tookMs: elapsedSince(started) };
}

export const elapsedSince = (started: number) => Math.round((performance.now() - started) * 10) / 10;
