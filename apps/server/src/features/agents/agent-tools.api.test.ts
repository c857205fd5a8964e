import type { AddressInfo } from 'node:net';
import {
  type Agent,
  type AgentRun,
  type CreatedApiKey,
  type ErrorEnvelope,
  type Tool,
  type ToolTestResult,
  toolArgumentsRefusalSchema,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeMcpServer } from '../../../test/fake-mcp';
import { fakeOpenAi } from '../../../test/fake-openai';
import { fakeToolServer } from '../../../test/fake-tool-server';
import { authHeader, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { issuesText } from './tool-arguments';

type Body = Record<string, unknown>;
const messagesOf = (body: Body) => body.messages as { role: string; content?: string }[];
const visitorSaid = (body: Body) =>
  messagesOf(body).findLast((message) => message.role === 'user')?.content ?? '';
const toolResults = (body: Body) => messagesOf(body).filter((message) => message.role === 'tool');

/** The model calls the tool the visitor names, once; it answers after reading the result. */
function script(body: Body) {
  if (toolResults(body).length > 0) return undefined;
  const said = visitorSaid(body);
  const tool = /use (\S+)/.exec(said)?.[1];
  if (!tool) return undefined;
  if (tool === 'order_status') return [{ name: tool, arguments: '{"order_id":"A 1"}' }];
  if (tool === 'order_status_bad') return [{ name: 'order_status', arguments: '{"order_id":42}' }];
  if (tool === 'shop_lookup_order') return [{ name: tool, arguments: '{"orderId":"A1"}' }];
  return [{ name: tool, arguments: tool.startsWith('shop_') ? '{}' : '{"order_id":"1"}' }];
}

describe('agent tools: HTTP tools and MCP servers', () => {
  const model = fakeOpenAi({ tokens: ['It is on its way.'], toolCalls: script });
  const shop = fakeToolServer({ slowMs: 3_000 });
  const mcp = fakeMcpServer();
  let t: TestApp;
  let guarded: TestApp;
  let owner: Record<string, string>;
  const base = (server: typeof shop.server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    const [modelUrl] = await Promise.all([
      model.listen(),
      ...[shop.server, mcp.server].map(
        (server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
      ),
    ]);
    [t, guarded] = await Promise.all([
      createTestApp({
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: modelUrl,
        OUTGOING_ALLOW_HOSTS: '127.0.0.1',
      }),
      // Without the operator's allow list (tests allow their local servers by default).
      createTestApp({ OUTGOING_ALLOW_HOSTS: '' }),
    ]);
    owner = authHeader((await registerOwner(t)).auth.token, 'Bearer');
  });
  afterAll(async () => {
    await Promise.all([t.close(), guarded.close()]);
    await Promise.all([
      model.close(),
      ...[shop.server, mcp.server].map(
        (server) => new Promise<void>((resolve) => server.close(() => resolve())),
      ),
    ]);
  });

  const httpTool = (name: string, path: string, extra: Body = {}) => ({
    name,
    description: 'Where an order is',
    definition: {
      kind: 'http',
      method: 'GET',
      url: `${base(shop.server)}${path}`,
      headers: [
        { name: 'Authorization', value: 'Bearer shop-secret', secret: true },
        { name: 'X-Shop', value: 'main' },
      ],
      parameters: {
        type: 'object',
        properties: { order_id: { type: 'string', description: 'The order number' } },
        required: ['order_id'],
      },
      response: [
        { key: 'status', path: 'order.status' },
        { key: 'eta', path: 'order.eta' },
      ],
      timeoutMs: 500,
      ...extra,
    },
  });
  const create = async (payload: Body, app = t, headers = owner) =>
    app.request({ method: 'POST', url: '/agents-api/tools', headers, payload });
  const test = async (id: string, payload: Body, app = t, headers = owner) =>
    (
      await app.request({ method: 'POST', url: `/agents-api/tools/${id}/test`, headers, payload })
    ).json<ToolTestResult>();

  it('stores an HTTP tool with its secret sealed, and shows only its hint', async () => {
    const response = await create(httpTool('order_status', '/orders/{{ order_id }}'));
    expect(response.statusCode).toBe(201);
    const tool = response.json<Tool>();
    expect(tool).toMatchObject({ kind: 'http', modelTools: ['order_status'] });
    expect(tool.definition.headers[0]).toEqual({
      name: 'Authorization',
      value: '',
      secret: true,
      hint: '••••cret',
    });
    const row = await t.database.db
      .selectFrom('agent_tools')
      .selectAll()
      .where('id', '=', tool.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('shop-secret');
    // Saved again with the secret left empty: the stored one is kept.
    const saved = await t.request({
      method: 'PUT',
      url: `/agents-api/tools/${tool.id}`,
      headers: owner,
      payload: {
        ...httpTool('order_status', '/orders/{{ order_id }}'),
        definition: {
          ...httpTool('order_status', '/orders/{{ order_id }}').definition,
          headers: [{ name: 'Authorization', value: '', secret: true }],
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const result = await test(tool.id, { arguments: { order_id: 'A 1' } });
    expect(result).toMatchObject({ ok: true, result: { status: 'shipped', eta: '2026-12-02' } });
    // The exact request, the secret masked; the exact response.
    expect(result.request).toEqual({
      method: 'GET',
      url: `${base(shop.server)}/orders/A%201`,
      headers: { authorization: '••••cret' },
      body: '',
    });
    expect(result.response).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(result.response?.body ?? '')).toMatchObject({ order: { id: 'A 1' } });
    expect(shop.requests.at(-1)?.headers.authorization).toBe('Bearer shop-secret');
  });

  it('checks test arguments against the tool’s schema as an agent run does: refused by field, never called', async () => {
    const strict = httpTool('order_lookup', '/orders/{{ order_id }}', {
      parameters: {
        type: 'object',
        properties: {
          order_id: { type: 'string', pattern: '^A[0-9]+$' },
          items: { type: 'integer', minimum: 1 },
        },
        required: ['order_id', 'items'],
      },
    });
    const tool = (await create(strict)).json<Tool>();
    const calls = shop.requests.length;
    const refused = await t.request({
      method: 'POST',
      url: `/agents-api/tools/${tool.id}/test`,
      headers: owner,
      payload: { arguments: { order_id: 42, items: 0 } },
    });
    expect(refused.statusCode).toBe(400);
    const error = refused.json<ErrorEnvelope>().error;
    expect(error.name).toBe('ValidationException');
    expect(error.message).toMatch(/an agent run would not call it/);
    const { issues } = toolArgumentsRefusalSchema.parse(error.details);
    expect(issues.map((issue) => issue.path).sort()).toEqual(['items', 'order_id']);
    expect(issues.find((issue) => issue.path === 'items')?.message).toMatch(/>=\s*1/);
    expect(shop.requests.length).toBe(calls);
    // A missing required field is named too.
    const missing = await t.request({
      method: 'POST',
      url: `/agents-api/tools/${tool.id}/test`,
      headers: owner,
      payload: { arguments: { order_id: 'A1' } },
    });
    expect(toolArgumentsRefusalSchema.parse(missing.json<ErrorEnvelope>().error.details).issues).toEqual([
      { path: 'items', message: expect.any(String) },
    ]);
    // The same words the model reads when it sends these arguments in a run.
    expect(issuesText(issues)).toBe(error.message.split('would not call it: ')[1]);
    const good = await test(tool.id, { arguments: { order_id: 'A1', items: 2 } });
    expect(good).toMatchObject({ ok: true, result: { status: 'shipped' } });
  });

  it('names each fault of an HTTP tool: time-out, 500, 5 MB, not JSON, refused address', async () => {
    const faults: [string, string][] = [
      ['slow_tool', '/slow'],
      ['broken_tool', '/broken'],
      ['huge_tool', '/huge'],
      ['garbled_tool', '/not-json'],
    ];
    const names: (string | undefined)[] = [];
    for (const [name, path] of faults) {
      const tool = (await create(httpTool(name, path))).json<Tool>();
      const result = await test(tool.id, { arguments: { order_id: '1' } });
      expect(result.ok).toBe(false);
      names.push(result.error?.name);
    }
    expect(names).toEqual(['ToolTimedOut', 'ToolHttpError', 'ToolResponseTooLarge', 'ToolInvalidJson']);
    // Without the operator's allow list, the guard refuses the local address.
    const other = authHeader((await registerOwner(guarded)).auth.token, 'Bearer');
    const local = (
      await create(httpTool('order_status', '/orders/{{ order_id }}'), guarded, other)
    ).json<Tool>();
    const refused = await test(local.id, { arguments: { order_id: '1' } }, guarded, other);
    expect(refused).toMatchObject({ ok: false, error: { name: 'ToolUnreachable' } });
  });

  it('refuses bad tools, a taken name, other companies, and keys without the scope', async () => {
    const bad = await create({ name: 'has space', definition: { kind: 'http', url: '' } });
    expect(bad.statusCode).toBe(400);
    const noSecret = await create({
      name: 'no_secret',
      definition: { kind: 'http', url: 'https://x.example', headers: [{ name: 'A', secret: true }] },
    });
    expect(noSecret.json()).toMatchObject({ error: { name: 'ValidationException' } });
    const taken = await create(httpTool('order_status', '/orders/1'));
    expect(taken.statusCode).toBe(409);
    const [first] = (await t.request({ method: 'GET', url: '/agents-api/tools', headers: owner })).json<{
      tools: Tool[];
    }>().tools;
    const other = authHeader((await registerOwner(t, { company_name: 'Other' })).auth.token, 'Bearer');
    for (const [method, url] of [
      ['GET', `/agents-api/tools/${first?.id}`],
      ['DELETE', `/agents-api/tools/${first?.id}`],
    ] as const)
      expect((await t.request({ method, url, headers: other })).statusCode).toBe(404);
    const reader = (
      await t.request({
        method: 'POST',
        url: '/agents-api/api-keys',
        headers: owner,
        payload: { name: 'reader', scopes: ['agents:read'] },
      })
    ).json<CreatedApiKey>().secret;
    const asReader = { authorization: `Bearer ${reader}` };
    expect((await t.request({ method: 'GET', url: '/agents-api/tools', headers: asReader })).statusCode).toBe(
      200,
    );
    expect((await create(httpTool('reader_tool', '/orders/1'), t, asReader)).statusCode).toBe(403);
  });

  it('lists an MCP server’s tools, keeps the chosen ones, and tests one', async () => {
    const created = await create({
      name: 'shop',
      description: 'The shop’s MCP server',
      definition: {
        kind: 'mcp',
        url: `${base(mcp.server)}/mcp`,
        headers: [{ name: 'x-api-key', value: 'mcp-secret', secret: true }],
      },
    });
    expect(created.statusCode).toBe(201);
    const server = created.json<Tool>();
    const listed = await t.request({
      method: 'GET',
      url: `/agents-api/tools/${server.id}/mcp-tools`,
      headers: owner,
    });
    expect(listed.statusCode).toBe(200);
    const offered = listed.json<{ tools: { name: string; inputSchema: Body }[] }>().tools;
    expect(offered.map((tool) => tool.name)).toEqual(['lookup_order', 'check_stock', 'always_fails']);
    const chosen = offered.filter((tool) => tool.name !== 'check_stock');
    const saved = await t.request({
      method: 'PUT',
      url: `/agents-api/tools/${server.id}`,
      headers: owner,
      payload: {
        name: 'shop',
        definition: {
          kind: 'mcp',
          url: `${base(mcp.server)}/mcp`,
          headers: [{ name: 'x-api-key', value: '', secret: true }],
          tools: chosen,
        },
      },
    });
    expect(saved.json<Tool>().modelTools).toEqual(['shop_lookup_order', 'shop_always_fails']);
    const result = await test(server.id, { tool: 'lookup_order', arguments: { orderId: 'A1' } });
    expect(result).toMatchObject({ ok: true, result: { status: 'packed', eta: '2026-12-03' } });
    expect(JSON.parse(result.request?.body ?? '')).toMatchObject({
      method: 'tools/call',
      params: { name: 'lookup_order', arguments: { orderId: 'A1' } },
    });
    expect(result.request?.headers['x-api-key']).toBe('••••cret');
    expect(result.response?.status).toBe(200);
    const failing = await test(server.id, { tool: 'always_fails', arguments: {} });
    expect(failing).toMatchObject({
      ok: false,
      error: { name: 'ToolFailed', message: 'the warehouse is closed' },
    });
    // Each listing and call opened a session (Mcp-Session-Id) and ended it with DELETE.
    expect(mcp.sessions.opened).toHaveLength(3);
    expect(mcp.sessions.ended).toEqual(mcp.sessions.opened);
    // A server that does not answer MCP is a named 502.
    const wrong = (
      await create({ name: 'not_mcp', definition: { kind: 'mcp', url: `${base(shop.server)}/broken` } })
    ).json<Tool>();
    const refused = await t.request({
      method: 'GET',
      url: `/agents-api/tools/${wrong.id}/mcp-tools`,
      headers: owner,
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error: { name: 'UpstreamException' } });
  });

  it('gives an agent its tools: a good call, faults as named steps, and the turn goes on', async () => {
    const { tools } = (await t.request({ method: 'GET', url: '/agents-api/tools', headers: owner })).json<{
      tools: Tool[];
    }>();
    const id = (name: string) => tools.find((tool) => tool.name === name)?.id ?? '';
    const agent = (
      await t.request({
        method: 'POST',
        url: '/agents-api/agents',
        headers: owner,
        payload: {
          definition: {
            name: 'Orders',
            toolIds: ['order_status', 'slow_tool', 'broken_tool', 'huge_tool', 'garbled_tool', 'shop'].map(
              id,
            ),
          },
        },
      })
    ).json<Agent>();
    const play = async (text: string) =>
      (
        await t.request({
          method: 'POST',
          url: `/agents-api/agents/${agent.id}/playground`,
          headers: owner,
          payload: { messages: [{ role: 'user', content: text }] },
        })
      ).json<AgentRun>();
    const good = await play('use order_status');
    expect(good).toMatchObject({
      outcome: 'answered',
      reply: 'It is on its way.',
      toolCalls: 1,
      toolFailures: 0,
    });
    expect(good.steps[1]).toMatchObject({
      kind: 'tool',
      name: 'order_status',
      status: 'ok',
      result: { status: 'shipped', eta: '2026-12-02' },
    });
    const mcpRun = await play('use shop_lookup_order');
    expect(mcpRun.steps[1]).toMatchObject({ status: 'ok', result: { status: 'packed' } });
    // An agent's call ends its MCP session too.
    expect(mcp.sessions.opened.length).toBeGreaterThan(3);
    expect(mcp.sessions.ended).toEqual(mcp.sessions.opened);
    const failures: Record<string, string> = {
      order_status_bad: 'InvalidArguments',
      slow_tool: 'ToolTimedOut',
      broken_tool: 'ToolHttpError',
      huge_tool: 'ToolResponseTooLarge',
      garbled_tool: 'ToolInvalidJson',
      shop_always_fails: 'ToolFailed',
    };
    for (const [tool, name] of Object.entries(failures)) {
      const run = await play(`use ${tool}`);
      expect(run, tool).toMatchObject({ outcome: 'answered', reply: 'It is on its way.', toolFailures: 1 });
      expect(run.steps[1], tool).toMatchObject({ kind: 'tool', status: 'failed', error: { name } });
    }
    // The model was offered the tools with their JSON schemas.
    const offered = model.requests.at(-1)?.body.tools as { function: { name: string; parameters: Body } }[];
    expect(offered.find((tool) => tool.function.name === 'order_status')?.function.parameters).toMatchObject({
      required: ['order_id'],
    });
  });
});
