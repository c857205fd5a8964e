import type { Tool, ToolTestResult } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { ToolsPage } from './tools-page';

const toolId = '3f2b8e4e-1111-4c6f-9a55-0d5a2c6f7a01';
const serverId = '3f2b8e4e-2222-4c6f-9a55-0d5a2c6f7a02';

const orderTool: Tool = {
  id: toolId,
  name: 'order_status',
  description: 'Where an order is',
  kind: 'http',
  url: 'https://shop.example/orders/{{ order_id }}',
  modelTools: ['order_status'],
  updatedAt: '2026-11-28T10:00:00.000Z',
  definition: {
    kind: 'http',
    method: 'GET',
    url: 'https://shop.example/orders/{{ order_id }}',
    headers: [{ name: 'Authorization', value: '', secret: true, hint: '••••cret' }],
    body: '',
    parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
    response: [{ key: 'status', path: 'order.status' }],
    maxResponseBytes: 100_000,
    timeoutMs: 10_000,
  },
};
const shopServer: Tool = {
  id: serverId,
  name: 'shop',
  description: 'The shop’s MCP server',
  kind: 'mcp',
  url: 'https://tools.example/mcp',
  modelTools: ['shop_lookup_order'],
  updatedAt: '2026-11-28T10:00:00.000Z',
  definition: {
    kind: 'mcp',
    url: 'https://tools.example/mcp',
    headers: [],
    tools: [{ name: 'lookup_order', description: 'Find an order', inputSchema: { type: 'object' } }],
    timeoutMs: 10_000,
  },
};
const summary = ({ definition: _, ...rest }: Tool) => rest;

const passed: ToolTestResult = {
  ok: true,
  request: {
    method: 'GET',
    url: 'https://shop.example/orders/A1',
    headers: { authorization: '••••cret' },
    body: '',
  },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"order":{"status":"shipped"}}',
    durationMs: 42,
  },
  result: { status: 'shipped' },
  error: null,
};

function renderTools(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /agents-api/tools': { tools: [summary(orderTool), summary(shopServer)] },
    [`GET /agents-api/tools/${toolId}`]: orderTool,
    [`GET /agents-api/tools/${serverId}`]: shopServer,
    [`GET /agents-api/tools/${serverId}/mcp-tools`]: {
      tools: [
        { name: 'lookup_order', description: 'Find an order', inputSchema: { type: 'object' } },
        { name: 'check_stock', description: 'How many are left', inputSchema: { type: 'object' } },
      ],
    },
    ...routes,
  });
  renderWithApp(<ToolsPage />, {
    route: '/v2/agents/tools',
    path: '/v2/agents/tools',
    queryClient: signedInClient(),
  });
  return api;
}

describe('the tools page', () => {
  it('lists HTTP tools and MCP servers with what agents may call', async () => {
    renderTools();
    expect(await screen.findByRole('heading', { name: 'order_status' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'shop' })).toBeInTheDocument();
    expect(screen.getByText('Agents may call: shop_lookup_order')).toBeInTheDocument();
  });

  it('tests a tool and shows the exact request and response, and what the model reads', async () => {
    const api = renderTools({ [`POST /agents-api/tools/${toolId}/test`]: passed });
    fireEvent.click(await screen.findByRole('button', { name: 'Test order_status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test order_status' });
    const args = within(dialog).getByRole('textbox', { name: 'Arguments (JSON)' });
    expect(JSON.parse((args as HTMLTextAreaElement).value)).toEqual({ order_id: 'example' });
    fireEvent.change(args, { target: { value: '{"order_id":"A1"}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call the tool' }));
    expect(await within(dialog).findByText('Answered 200 in 42 ms')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Request')).toHaveTextContent('GET https://shop.example/orders/A1');
    expect(within(dialog).getByLabelText('Request')).toHaveTextContent('authorization: ••••cret');
    expect(within(dialog).getByLabelText('Response')).toHaveTextContent('"status": "shipped"');
    expect(api.requests.at(-1)?.body).toEqual({ arguments: { order_id: 'A1' } });
  });

  it('starts from an example the schema accepts, and shows by field why the server refused arguments', async () => {
    const strict: Tool = {
      ...orderTool,
      definition: {
        ...orderTool.definition,
        kind: 'http',
        parameters: {
          type: 'object',
          properties: {
            gift: { type: 'boolean' },
            items: { type: 'integer', minimum: 1, maximum: 10 },
            order_id: { type: 'string', pattern: '^A[0-9]+$' },
            channel: { type: 'string', enum: ['web', 'phone'] },
          },
          required: ['order_id', 'items'],
        },
      } as Tool['definition'],
    };
    renderTools({
      [`GET /agents-api/tools/${toolId}`]: strict,
      [`POST /agents-api/tools/${toolId}/test`]: {
        status: 400,
        body: {
          error: {
            name: 'ValidationException',
            message: 'These arguments break the tool’s schema, so an agent run would not call it: …',
            details: {
              issues: [
                { path: 'order_id', message: 'Invalid input: expected string, received number' },
                { path: 'items', message: 'Too small: expected number to be >=1' },
              ],
            },
          },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Test order_status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test order_status' });
    const args = within(dialog).getByRole('textbox', { name: 'Arguments (JSON)' }) as HTMLTextAreaElement;
    // Required fields first, each a value its schema accepts.
    expect(args.value).toBe(
      JSON.stringify({ order_id: 'A1', items: 1, channel: 'web', gift: true }, null, 2),
    );
    fireEvent.change(args, { target: { value: '{"order_id": 42, "items": 0}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call the tool' }));
    const refused = await within(dialog).findByRole('alert', { name: /break the tool’s schema/ });
    const fields = within(refused).getAllByRole('listitem');
    expect(fields.map((field) => field.textContent)).toEqual([
      'order_id: Invalid input: expected string, received number',
      'items: Too small: expected number to be >=1',
    ]);
    expect(within(dialog).queryByText('Succeeded')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Example from the schema' }));
    expect(JSON.parse(args.value)).toMatchObject({ order_id: 'A1', items: 1 });
  });

  it('names a failed test', async () => {
    renderTools({
      [`POST /agents-api/tools/${toolId}/test`]: {
        ...passed,
        ok: false,
        response: { ...passed.response, status: 500, body: '{"error":"down"}' } as ToolTestResult['response'],
        result: null,
        error: { name: 'ToolHttpError', message: 'The tool answered 500' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Test order_status' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call the tool' }));
    expect(await within(dialog).findByText('ToolHttpError')).toBeInTheDocument();
    expect(within(dialog).getByText('The tool answered 500')).toBeInTheDocument();
  });

  it('keeps a secret header’s stored value unless a new one is typed, and chooses MCP tools', async () => {
    const api = renderTools({
      [`PUT /agents-api/tools/${serverId}`]: ({ body }) => ({ ...shopServer, ...(body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit order_status' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit order_status' });
    expect(within(editor).getByPlaceholderText('Stored (••••cret); leave empty to keep')).toBeInTheDocument();
    fireEvent.click(within(editor).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Edit shop' }));
    const server = await screen.findByRole('dialog', { name: 'Edit shop' });
    fireEvent.click(await within(server).findByRole('checkbox', { name: /check_stock/ }));
    fireEvent.click(within(server).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'PUT')).toBe(true));
    const saved = api.requests.find((request) => request.method === 'PUT')?.body as {
      definition: { tools: { name: string }[] };
    };
    expect(saved.definition.tools.map((tool) => tool.name)).toEqual(['lookup_order', 'check_stock']);
  });
});
