import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpTool, ToolDefinition } from '@parley/contracts';
import { callFailureOf } from '@parley/engine';
import { type GuardedHttpOptions, guardedRequest } from '../../integrations/http/guarded-http';
import type { HeaderValues, ToolCallReport } from './http-tool-call';

type McpServer = Extract<ToolDefinition, { kind: 'mcp' }>;

/** What an MCP server may answer at most, per message (a tool's answer included). */
const MCP_MAX_RESPONSE_BYTES = 1_000_000;
const SHOWN_BODY = 20_000;

interface Exchange {
  request: ToolCallReport['request'] & {};
  response: ToolCallReport['response'];
}

const bodyless = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for the SDK's transport that goes through the guarded client (the SSRF guard, a
 * time-out, a size cap) and notes each exchange, secrets masked. Parley makes one short call at a
 * time and never listens for server-sent requests, so the transport's optional GET stream is
 * answered 405 here, as a server without one would (the SDK's documented way to do without it).
 */
function guardedFetch(
  server: McpServer,
  values: HeaderValues,
  outgoing: GuardedHttpOptions,
  exchanges: Exchange[],
): FetchLike {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET') return new Response(null, { status: 405 });
    // Ending the session (see withClient) is not part of the call the builder is shown.
    const noted = method !== 'DELETE';
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const shown = { ...headers };
    for (const header of server.headers.filter((each) => each.secret)) {
      const key = header.name.toLowerCase();
      if (key in shown) shown[key] = values.hints[key] ?? '••••';
    }
    const body = typeof init?.body === 'string' ? init.body : '';
    const exchange: Exchange = {
      request: { method, url: String(url), headers: shown, body },
      response: null,
    };
    if (noted) exchanges.push(exchange);
    const answer = await guardedRequest(
      { method, url: String(url), headers, body: body || undefined, timeoutMs: server.timeoutMs },
      { ...outgoing, maxResponseBytes: MCP_MAX_RESPONSE_BYTES },
    );
    exchange.response = {
      status: answer.status,
      headers: answer.headers,
      body: answer.body.slice(0, SHOWN_BODY),
      durationMs: answer.durationMs,
    };
    return new Response(bodyless.has(answer.status) ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

/** The headers the server is sent: plain ones as written, secret ones opened. */
function headersOf(server: McpServer, values: HeaderValues): Record<string, string> {
  return Object.fromEntries(
    server.headers.map((header) => {
      const key = header.name.toLowerCase();
      return [key, header.secret ? (values.secrets[key] ?? '') : header.value];
    }),
  );
}

/**
 * Connects to the server, does `work`, and closes, all within the server's time-out. A session the
 * server opened (`Mcp-Session-Id`) is ended with `DELETE`, as the streamable HTTP transport asks of
 * a client that no longer needs it, so servers do not keep one per call; a server that cannot end
 * it (405) or fails to is left to expire it.
 */
async function withClient<T>(
  server: McpServer,
  values: HeaderValues,
  outgoing: GuardedHttpOptions,
  exchanges: Exchange[],
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    fetch: guardedFetch(server, values, outgoing, exchanges),
    requestInit: { headers: headersOf(server, values) },
  });
  const client = new Client({ name: 'parley', version: '1.0.0' });
  const options = { timeout: server.timeoutMs };
  try {
    await client.connect(transport, options);
    return await work(client);
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close().catch(() => {});
  }
}

/** Every tool the server offers now (the first pages, up to 200 tools). */
export async function listMcpTools(
  server: McpServer,
  values: HeaderValues,
  outgoing: GuardedHttpOptions,
): Promise<McpTool[]> {
  return withClient(server, values, outgoing, [], async (client) => {
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: server.timeoutMs });
      for (const tool of page.tools)
        tools.push({
          name: tool.name,
          description: tool.description ?? '',
          inputSchema: tool.inputSchema as Record<string, unknown>,
        });
      cursor = page.nextCursor;
    } while (cursor && tools.length < 200);
    return tools;
  });
}

/** What the model reads of a tool's answer: its structured content, or its texts. */
function resultOf(answer: Awaited<ReturnType<Client['callTool']>>): unknown {
  if (answer.structuredContent) return answer.structuredContent;
  const content = Array.isArray(answer.content) ? answer.content : [];
  const texts = content.flatMap((part) =>
    part && typeof part === 'object' && 'type' in part && part.type === 'text' && 'text' in part
      ? [String(part.text)]
      : [],
  );
  return texts.join('\n');
}

/**
 * Calls one tool of the server (`tools/call`), reporting the exact JSON-RPC request and answer.
 * A tool that reports an error (`isError`), a server that fails or cannot be reached, a time-out:
 * each comes back named, never thrown.
 */
export async function callMcpTool(
  server: McpServer,
  name: string,
  args: Record<string, unknown>,
  values: HeaderValues,
  outgoing: GuardedHttpOptions,
): Promise<ToolCallReport> {
  const exchanges: Exchange[] = [];
  const shownCall = () => exchanges.find((each) => each.request.body.includes('"tools/call"'));
  try {
    const answer = await withClient(server, values, outgoing, exchanges, (client) =>
      client.callTool({ name, arguments: args }, undefined, { timeout: server.timeoutMs }),
    );
    const call = shownCall();
    const result = resultOf(answer);
    if (answer.isError) {
      const message = typeof result === 'string' && result ? result : 'The tool reported an error';
      return {
        ok: false,
        request: call?.request ?? null,
        response: call?.response ?? null,
        result,
        error: { name: 'ToolFailed', message: message.slice(0, 500) },
      };
    }
    return {
      ok: true,
      request: call?.request ?? null,
      response: call?.response ?? null,
      result,
      error: null,
    };
  } catch (error) {
    const failure = callFailureOf(error);
    const call = shownCall() ?? exchanges.at(-1);
    const name =
      failure.reason === 'timeout' || /timed out/i.test(failure.message)
        ? 'ToolTimedOut'
        : failure.reason === 'too_large'
          ? 'ToolResponseTooLarge'
          : 'McpServerFailed';
    return {
      ok: false,
      request: call?.request ?? null,
      response: call?.response ?? null,
      result: null,
      error: { name, message: failure.message },
    };
  }
}
