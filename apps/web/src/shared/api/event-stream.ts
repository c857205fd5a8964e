import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { readAuthRecord } from '../auth/auth-record';
import { ApiError } from './api-error';
import { authorizationScheme } from './request';

/**
 * Reads a signed-in Server-Sent Events stream until it ends or `signal` aborts. EventSource
 * cannot send the Authorization header, so this is fetch with a streamed body.
 */
export async function readEventStream(
  url: string,
  onEvent: (event: EventSourceMessage) => void,
  signal: AbortSignal,
  onOpen?: () => void,
  onRetry?: (milliseconds: number) => void,
  /** A stream that answers a request (POST with a JSON body) rather than one followed by GET. */
  request?: { method: 'POST'; body: unknown },
): Promise<void> {
  const token = readAuthRecord()?.token;
  const response = await fetch(url, {
    headers: {
      Accept: 'text/event-stream',
      ...(request ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `${authorizationScheme(url)} ${token}` } : {}),
    },
    ...(request ? { method: request.method, body: JSON.stringify(request.body) } : {}),
    signal,
  });
  if (!response.ok || !response.body) {
    throw ApiError.fromResponse(response.status, await response.json().catch(() => null));
  }
  onOpen?.();
  const parser = createParser({ onEvent, onRetry });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}

/**
 * Keeps a stream open and calls `onReconnect` so the screen can catch up on what it missed
 * meanwhile. A stream that ended comes back after the server's last `retry` hint (a stopping server
 * sends a short one, so its agents move to another process at once); a stream that could not be
 * opened is tried again later each time (up to 30 s).
 */
export function keepEventStream(
  url: string,
  handlers: { onEvent: (event: EventSourceMessage) => void; onReconnect?: () => void },
): () => void {
  const controller = new AbortController();
  let attempt = 0;
  let opened = false;
  let retryHintMs: number | undefined;
  const run = async () => {
    while (!controller.signal.aborted) {
      const reconnecting = opened || attempt > 0;
      opened = false;
      try {
        await readEventStream(
          url,
          handlers.onEvent,
          controller.signal,
          () => {
            opened = true;
            attempt = 0;
            if (reconnecting) handlers.onReconnect?.();
          },
          (milliseconds) => {
            retryHintMs = milliseconds;
          },
        );
      } catch (error) {
        if (controller.signal.aborted) return;
        // Signed out: the request helpers take the person to sign-in; stop here.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
      }
      if (!opened) attempt += 1;
      const wait = opened ? (retryHintMs ?? 1_000) : Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  void run();
  return () => controller.abort();
}
