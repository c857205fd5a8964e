import { createParser } from 'eventsource-parser';

/** What a visitor's event stream saw: stored messages' seqs in arrival order, and its reconnections. */
export interface StreamRecord {
  seqs: number[];
  reconnects: number;
}

/**
 * Follows a chat event stream as a browser's EventSource does (Node 20 has none): when the stream
 * ends or breaks it comes back after the server's `retry:` hint, resuming after the last message
 * it saw (Last-Event-ID). Runs until `signal` aborts.
 */
export function followEventStream(url: (after: number) => string, signal: AbortSignal): StreamRecord {
  const record: StreamRecord = { seqs: [], reconnects: 0 };
  let last = 0;
  let retryMs = 3_000;
  const parser = createParser({
    onEvent(event) {
      if (event.event !== 'message' || event.id === undefined) return;
      last = Number(event.id);
      record.seqs.push(last);
    },
    onRetry(ms) {
      retryMs = ms;
    },
  });
  void (async () => {
    while (!signal.aborted) {
      try {
        const response = await fetch(url(last), {
          headers: { accept: 'text/event-stream', 'last-event-id': String(last) },
          signal,
        });
        if (response.ok && response.body) {
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            parser.feed(value);
          }
        }
      } catch {
        // A process died under the stream, or the test is over: come back, or stop below.
      }
      parser.reset();
      if (signal.aborted) return;
      record.reconnects += 1;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  })();
  return record;
}
