import { createServer, type Server } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A local MCP server over streamable HTTP, built with the official SDK's server side (stateless:
 * a server and transport per request, as the SDK's stateless example does; GET answers 405).
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
  const server: Server = createServer((request, response) => {
    if (request.headers['x-api-key'] !== 'mcp-secret') {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      const mcp = build();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(request, response, JSON.parse(body));
    });
  });
  return { server, calls };
}
