import type { EngineServices } from '@parley/engine';
import OpenAI from 'openai';

export interface OpenAiSettings {
  apiKey: string;
  baseUrl: string;
  defaultModel: string;
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
    timeout: 60_000,
  });
  return {
    async complete(request, onToken) {
      const stream = await client.chat.completions.create({
        model: request.model || settings.defaultModel,
        messages: [
          ...(request.system ? [{ role: 'system' as const, content: request.system }] : []),
          ...request.messages.map((message) => ({ role: message.role, content: message.content })),
        ],
        temperature: request.temperature,
        max_tokens: request.maxTokens,
        stream: true,
      });
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
