import type { AgentAuditPage, AgentDashboard, AgentSettings, AgentUsage, StoredRun } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { AgentsAdminPage } from './agents-admin-page';
import { AgentsDashboardPage } from './agents-dashboard-page';
import { AgentsSettingsPage } from './agents-settings-page';

const agentId = '3f2b8e4e-1111-4c6f-9a55-0d5a2c6f7a01';
const runId = '3f2b8e4e-3333-4c6f-9a55-0d5a2c6f7a03';
const noLimit = { monthlyTokens: null, monthlyCost: null };

const settings: AgentSettings = {
  provider: { configured: false },
  defaultModel: '',
  defaultLimits: { maxSteps: 6, maxSeconds: 60, maxTokens: 20_000 },
  retentionDays: 90,
  currency: 'USD',
  prices: [],
  spendingLimit: noLimit,
};
const configured: AgentSettings = {
  ...settings,
  provider: {
    configured: true,
    baseUrl: 'https://llm.example/v1',
    keyHint: '••••abcd',
    models: ['gpt-4o-mini', 'gpt-4o'],
    checkedAt: '2026-11-28T10:00:00.000Z',
  },
};

const usage: AgentUsage = {
  from: '2026-10-30',
  to: '2026-11-28',
  currency: 'USD',
  month: { tokens: 1200, cost: 0.5, spendingLimit: { monthlyTokens: null, monthlyCost: 20 } },
  agents: [
    {
      id: agentId,
      name: 'Order status',
      enabled: true,
      disabledReason: null,
      spendingLimit: noLimit,
      monthTokens: 1200,
      monthCost: 0.5,
      totals: {
        conversations: 4,
        turns: 9,
        steps: 21,
        promptTokens: 1000,
        completionTokens: 200,
        errors: 1,
        cost: 0.5,
      },
    },
  ],
  days: [
    {
      day: '2026-11-28',
      agentId,
      conversations: 4,
      turns: 9,
      steps: 21,
      promptTokens: 1000,
      completionTokens: 200,
      errors: 1,
      cost: 0.5,
    },
  ],
};
const audit: AgentAuditPage = {
  items: [
    {
      company: { id: 'c1', name: 'Seaside Inn' },
      id: 'e1',
      at: '2026-11-28T11:00:00.000Z',
      actor: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
      action: 'agent.switched-off',
      kind: 'agent',
      target: { type: 'agent', id: agentId, label: 'Order status' },
      details: { reason: 'too costly' },
      ip: null,
    },
  ],
  nextCursor: null,
};

const performance = {
  conversations: 4,
  done: 2,
  handoff: 1,
  failed: 1,
  toolCalls: 10,
  toolFailures: 1,
  tokens: 1200,
  stepP50Ms: 12.5,
  stepP95Ms: 240,
};
const dashboard: AgentDashboard = {
  from: '2026-10-30',
  to: '2026-11-28',
  totals: performance,
  agents: [{ id: agentId, name: 'Order status', ...performance }],
  series: [
    { day: '2026-11-27', ...performance, conversations: 0, done: 0, handoff: 0, failed: 0 },
    { day: '2026-11-28', ...performance },
  ].map(({ stepP50Ms: _a, stepP95Ms: _b, ...day }) => day),
  failedRuns: [
    {
      id: runId,
      agentId,
      agentName: 'Order status',
      at: '2026-11-28T11:30:00.000Z',
      failure: 'Order status reached its monthly spending limit (1000 tokens)',
      source: 'conversation',
      conversationId: null,
    },
  ],
};
const storedRun: StoredRun = {
  id: runId,
  agentId,
  agentName: 'Order status',
  version: 1,
  at: '2026-11-28T11:30:00.000Z',
  source: 'conversation',
  conversationId: null,
  outcome: 'failed',
  reply: '',
  failure: 'Order status reached its monthly spending limit (1000 tokens)',
  steps: [
    {
      kind: 'limit',
      limit: 'spending',
      message: 'Order status reached its monthly spending limit (1000 tokens)',
    },
    { kind: 'exit', exit: 'failed', reason: 'Order status reached its monthly spending limit (1000 tokens)' },
  ],
  promptTokens: 0,
  completionTokens: 0,
  toolCalls: 0,
  toolFailures: 0,
  durationMs: 0,
};

describe('agent settings', () => {
  it('checks a provider: a refused key is said and nothing changes; a good one shows only its hint', async () => {
    let accept = false;
    const api = fakeApi({
      'GET /agents-api/settings': () => (accept ? configured : settings),
      'PUT /agents-api/settings/provider': () => {
        if (accept) return configured;
        accept = true;
        return {
          status: 400,
          body: {
            error: { name: 'ModelKeyRejectedException', message: 'The provider refused this API key' },
          },
        };
      },
    });
    renderWithApp(<AgentsSettingsPage />, { route: '/v2/agents/settings', queryClient: signedInClient() });
    expect(await screen.findByText(/use the model set up for this Parley server/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/API key/), { target: { value: 'sk-wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText('The provider refused this API key')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText('Key ••••abcd')).toBeInTheDocument();
    expect(screen.getByText('gpt-4o-mini')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'PUT').at(-1)?.body).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-wrong',
    });
  });

  it('saves the defaults new agents inherit, retention, prices and the company’s cap', async () => {
    const api = fakeApi({
      'GET /agents-api/settings': settings,
      'PUT /agents-api/settings': ({ body }) => ({ ...settings, ...(body as object) }),
    });
    renderWithApp(<AgentsSettingsPage />, { route: '/v2/agents/settings', queryClient: signedInClient() });
    fireEvent.change(await screen.findByLabelText('Steps per turn'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Keep traces (days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a model price' }));
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'gpt-4o-mini' } });
    fireEvent.change(screen.getByLabelText('Prompt / 1M tokens'), { target: { value: '0.15' } });
    fireEvent.change(screen.getByLabelText('Spend a month (USD)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      defaultLimits: { maxSteps: 4, maxSeconds: 60, maxTokens: 20_000 },
      retentionDays: 30,
      prices: [{ model: 'gpt-4o-mini', promptPerMillion: 0.15, completionPerMillion: 0 }],
      spendingLimit: { monthlyTokens: null, monthlyCost: 20 },
    });
  });
});

describe('agents admin', () => {
  const renderAdmin = (routes: Parameters<typeof fakeApi>[0] = {}, user = signedInUser()) => {
    const api = fakeApi({
      'GET /agents-api/api-keys': { keys: [] },
      'GET /agents-api/usage': usage,
      'GET /agents-api/audit': audit,
      ...routes,
    });
    renderWithApp(<AgentsAdminPage />, { route: '/v2/agents/admin', queryClient: signedInClient(user) });
    return api;
  };

  it('shows usage per agent and day, the company’s month against its cap, and the agents’ audit log', async () => {
    const api = renderAdmin();
    const perAgent = await screen.findByRole('table', { name: 'Usage per agent' });
    expect(within(perAgent).getByText('Order status')).toBeInTheDocument();
    expect(within(perAgent).getByText('1,200')).toBeInTheDocument();
    expect(screen.getByText(/used 1,200 tokens \(\$0\.50\)\. Limit: \$20\.00/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Usage per day' })).getByText('2026-11-28'),
    ).toBeInTheDocument();
    expect(await screen.findByText(/switched the agent off/)).toBeInTheDocument();
    expect(screen.getByText('reason: too costly')).toBeInTheDocument();
    expect(api.requests.find((request) => request.url.pathname === '/agents-api/audit')?.url.search).toBe(
      '?limit=25',
    );
    // A company's admin reads their own company: no company to pick, none named on the entries.
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.queryByText('Seaside Inn')).not.toBeInTheDocument();
  });

  it('shows Parley staff every company’s agent changes, each naming its company, or one company’s', async () => {
    const harbour = '3f2b8e4e-4444-4c6f-9a55-0d5a2c6f7a04';
    const entry = audit.items[0];
    if (!entry) throw new Error('no entry');
    const api = renderAdmin(
      {
        'GET /api/companies': {
          items: [{ id: harbour, name: 'Harbour Cafe', company_type: 'Regular' }],
        },
        'GET /agents-api/audit': ({ url }) =>
          url.searchParams.get('companyId') === harbour
            ? {
                items: [{ ...entry, id: 'e2', company: { id: harbour, name: 'Harbour Cafe' } }],
                nextCursor: null,
              }
            : {
                items: [entry, { ...entry, id: 'e3', company: { id: harbour, name: 'Harbour Cafe' } }],
                nextCursor: 'next',
              },
      },
      signedInUser({ company: { id: 'c0', name: 'Parley', company_type: 'Internal' } }),
    );
    const log = await screen.findByRole('region', { name: 'Audit log' });
    expect(await within(log).findByText('Seaside Inn')).toBeInTheDocument();
    expect(within(log).getByText('Harbour Cafe')).toBeInTheDocument();
    expect(screen.getByText(/in every company/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show older changes' })).toBeInTheDocument();

    const pickers = screen.getAllByRole('combobox', { name: 'Company' });
    const picker = pickers.at(-1);
    if (!picker) throw new Error('no picker');
    expect(picker).toHaveAttribute('placeholder', 'All companies');
    fireEvent.change(picker, { target: { value: 'Harb' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Harbour Cafe' }));
    await waitFor(() =>
      expect(api.requests.some((request) => request.url.searchParams.get('companyId') === harbour)).toBe(
        true,
      ),
    );
    await waitFor(() => expect(within(log).queryByText('Seaside Inn')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });

  it('switches an agent off with a reason, and sets its monthly limit', async () => {
    const control = { ...usage.agents[0] };
    const api = renderAdmin({
      [`PUT /agents-api/agents/${agentId}/switch`]: control,
      [`PUT /agents-api/agents/${agentId}/spending-limit`]: control,
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Order status is on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch off Order status?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (shown in traces)'), {
      target: { value: 'over budget' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.find((request) => request.url.pathname.endsWith('/switch'))?.body).toEqual({
      enabled: false,
      reason: 'over budget',
    });

    fireEvent.click(screen.getByRole('button', { name: 'No limit' }));
    const limit = await screen.findByRole('dialog', { name: 'Monthly limit for Order status' });
    fireEvent.change(within(limit).getByLabelText('Tokens a month'), { target: { value: '50000' } });
    fireEvent.click(within(limit).getByRole('button', { name: 'Save limit' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.url.pathname.endsWith('/spending-limit'))?.body).toEqual({
        spendingLimit: { monthlyTokens: 50_000, monthlyCost: null },
      }),
    );
  });
});

describe('agents dashboard', () => {
  it('shows per agent figures and opens a failed turn’s trace in one click', async () => {
    fakeApi({
      'GET /agents-api/dashboard': dashboard,
      [`GET /agents-api/runs/${runId}`]: storedRun,
    });
    renderWithApp(<AgentsDashboardPage />, { route: '/v2/agents', queryClient: signedInClient() });
    expect(await screen.findByRole('group', { name: 'Resolved' })).toHaveTextContent('50%');
    expect(screen.getByRole('group', { name: 'Tool calls' })).toHaveTextContent('10% failed');
    expect(screen.getByRole('group', { name: 'Step time (p50)' })).toHaveTextContent('p95 240 ms');
    const perAgent = screen.getByRole('table', { name: 'Per agent' });
    expect(within(perAgent).getByRole('link', { name: 'Order status' })).toHaveAttribute(
      'href',
      `/v2/agents/manage/${agentId}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open trace' }));
    const trace = await screen.findByRole('dialog', { name: 'Trace of a failed turn of Order status' });
    expect(await within(trace).findByText('Spending limit reached')).toBeInTheDocument();
    expect(screen.queryByText('No agent conversations in this period')).not.toBeInTheDocument();
  });

  it('says there is nothing yet, in place of a chart over an empty axis, when no agent talked in the period', async () => {
    const none = {
      ...performance,
      conversations: 0,
      done: 0,
      handoff: 0,
      failed: 0,
      toolCalls: 0,
      tokens: 0,
    };
    fakeApi({
      'GET /agents-api/dashboard': {
        ...dashboard,
        totals: { ...none, stepP50Ms: null, stepP95Ms: null },
        agents: [],
        series: dashboard.series.map((day) => ({ ...day, conversations: 0, done: 0, handoff: 0, failed: 0 })),
        failedRuns: [],
      },
    });
    renderWithApp(<AgentsDashboardPage />, {
      route: '/v2/agents',
      queryClient: signedInClient(),
      language: 'es',
    });
    expect(await screen.findByText('No hubo conversaciones de agentes en este periodo')).toBeInTheDocument();
    expect(document.querySelector('.MuiChartsAxis-root')).toBeNull();
  });
});
