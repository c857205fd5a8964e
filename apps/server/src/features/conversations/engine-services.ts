import { randomUUID } from 'node:crypto';
import { type EngineServices, type NluModelStore, OutsideCallFailed } from '@parley/engine';
import type { ServerConfig } from '../../context';
import { type GuardedHttpOptions, guardedRequest } from '../../integrations/http/guarded-http';
import { createOpenAiLlm } from '../../integrations/openai/openai-llm';

/** A side effect the deployment has not been set up for: the module reports it and goes on. */
export class NotConfiguredError extends OutsideCallFailed {
  override name = 'NotConfiguredError';
  constructor(message: string) {
    super({ reason: 'not_configured', message });
  }
}

/**
 * The engine's ports as the server provides them. Webhooks are real HTTP calls with a timeout; the
 * LLM is the configured OpenAI-compatible API; without one, the module
 * gets a clear "not configured" error and takes its failure path. Intent models come from `nlu`
 * (trained in a worker thread).
 */
export function createEngineServices(
  config: ServerConfig,
  nlu: NluModelStore,
  outgoing: GuardedHttpOptions,
  webhooks: EngineServices['webhooks'],
  agents: EngineServices['agents'],
): Omit<EngineServices, 'knowledge' | 'store'> {
  const { apiKey, baseUrl, defaultModel, timeoutMs } = config.llm;
  return {
    http: {
      async request(request) {
        return guardedRequest(request, outgoing);
      },
    },
    webhooks,
    agents,
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
    nlu,
    clock: { now: () => Date.now() },
    ids: { next: () => randomUUID() },
    random: Math.random,
  };
}
