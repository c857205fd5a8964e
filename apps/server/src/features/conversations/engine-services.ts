import { randomUUID } from 'node:crypto';
import { type EngineServices, memoryModelStore } from '@parley/engine';

/** A side effect the deployment has not been set up for: the module reports it and goes on. */
export class NotConfiguredError extends Error {
  override name = 'NotConfiguredError';
}

/**
 * The engine's ports as the server provides them. Webhooks are real HTTP calls with a timeout;
 * models and translation are refused clearly until their integrations are configured.
 */
export function createEngineServices(): EngineServices {
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
    llm: {
      complete: () =>
        Promise.reject(new NotConfiguredError('No language model is configured for this Parley server')),
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
