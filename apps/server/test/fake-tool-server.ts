import { createServer, type IncomingMessage, type Server } from 'node:http';

/** What the tool server was asked: for tests to check the exact request a tool made. */
export interface ToolServerRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local HTTP server standing in for the APIs agents' HTTP tools call (an order service): a
 * good answer, and each fault an agent must survive (too slow, 500, 5 MB, not JSON).
 * `GET /orders/:id` wants `authorization: Bearer shop-secret`.
 */
export function fakeToolServer(options: { slowMs?: number } = {}) {
  const requests: ToolServerRequest[] = [];
  const json = (status: number, value: unknown) => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
      const send = (answer: { status: number; headers: Record<string, string>; body: string }) => {
        if (response.destroyed) return;
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      };
      const order = /^\/orders\/([^/?]+)/.exec(path);
      if (order) {
        if (request.headers.authorization !== 'Bearer shop-secret')
          return send(json(401, { error: 'unauthorized' }));
        const id = decodeURIComponent(order[1] ?? '');
        return send(json(200, { order: { id, status: 'shipped', eta: '2026-12-02', lines: 2 } }));
      }
      if (path.startsWith('/tickets') && request.method === 'POST')
        return send(json(201, { ticket: { id: 'T-1', received: JSON.parse(body || '{}') } }));
      if (path.startsWith('/slow')) {
        const timer = setTimeout(() => send(json(200, { late: true })), options.slowMs ?? 5_000);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      if (path.startsWith('/broken')) return send(json(500, { error: 'database down' }));
      if (path.startsWith('/huge'))
        return send({
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ blob: 'x'.repeat(5 * 1024 * 1024) }),
        });
      if (path.startsWith('/not-json'))
        return send({ status: 200, headers: { 'content-type': 'application/json' }, body: '<html>oops' });
      send(json(404, { error: 'no such path' }));
    });
  });
  return { server, requests };
}
