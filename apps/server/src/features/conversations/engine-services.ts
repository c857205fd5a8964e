import { randomUUID } from 'node:crypto';
import { type EngineServices, memoryModelStore } from '@parley/engine';
import type { ServerConfig } from '../../context';
import { createOpenAiLlm } from '../../integrations/openai/openai-llm';

/** A side effect the deployment has not been set up for: the module reports it and goes on. */
export class NotConfiguredError extends Error {
  override name = 'NotConfiguredError';
}

/**
 * The engine's ports as the server provides them. Webhooks are real HTTP calls with a timeout; the
 * LLM is the configured OpenAI-compatible API; without one (or without translation), the module
 * gets a clear "not configured" error and takes its failure path.
 */
export function createEngineServices(config: ServerConfig): EngineServices {
  const { apiKey, baseUrl, defaultModel, timeoutMs } = config.llm;
  return {
    http: {
      async request(request) {
        const started = performance.now();
        const response = await fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: 'follow',
          signal: AbortSignal.timeout(request.timeoutMs),
        }).catch((error: unknown) => {
          const timedOut =
            error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
          throw new Error(
            timedOut
              ? `timed out after ${request.timeoutMs} ms`
              : `could not reach ${new URL(request.url).host}`,
          );
        });
        const body = await response.text();
        return {
          status: response.status,
          headers: Object.fromEntries(response.headers.entries()),
          body,
          durationMs: Math.round(performance.now() - started),
        };
      },
    },
    llm: apiKey
      ? createOpenAiLlm({ apiKey, baseUrl, defaultModel, timeoutMs })
      : {
          complete: () =>
            Promise.reject(
              new NotConfiguredError(
                'No language model is configured for this Parley server (set OPENAI_API_KEY)',
              ),
            ),
        },
    translate: {
      translate: () =>
        Promise.reject(new NotConfiguredError('No translation service is configured for this Parley server')),
    },
    nlu: memoryModelStore(),
    clock: { now: () => Date.now() },
    ids: { next: () => randomUUID() },
    random: Math.random,
  };
}
