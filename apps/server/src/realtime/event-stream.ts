import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

/** Comments keep proxies from closing a quiet stream; each also lets the stream catch up. */
export const HEARTBEAT_MS = 25_000;

/**
 * How soon clients come back when a stopping server ends their stream: soon, spread over a second
 * so a restarting process's visitors do not all arrive on its neighbours at once.
 */
const RECONNECT_HINT_MS = { min: 200, spread: 1_000 };

/** Event name → the shape of its data, as a stream's contract declares them. */
export type EventShapes = Readonly<Record<string, z.ZodType>>;

export interface EventStream<Events extends EventShapes = EventShapes> {
  /** One Server-Sent Event; `id` lets a reconnecting client resume after it. */
  send<Name extends keyof Events & string>(event: Name, data: z.input<Events[Name]>, id?: number): void;
  /** Ends the stream from the server's side. */
  end(): void;
}

/**
 * Server-Sent Event streams of one route plugin: each sends a heartbeat (calling `onHeartbeat`,
 * e.g. to catch up or to check the session) until the client goes. When the server stops they end
 * with a reconnect hint: clients come back (to another process) and resume after the last id.
 */
export function eventStreams(app: FastifyInstance) {
  const open = new Set<ServerResponse>();
  let closing = false;
  const endWithHint = (stream: ServerResponse) =>
    stream.end(`retry: ${RECONNECT_HINT_MS.min + Math.floor(Math.random() * RECONNECT_HINT_MS.spread)}\n\n`);
  app.addHook('preClose', async () => {
    closing = true;
    for (const stream of open) endWithHint(stream);
  });
  return <Events extends EventShapes = EventShapes>(
    reply: FastifyReply,
    options: { headers?: Record<string, string>; onHeartbeat?: () => void; onClose: () => void },
  ): EventStream<Events> => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...options.headers,
    });
    raw.write('retry: 3000\n\n');
    open.add(raw);
    const heartbeat = setInterval(() => {
      if (raw.writableEnded) return;
      raw.write(': keep-alive\n\n');
      options.onHeartbeat?.();
    }, app.ctx.realtime.heartbeatMs);
    raw.on('close', () => {
      clearInterval(heartbeat);
      open.delete(raw);
      options.onClose();
    });
    // Its request came in before the server began to stop, but it opens after: it ends at once,
    // or it would hold the stopping server open until its time limit.
    if (closing) endWithHint(raw);
    return {
      send(event, data, id) {
        if (raw.writableEnded) return;
        raw.write(
          `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
        );
      },
      end() {
        if (!raw.writableEnded) raw.end();
      },
    };
  };
}
