import type { AgentSummary } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { AgentsPage } from './agents-page';

const summary = (id: string, name: string, goal = ''): AgentSummary => ({
  id,
  name,
  goal,
  version: 1,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
});
const orders = summary('5a1e2d3f-1111-4c6f-9a55-0d5a2c6f7a01', 'Order status', 'Where orders are');
const refunds = summary('5a1e2d3f-2222-4c6f-9a55-0d5a2c6f7a02', 'Refunds');

function renderManage(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /agents-api/agents': ({ url }) => {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      return { agents: [orders, refunds].filter((agent) => agent.name.toLowerCase().includes(search)) };
    },
    ...routes,
  });
  renderWithApp(<AgentsPage />, {
    route: '/v2/agents/manage',
    path: '/v2/agents/manage',
    queryClient: signedInClient(),
  });
  return api;
}

describe('the agents page', () => {
  it('lists the company’s agents and searches them', async () => {
    const api = renderManage();
    expect(await screen.findByRole('link', { name: 'Order status' })).toBeInTheDocument();
    expect(screen.getByText('Where orders are')).toBeInTheDocument();
    expect(screen.getByText('No goal written yet')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search agents' }), { target: { value: 'refu' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Order status' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Refunds' })).toBeInTheDocument();
    expect(api.requests.at(-1)?.url.searchParams.get('search')).toBe('refu');
  });

  it('duplicates an agent, and deletes one only once confirmed', async () => {
    const api = renderManage({
      [`POST /agents-api/agents/${orders.id}/duplicate`]: {
        ...summary('5a1e2d3f-3333-4c6f-9a55-0d5a2c6f7a03', 'Order status (copy)'),
        definition: { name: 'Order status (copy)' },
      },
      [`DELETE /agents-api/agents/${refunds.id}`]: { status: 204, body: undefined },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Duplicate Order status' }));
    expect(await screen.findByText('Created Order status (copy)')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Refunds' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Refunds?' });
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Refunds')).toBeInTheDocument();
    expect(
      api.requests.filter((request) => request.method === 'DELETE').map((request) => request.url.pathname),
    ).toEqual([`/agents-api/agents/${refunds.id}`]);
  });
});
