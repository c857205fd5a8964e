import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAuthRecord } from '../auth/auth-record';
import { keepEventStream, readEventStream } from './event-stream';
import { configureRequests } from './request';

/** An SSE body delivered in the chunks given (split mid-event, as networks do). */
function streamOf(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('signed-in event streams', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureRequests({ agentsApiBaseUrl: 'https://agents.parley.test/v1' });
    saveAuthRecord({
      token: 'the-token',
      expiry: Date.now() + 60_000,
      company2faEnabled: false,
      qrRegistered: false,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // As the app starts (the next file in this worker shares the module).
    configureRequests({ agentsApiBaseUrl: '/agents-api' });
    vi.useRealTimers();
    fetchMock.mockReset();
  });

  it('sends the session and hands over each event, whole, however the bytes arrive', async () => {
    fetchMock.mockResolvedValue(
      streamOf([
        'retry: 3000\n\n: keep-alive\n\nevent: conver',
        'sation\ndata: {"a":1}\n\n',
        'event: conversation\ndata: {"a":2}\n\n',
      ]),
    );
    const events: unknown[] = [];
    await readEventStream(
      '/api/inbox/events',
      (event) => events.push([event.event, JSON.parse(event.data)]),
      new AbortController().signal,
    );
    expect(events).toEqual([
      ['conversation', { a: 1 }],
      ['conversation', { a: 2 }],
    ]);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('JWT the-token');
  });

  it('raises the server’s named error instead of reading a refused stream', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { name: 'ForbiddenException', message: 'Only Parley staff' } }), {
        status: 403,
      }),
    );
    await expect(
      readEventStream('/api/inbox/events', () => {}, new AbortController().signal),
    ).rejects.toMatchObject({
      name: 'ForbiddenException',
      status: 403,
    });
  });

  it('reconnects after the stream drops and says so, so the screen can catch up', async () => {
    fetchMock
      .mockResolvedValueOnce(streamOf(['event: conversation\ndata: {"n":1}\n\n']))
      .mockResolvedValueOnce(streamOf(['event: conversation\ndata: {"n":2}\n\n']))
      .mockImplementation(() => new Promise(() => {}));
    const events: unknown[] = [];
    const reconnected = vi.fn();
    const stop = keepEventStream('/api/inbox/events', {
      onEvent: (event) => events.push(JSON.parse(event.data)),
      onReconnect: reconnected,
    });
    await vi.waitFor(() => expect(events).toEqual([{ n: 1 }, { n: 2 }]), { timeout: 5_000 });
    expect(reconnected).toHaveBeenCalledTimes(1);
    stop();
  });

  it('comes back after the server’s reconnect hint when a stopping server ends the stream', async () => {
    const waits = vi.spyOn(globalThis, 'setTimeout');
    fetchMock
      .mockResolvedValueOnce(
        streamOf(['retry: 3000\n\nevent: conversation\ndata: {"n":1}\n\n', 'retry: 20\n\n']),
      )
      .mockResolvedValueOnce(streamOf(['event: conversation\ndata: {"n":2}\n\n']))
      .mockImplementation(() => new Promise(() => {}));
    const events: unknown[] = [];
    const stop = keepEventStream('/api/inbox/events', {
      onEvent: (event) => events.push(JSON.parse(event.data)),
    });
    await vi.waitFor(() => expect(events).toEqual([{ n: 1 }, { n: 2 }]), { timeout: 5_000 });
    // The hint, not the 1 s a dropped stream waits otherwise.
    expect(waits.mock.calls.map(([, delay]) => delay)).toContain(20);
    stop();
  });
});
