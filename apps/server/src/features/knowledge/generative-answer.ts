import type { CellValue, MessageCitation, SentReason } from '@parley/contracts';
import type { EngineServices } from '@parley/engine';
import type { KnowledgeAnswer, KnowledgeRequest, LlmUsage } from '@parley/modules';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import type { Embedder } from '../../integrations/openai/openai-embeddings';
import { elapsedSince, type RetrievedRow, retrieve } from './knowledge-search';

/** Rows retrieved for a question; the best of them, above the minimum score, go to the model. */
const RETRIEVED_ROWS = 8;
export const SENT_ROWS = 5;
/** A source's text in the prompt, and a key column's value in a citation, at most. */
const SOURCE_CHARS = 1_200;
const KEY_CHARS = 80;
/** Key columns a citation names (the row's filter columns, else its first column). */
const KEY_COLUMNS = 2;

/** A retrieved row with whether it went to the model, and why (or why not). */
export type ChosenRow = RetrievedRow & { sent: boolean; reason: SentReason };

/**
 * Which retrieved rows go to the model: in fused rank order, the first `limit` of those scoring
 * at least the minimum. Each row says why it went or not; the test panel shows these reasons, so
 * they are the decision itself, never worked out again.
 */
export function chooseSources(
  rows: readonly RetrievedRow[],
  minScore: number,
  limit = SENT_ROWS,
): ChosenRow[] {
  const ranked = [...rows].sort((a, b) => a.rank - b.rank);
  let sent = 0;
  return ranked.map((row) => {
    const reason: SentReason =
      row.score < minScore ? 'below-minimum' : sent < limit ? 'sent' : 'not-in-top-k';
    if (reason === 'sent') sent += 1;
    return { ...row, sent: reason === 'sent', reason };
  });
}

/** Everything one knowledge answer did: for the turn (as a KnowledgeAnswer) and the test panel. */
export interface KnowledgeRun extends KnowledgeAnswer {
  retrieved: ChosenRow[];
  /** How many rows at most go to the model (the k of "not in the top k"). */
  sentLimit: number;
  /** Whether retrieval compared the question by meaning too. */
  semantic: boolean;
  prompt: { system: string; user: string } | null;
  usage: LlmUsage | null;
  retrievalMs: number;
  durationMs: number;
}

const cellText = (value: CellValue | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A row as the model reads it: its cells in the file's order, `column: value`; a chunk, its text. */
function rowText(row: RetrievedRow): string {
  if (row.kind === 'chunk') {
    const text = (row.text ?? '').replace(/\s+/g, ' ').trim();
    return text.length > SOURCE_CHARS ? `${text.slice(0, SOURCE_CHARS)}…` : text;
  }
  const order = row.columnOrder.length > 0 ? row.columnOrder : Object.keys(row.cells);
  const text = order
    .map((column) => [column, cellText(row.cells[column])] as const)
    .filter(([, value]) => value !== '')
    .map(([column, value]) => `${column}: ${value}`)
    .join('; ');
  return text.length > SOURCE_CHARS ? `${text.slice(0, SOURCE_CHARS)}…` : text;
}

/**
 * How a visitor recognises a row: its filter columns (a product code), else its first column; a
 * document's passage: its headings.
 */
function citationOf(row: RetrievedRow): MessageCitation {
  if (row.kind === 'chunk') {
    return {
      sourceId: row.sourceId,
      sourceName: row.sourceName,
      ...(row.heading ? { heading: row.heading.slice(0, KEY_CHARS * 2) } : {}),
      keys: [],
    };
  }
  const order = row.columnOrder.length > 0 ? row.columnOrder : Object.keys(row.cells);
  const preferred = row.filterColumns.length > 0 ? row.filterColumns : order.slice(0, 1);
  const keys = preferred
    .filter((column) => cellText(row.cells[column]) !== '')
    .slice(0, KEY_COLUMNS)
    .map((column) => ({ column, value: cellText(row.cells[column]).slice(0, KEY_CHARS) }));
  return { sourceId: row.sourceId, sourceName: row.sourceName, rowNumber: row.rowNumber, keys };
}

/** Where a source is from, for the model: a dataset's row, or a document's section. */
const sourceLabel = (row: RetrievedRow) =>
  row.kind === 'chunk'
    ? `${row.sourceName}${row.heading ? `, section “${row.heading}”` : ''}`
    : `${row.sourceName}, row ${row.rowNumber}`;

/** The prompt: the builder's instructions and the rules of answering, then the numbered sources. */
export function knowledgePrompt(request: KnowledgeRequest, sent: readonly RetrievedRow[]) {
  const rules = [
    'Answer the question using only the numbered sources below.',
    'If they do not contain the answer, say that you do not know.',
    request.citations
      ? 'After each sentence that uses a source, cite it by its number in square brackets, like [1].'
      : 'Do not mention the sources or their numbers.',
  ].join(' ');
  const system = [request.instructions.trim(), rules].filter(Boolean).join('\n\n');
  const sources = sent.map((row, index) => `[${index + 1}] ${sourceLabel(row)}: ${rowText(row)}`).join('\n');
  return { system, user: `Sources:\n${sources}\n\nQuestion: ${request.question}` };
}

/**
 * The citations an answer makes, numbered in the order it first cites them ([3] cited first
 * becomes [1]), with the text renumbered to match; numbers naming no source are dropped.
 */
export function citedSources(
  text: string,
  sent: readonly RetrievedRow[],
): { text: string; citations: MessageCitation[] } {
  const order: number[] = [];
  const renumbered = text.replace(/\s?\[(\d{1,2})\]/g, (marker, digits: string) => {
    const index = Number(digits) - 1;
    if (!sent[index]) return '';
    if (!order.includes(index)) order.push(index);
    return marker.replace(digits, String(order.indexOf(index) + 1));
  });
  return {
    text: renumbered,
    citations: order.map((index) => citationOf(sent[index] as RetrievedRow)),
  };
}

/**
 * Answers a question from a bot's knowledge: (with an embeddings model, one call embedding the
 * question, then) one retrieval query, then (when a row scores the
 * minimum) one model call with the rows as numbered sources. Holds no connection while the model
 * writes: the retrieval's query is over before the call starts.
 */
export async function answerFromKnowledge(
  db: Queryable,
  llm: EngineServices['llm'],
  /** `published`: from the bot's published store (a published version's conversation), else the draft's. */
  scope: {
    companyId: string;
    botId: string;
    defaultModel: string;
    published?: boolean;
    /** Embeds the question for semantic search (undefined: words alone). */
    embedder?: Embedder | undefined;
    log?: FastifyBaseLogger;
  },
  request: KnowledgeRequest,
): Promise<KnowledgeRun> {
  const started = performance.now();
  const { rows, semantic } = await retrieve(db, scope.companyId, scope.botId, {
    query: request.question,
    limit: RETRIEVED_ROWS,
    sourceIds: request.sourceIds,
    language: request.language,
    published: scope.published ?? false,
    embedder: scope.embedder,
    ...(scope.log ? { log: scope.log } : {}),
  });
  const retrievalMs = elapsedSince(started);
  const retrieved = chooseSources(rows, request.minScore);
  const sent = retrieved.filter((row) => row.sent);
  const sources = retrieved.map((row) => ({
    sourceName: row.sourceName,
    ...(row.kind === 'chunk' ? { heading: row.heading ?? '' } : { rowNumber: row.rowNumber }),
    score: row.score,
    sent: row.sent,
  }));
  const model = request.model || scope.defaultModel;
  const none = { text: '', citations: [], usage: null, retrievalMs };
  if (sent.length === 0) {
    return {
      ...none,
      outcome: 'no-match',
      sources,
      model,
      retrieved,
      sentLimit: SENT_ROWS,
      semantic,
      prompt: null,
      durationMs: elapsedSince(started),
    };
  }
  const prompt = knowledgePrompt(request, sent);
  const { text, usage } = await llm.complete({
    model,
    system: prompt.system,
    messages: [{ role: 'user', content: prompt.user }],
    temperature: request.temperature,
    maxTokens: request.maxTokens,
  });
  const cited = request.citations ? citedSources(text.trim(), sent) : { text: text.trim(), citations: [] };
  return {
    outcome: 'answered',
    text: cited.text,
    citations: cited.citations,
    sources,
    model,
    ...(usage ? { tokens: usage.promptTokens + usage.completionTokens } : {}),
    retrieved,
    sentLimit: SENT_ROWS,
    semantic,
    prompt,
    usage: usage ?? null,
    retrievalMs,
    durationMs: elapsedSince(started),
  };
}
