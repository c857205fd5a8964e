import type { EngineServices } from '@parley/engine';
import OpenAI from 'openai';

export interface OpenAiSettings {
  apiKey: string;
  baseUrl: string;
  defaultModel: string;
  /** The whole answer, streamed to its end, within this (retries included). */
  timeoutMs: number;
}

/**
 * The `llm` port over any OpenAI-compatible API, with the official client: chat completions,
 * streamed so tokens reach the visitor while the answer is written.
 */
export function createOpenAiLlm(settings: OpenAiSettings): EngineServices['llm'] {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    maxRetries: 1,
    timeout: settings.timeoutMs,
  });
  return {
    async complete(request, onToken) {
      // The client's own timeout ends the wait for an answer's start; this ends the whole stream.
      const signal = AbortSignal.timeout(settings.timeoutMs);
      const stream = await client.chat.completions.create(
        {
          model: request.model || settings.defaultModel,
          messages: [
            ...(request.system ? [{ role: 'system' as const, content: request.system }] : []),
            ...request.messages.map((message) => ({ role: message.role, content: message.content })),
          ],
          temperature: request.temperature,
          max_tokens: request.maxTokens,
          stream: true,
        },
        { signal },
      );
      let text = '';
      for await (const chunk of stream) {
        const token = chunk.choices[0]?.delta?.content ?? '';
        if (!token) continue;
        text += token;
        onToken?.(token);
      }
      return { text };
    },
  };
}
