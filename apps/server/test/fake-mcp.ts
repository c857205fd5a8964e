import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A local MCP server over streamable HTTP, built with the official SDK's server side, with
 * sessions as the SDK's stateful example keeps them: `initialize` opens one (its id comes back in
 * `Mcp-Session-Id`), later requests carry that id, and `DELETE` with it ends the session (an
 * unknown id is 404); GET answers 405. `sessions` says which were opened and which a client ended.
 * Tools: `lookup_order` (structured content), `check_stock` (text), `always_fails` (`isError`).
 * Requests must carry `x-api-key: mcp-secret`.
 */
export function fakeMcpServer() {
  const calls: { tool: string; arguments: unknown }[] = [];
  const build = () => {
    const mcp = new McpServer({ name: 'shop-mcp', version: '1.0.0' });
    mcp.registerTool(
      'lookup_order',
      {
        description: 'Find an order by its number',
        inputSchema: { orderId: z.string().describe('The order number') },
        outputSchema: { status: z.string(), eta: z.string() },
      },
      async ({ orderId }) => {
        calls.push({ tool: 'lookup_order', arguments: { orderId } });
        const structuredContent = { status: 'packed', eta: '2026-12-03' };
        return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
      },
    );
    mcp.registerTool(
      'check_stock',
      { description: 'How many of a product are left', inputSchema: { sku: z.string() } },
      async ({ sku }) => {
        calls.push({ tool: 'check_stock', arguments: { sku } });
        return { content: [{ type: 'text', text: `${sku}: 7 left` }] };
      },
    );
    mcp.registerTool('always_fails', { description: 'Fails, for tests' }, async () => {
      calls.push({ tool: 'always_fails', arguments: {} });
      return { content: [{ type: 'text', text: 'the warehouse is closed' }], isError: true };
    });
    return mcp;
  };
  const live = new Map<string, StreamableHTTPServerTransport>();
  const sessions = { opened: [] as string[], ended: [] as string[] };
  const server: Server = createServer((request, response) => {
    if (request.headers['x-api-key'] !== 'mcp-secret') {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    if (request.method !== 'POST' && request.method !== 'DELETE') {
      response.writeHead(405, { allow: 'POST, DELETE' }).end();
      return;
    }
    const sessionId = request.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? live.get(sessionId) : undefined;
    if (sessionId !== undefined && !known) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
      return;
    }
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      if (known && typeof sessionId === 'string') {
        if (request.method === 'DELETE') {
          live.delete(sessionId);
          sessions.ended.push(sessionId);
        }
        await known.handleRequest(request, response, body ? JSON.parse(body) : undefined);
        return;
      }
      const mcp = build();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => {
          live.set(id, transport);
          sessions.opened.push(id);
        },
      });
      await mcp.connect(transport);
      await transport.handleRequest(request, response, body ? JSON.parse(body) : undefined);
    });
  });
  return { server, calls, sessions };
}
