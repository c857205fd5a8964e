import { callFailure, OutsideCallFailed } from '@parley/engine';
import { Agent, request } from 'undici';
import { z } from 'zod';
import { LlmApiError } from './openai-llm';

export interface EmbeddingsSettings {
  apiKey: string;
  baseUrl: string;
  model: string;
  /** Asked of the model when set (text-embedding-3 models shorten their vectors to it). */
  dimensions: number | undefined;
  timeoutMs: number;
}

/** Turns texts into vectors of unit length (so a dot product is their cosine similarity). */
export interface Embedder {
  readonly model: string;
  embed(texts: readonly string[]): Promise<number[][]>;
}

/** The most texts one call sends, and the most characters of each (a long passage is cut). */
export const EMBEDDING_BATCH = 64;
const MAX_TEXT_CHARS = 8_000;

const responseSchema = z.object({
  data: z.array(
    z.object({ index: z.number().int().min(0), embedding: z.array(z.number()).min(1).max(8192) }),
  ),
});
const errorSchema = z.object({ error: z.object({ message: z.string() }) });

/**
 * OpenAI's `/embeddings` over undici (as the chat model is spoken, see openai-llm.ts), to the
 * API the server is set up with: one call per batch, with a time limit, answering vectors in the
 * texts' order, each scaled to length 1.
 */
export function createOpenAiEmbedder(settings: EmbeddingsSettings): Embedder {
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
  const url = `${settings.baseUrl}/embeddings`;
  return {
    model: settings.model,
    async embed(texts) {
      if (texts.length === 0) return [];
      if (texts.length > EMBEDDING_BATCH) throw new Error(`at most ${EMBEDDING_BATCH} texts per call`);
      const body = JSON.stringify({
        model: settings.model,
        input: texts.map((text) => text.slice(0, MAX_TEXT_CHARS) || ' '),
        encoding_format: 'float',
        ...(settings.dimensions ? { dimensions: settings.dimensions } : {}),
      });
      try {
        const response = await request(url, {
          method: 'POST',
          dispatcher,
          signal: AbortSignal.timeout(settings.timeoutMs),
          headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
          body,
        });
        const text = await response.body.text();
        if (response.statusCode >= 300) {
          const parsed = errorSchema.safeParse(safeJson(text));
          throw new LlmApiError(
            parsed.success ? parsed.data.error.message : `the embeddings API answered ${response.statusCode}`,
            response.statusCode,
          );
        }
        const parsed = responseSchema.safeParse(safeJson(text));
        if (!parsed.success || parsed.data.data.length !== texts.length)
          throw new OutsideCallFailed(
            callFailure('unknown', 'the embeddings API answered something other than one vector per text'),
          );
        const vectors = [...parsed.data.data].sort((a, b) => a.index - b.index).map((each) => each.embedding);
        const length = vectors[0]?.length;
        if (vectors.some((vector) => vector.length !== length))
          throw new OutsideCallFailed(
            callFailure('unknown', 'the embeddings API answered vectors of different lengths'),
          );
        return vectors.map(unitLength);
      } catch (error) {
        if (error instanceof OutsideCallFailed) throw error;
        const name = error instanceof Error ? error.name : '';
        if (name === 'TimeoutError' || name === 'AbortError')
          throw new OutsideCallFailed(callFailure('timeout', `timed out after ${settings.timeoutMs} ms`));
        throw new OutsideCallFailed(
          callFailure(
            'unreachable',
            `could not reach the embeddings API (${error instanceof Error ? error.message : String(error)})`,
          ),
          { cause: error },
        );
      }
    },
  };
}

function unitLength(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
