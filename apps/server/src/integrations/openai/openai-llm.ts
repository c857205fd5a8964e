import { callFailure, type EngineServices, OutsideCallFailed } from '@parley/engine';
import type { LlmMessage, LlmToolCall, LlmUsage } from '@parley/modules';
import { createParser } from 'eventsource-parser';
import { Agent, type Dispatcher, request } from 'undici';
import { z } from 'zod';
import { learnRefusal, type Refusals, refusalsOf, samplingParameters } from './model-parameters';

export interface OpenAiSettings {
  apiKey: string;
  baseUrl: string;
  defaultModel: string;
  /** The whole answer, streamed to its end, within this (a retry included). */
  timeoutMs: number;
  /** The connection pool to use (a company's own provider: one pinned to its checked addresses). */
  dispatcher?: Dispatcher;
}

/** One streamed piece of a chat completion (OpenAI's `chat.completion.chunk`), as far as we read it. */
const toolCallDeltaSchema = z.object({
  index: z.number().int().min(0).max(63),
  id: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});
const chunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z
          .object({ content: z.string().nullish(), tool_calls: z.array(toolCallDeltaSchema).nullish() })
          .nullish(),
      }),
    )
    .default([]),
  /** Sent in a last chunk when asked (`stream_options.include_usage`). */
  usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int() }).nullish(),
});
/** OpenAI's error body; `param` and `code` name a refused parameter (`unsupported_parameter`). */
const errorSchema = z.object({
  error: z.object({ message: z.string(), param: z.string().nullish(), code: z.string().nullish() }),
});

/**
 * A failed answer from the model's API, with its status (429 says the rate or the quota is spent);
 * 429 and 5xx may be tried once more.
 */
export class LlmApiError extends OutsideCallFailed {
  override name = 'LlmApiError';
  constructor(
    message: string,
    readonly status: number,
    /** The parameter the API refused and why, as its error body names them. */
    readonly refused: { param?: string | null; code?: string | null } = {},
  ) {
    super(callFailure(status === 429 ? 'rate_limited' : 'error_status', message, status));
  }
}

const retryable = (error: unknown) =>
  !(error instanceof LlmApiError) || error.status === 429 || error.status >= 500;

/**
 * The `llm` port over any OpenAI-compatible API: chat completions, streamed (server-sent events) so
 * tokens reach the visitor while the answer is written. Spoken directly over undici rather than
 * through the `openai` package: that client cost four times the CPU per call (2 ms against 0.5 ms,
 * bench/README.md), which capped the answers a process could serve.
 */
export function createOpenAiLlm(settings: OpenAiSettings): EngineServices['llm'] {
  const dispatcher = settings.dispatcher ?? new Agent({ keepAliveTimeout: 30_000, connections: 256 });
  const url = `${settings.baseUrl}/chat/completions`;

  async function stream(
    body: string,
    signal: AbortSignal,
    onToken: ((token: string) => void) | undefined,
  ): Promise<{ text: string; usage?: LlmUsage; toolCalls?: LlmToolCall[] }> {
    const response = await request(url, {
      method: 'POST',
      dispatcher,
      signal,
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body,
    });
    if (response.statusCode >= 300) {
      const text = await response.body.text();
      const parsed = errorSchema.safeParse(safeJson(text));
      throw new LlmApiError(
        parsed.success ? parsed.data.error.message : `the model's API answered ${response.statusCode}`,
        response.statusCode,
        parsed.success ? { param: parsed.data.error.param, code: parsed.data.error.code } : {},
      );
    }
    let text = '';
    let usage: LlmUsage | undefined;
    // A tool call arrives in pieces: its id and name first, its arguments' JSON text in parts.
    const calls: LlmToolCall[] = [];
    const parser = createParser({
      onEvent(event) {
        if (event.data === '[DONE]') return;
        const chunk = chunkSchema.safeParse(safeJson(event.data));
        if (chunk.success && chunk.data.usage) {
          usage = {
            promptTokens: chunk.data.usage.prompt_tokens,
            completionTokens: chunk.data.usage.completion_tokens,
          };
        }
        for (const piece of (chunk.success && chunk.data.choices[0]?.delta?.tool_calls) || []) {
          const call = calls[piece.index] ?? { id: '', name: '', arguments: '' };
          calls[piece.index] = call;
          call.id ||= piece.id ?? '';
          call.name += piece.function?.name ?? '';
          call.arguments += piece.function?.arguments ?? '';
        }
        const token = chunk.success ? (chunk.data.choices[0]?.delta?.content ?? '') : '';
        if (!token) return;
        text += token;
        onToken?.(token);
      },
    });
    for await (const piece of response.body) parser.feed(piece.toString());
    const toolCalls = calls
      .filter(Boolean)
      .map((call, index) => ({ ...call, id: call.id || `call_${index}` }));
    return { text, ...(usage ? { usage } : {}), ...(toolCalls.length > 0 ? { toolCalls } : {}) };
  }

  /** One call, tried once more when the API is busy or failing (unless an answer was under way). */
  async function attempt(
    body: string,
    signal: AbortSignal,
    onToken: ((token: string) => void) | undefined,
  ): ReturnType<typeof stream> {
    let streamed = false;
    const counting = (token: string) => {
      streamed = true;
      onToken?.(token);
    };
    try {
      return await stream(body, signal, counting);
    } catch (error) {
      if (signal.aborted || streamed || !retryable(error)) throw describe(error, settings.timeoutMs);
      return stream(body, signal, onToken).catch((again) =>
        Promise.reject(describe(again, settings.timeoutMs)),
      );
    }
  }

  return {
    async complete(request, onToken) {
      const signal = AbortSignal.timeout(settings.timeoutMs);
      const model = request.model || settings.defaultModel;
      const bodyFor = (refusals: Refusals) =>
        JSON.stringify({
          model,
          messages: [
            ...(request.system ? [{ role: 'system', content: request.system }] : []),
            ...request.messages.map(wireMessage),
          ],
          ...(request.tools?.length
            ? {
                tools: request.tools.map((tool) => ({
                  type: 'function',
                  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
                })),
              }
            : {}),
          ...samplingParameters(model, refusals, request),
          stream: true,
          // The last chunk then says how many tokens the call used (recorded per company and bot).
          stream_options: { include_usage: true },
        });
      // A model that refuses a parameter (a reasoning model and `max_tokens`, `temperature`) is
      // asked again without it, and the refusal is remembered for its next calls.
      for (let adjusted = 0; ; adjusted++) {
        const refusals = refusalsOf(settings.baseUrl, model);
        try {
          return await attempt(bodyFor(refusals), signal, onToken);
        } catch (error) {
          const refusal =
            error instanceof LlmApiError && error.status === 400 && adjusted < MAX_ADJUSTMENTS
              ? error.refused
              : {};
          if (!learnRefusal(settings.baseUrl, model, refusals, refusal)) throw error;
        }
      }
    },
  };
}

/** Refused parameters one call drops at most (the API names one refusal per answer). */
const MAX_ADJUSTMENTS = 3;

/** A message as OpenAI's chat completions take it (tool calls and tool results included). */
function wireMessage(message: LlmMessage) {
  if (message.role === 'tool')
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant' && message.toolCalls?.length)
    return {
      role: 'assistant',
      content: message.content || null,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  return { role: message.role, content: message.content };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What the module's failure says: the API's own message, or what went wrong on the way, named. */
function describe(error: unknown, timeoutMs: number): OutsideCallFailed {
  if (error instanceof LlmApiError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return new OutsideCallFailed(callFailure('timeout', `timed out after ${timeoutMs} ms`));
  return new OutsideCallFailed(
    callFailure(
      'unreachable',
      `could not reach the model's API (${error instanceof Error ? error.message : String(error)})`,
    ),
    { cause: error },
  );
}
