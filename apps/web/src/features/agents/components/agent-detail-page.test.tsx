import type { Agent, AgentRun } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { AgentDetailPage } from './agent-detail-page';

const id = '5a1e2d3f-1111-4c6f-9a55-0d5a2c6f7a01';
const promptId = '7c1e2d3f-1111-4c6f-9a55-0d5a2c6f7a01';
const sourceId = '9d1e2d3f-1111-4c6f-9a55-0d5a2c6f7a01';
const brokenId = '9d1e2d3f-2222-4c6f-9a55-0d5a2c6f7a02';
const agent: Agent = {
  id,
  name: 'Order status',
  goal: 'Tell visitors where their order is',
  version: 1,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
  definition: {
    name: 'Order status',
    goal: 'Tell visitors where their order is',
    instructions: 'Be brief.',
    prompt: null,
    knowledgeSourceIds: [],
    model: { model: '', temperature: 0.2, maxTokens: 800 },
    toolIds: [],
    builtInTools: ['hand_off'],
    limits: { maxSteps: 6, maxSeconds: 60, maxTokens: 20_000 },
    exits: ['done', 'handoff', 'failed'],
  },
};
const run: AgentRun = {
  id: 'run-1',
  version: 1,
  outcome: 'answered',
  reply: 'Order A1 has shipped.',
  failure: null,
  steps: [
    {
      kind: 'model',
      model: 'gpt-test',
      promptTokens: 120,
      completionTokens: 9,
      durationMs: 300,
      text: '',
      toolCalls: [{ id: 'c1', name: 'order_status' }],
      error: null,
    },
    {
      kind: 'tool',
      toolCallId: 'c1',
      name: 'order_status',
      arguments: { order_id: 'A1' },
      status: 'ok',
      result: { status: 'shipped' },
      error: null,
      durationMs: 42,
    },
    { kind: 'answer', text: 'Order A1 has shipped.' },
  ],
  variables: {},
  promptTokens: 120,
  completionTokens: 9,
  toolCalls: 1,
  toolFailures: 0,
  durationMs: 380,
};

/** A Server-Sent Events answer, as the playground's stream sends it. */
const events = (...list: [string, unknown][]) =>
  new Response(list.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });

function renderDetail(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    [`GET /agents-api/agents/${id}`]: agent,
    [`GET /agents-api/agents/${id}/versions`]: { versions: [] },
    'GET /agents-api/tools': { tools: [] },
    'GET /agents-api/prompts': {
      prompts: [
        {
          id: promptId,
          name: 'Support voice',
          description: '',
          version: 2,
          createdAt: agent.createdAt,
          updatedAt: agent.updatedAt,
        },
      ],
    },
    [`GET /agents-api/prompts/${promptId}/versions`]: {
      versions: [2, 1].map((version) => ({
        version,
        name: 'Support voice',
        createdAt: agent.createdAt,
        createdBy: 'Olivia',
      })),
    },
    [`GET /agents-api/prompts/${promptId}/versions/2`]: {
      version: 2,
      name: 'Support voice',
      createdAt: agent.createdAt,
      createdBy: 'Olivia',
      definition: {
        name: 'Support voice',
        description: '',
        template: 'You work for {{ shop }}.',
        variables: [],
      },
    },
    'GET /agents-api/knowledge-sources': {
      sources: [
        {
          id: sourceId,
          name: 'Price list',
          kind: 'csv',
          botId: 'b1',
          botName: 'Shop',
          state: 'ready',
          error: null,
        },
        {
          id: brokenId,
          name: 'Old prices',
          kind: 'csv',
          botId: 'b1',
          botName: 'Shop',
          state: 'failed',
          error: 'Every row must have the header’s 3 columns; these lines do not (lines 3 and 5).',
        },
      ],
    },
    [`PUT /agents-api/agents/${id}`]: ({ body }) => ({
      ...agent,
      version: 2,
      definition: (body as { definition: Agent['definition'] }).definition,
    }),
    ...routes,
  });
  renderWithApp(<AgentDetailPage />, {
    route: `/v2/agents/manage/${id}`,
    path: '/v2/agents/manage/:agentId',
    queryClient: signedInClient(),
  });
  return api;
}

describe('the agent detail page', () => {
  it('takes its instructions from the prompt library and searches the chosen knowledge', async () => {
    const api = renderDetail();
    expect(await screen.findByRole('heading', { name: 'Order status', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Instructions' })).toHaveValue('Be brief.');
    const library = screen.getByRole('radio', { name: 'From the prompt library' });
    await waitFor(() => expect(library).toBeEnabled());
    fireEvent.click(library);
    await waitFor(() =>
      expect(screen.getByTestId('pinned-template')).toHaveTextContent('You work for {{ shop }}.'),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Search knowledge/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Price list/ }));
    expect(screen.getByRole('checkbox', { name: /Price list.*Dataset of Shop/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'PUT')).toBe(true));
    const saved = api.requests.find((request) => request.method === 'PUT')?.body as {
      definition: Agent['definition'];
    };
    expect(saved.definition).toMatchObject({
      prompt: { id: promptId, name: 'Support voice', version: 2 },
      knowledgeSourceIds: [sourceId],
      builtInTools: ['hand_off', 'search_knowledge'],
    });
  });

  it('does not offer a source whose file failed, says why, and marks one chosen before it failed', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Order status', level: 1 })).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: /Price list/ }, { timeout: 10_000 });
    expect(screen.queryByRole('checkbox', { name: /Old prices/ })).not.toBeInTheDocument();
    const hidden = screen.getByRole('group', { name: 'Not offered, because its file failed to process:' });
    expect(hidden).toHaveTextContent('Old prices');
    expect(hidden).toHaveTextContent('Failed');
    expect(hidden).toHaveTextContent(
      'Its file failed to process: Every row must have the header’s 3 columns',
    );
  });

  it('keeps a failed source the agent already has, marked, so that it can be unticked', async () => {
    const api = renderDetail({
      [`GET /agents-api/agents/${id}`]: {
        ...agent,
        definition: { ...agent.definition, knowledgeSourceIds: [brokenId] },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Order status', level: 1 })).toBeInTheDocument();
    const broken = await screen.findByRole('checkbox', { name: /Old prices/ }, { timeout: 10_000 });
    expect(broken).toBeChecked();
    expect(screen.getByText(/It cannot be searched: untick it/)).toBeInTheDocument();
    fireEvent.click(broken);
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'PUT')).toBe(true));
    const saved = api.requests.find((request) => request.method === 'PUT')?.body as {
      definition: Agent['definition'];
    };
    expect(saved.definition.knowledgeSourceIds).toEqual([]);
  });

  it('streams the playground’s answer, then shows the trace of the turn', async () => {
    const api = renderDetail({
      [`POST /agents-api/agents/${id}/playground/stream`]: () =>
        events(['token', { text: 'Order A1' }], ['token', { text: ' has shipped.' }], ['run', run]),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message to the agent' }), {
      target: { value: 'Where is A1?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Trace of the last turn')).toBeInTheDocument();
    expect(screen.getAllByText('Order A1 has shipped.').length).toBeGreaterThan(0);
    expect(screen.getByText('120 + 9 tokens · 300 ms')).toBeInTheDocument();
    expect(screen.getByText('Tool order_status')).toBeInTheDocument();
    const sent = api.requests.find((request) => request.url.pathname.endsWith('/playground/stream'));
    expect(sent?.body).toEqual({ messages: [{ role: 'user', content: 'Where is A1?' }], variables: {} });
  });

  it('says why a streamed turn broke off', async () => {
    renderDetail({
      [`POST /agents-api/agents/${id}/playground/stream`]: () =>
        events(
          ['token', { text: 'Ord' }],
          ['error', { name: 'InternalException', message: 'The turn could not finish' }],
        ),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message to the agent' }), {
      target: { value: 'Hi' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The turn could not finish')).toBeInTheDocument();
  });
});
