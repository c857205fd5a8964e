import type { Audience, AudiencePreview } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { AudiencesPage } from './audiences-page';

const kettles: Audience = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Asked for kettles',
  filter: {
    schemaVersion: 1,
    match: 'all',
    conditions: [{ field: 'variable', name: 'item', op: 'contains', value: 'kettle' }],
  },
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
};

const preview = (count: number): AudiencePreview => ({
  count,
  sample: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      channel: 'webchat',
      name: 'Ana',
      email: null,
      language: 'en',
      firstSeenAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-27T10:00:00.000Z',
      conversations: 2,
      optedOut: false,
    },
  ],
});

function renderPage() {
  const api = fakeApi({
    'GET /api/audiences': { audiences: [kettles] },
    'GET /api/bots': { items: [], total: 0, page: 1, pageSize: 100 },
    'POST /api/audiences/preview': ({ body }) =>
      preview((body as { filter: Audience['filter'] }).filter.conditions.length === 0 ? 340 : 12),
    'POST /api/audiences': ({ body }) => ({
      ...kettles,
      id: '00000000-0000-4000-8000-0000000000a2',
      ...(body as object),
    }),
    'POST /api/audiences/00000000-0000-4000-8000-0000000000a1/duplicate': {
      ...kettles,
      id: '00000000-0000-4000-8000-0000000000a3',
      name: 'Asked for kettles (copy)',
    },
  });
  renderWithApp(<AudiencesPage />, {
    route: '/filters/list',
    path: '/filters/list',
    queryClient: signedInClient(),
  });
  return api;
}

describe('the audience builder', () => {
  it('shows how many contacts a filter matches, live, with a sample', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('audience-count')).toHaveTextContent('340'));
    expect(screen.getByText('No conditions: every contact matches.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Asked for kettles 1 condition' }));
    await waitFor(() => expect(screen.getByTestId('audience-count')).toHaveTextContent('12'));
    expect(
      within(screen.getByRole('table', { name: 'Newest matching contacts' })).getByText('Ana'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Variable name')).toHaveValue('item');
  });

  it('saves a new audience with its name and conditions', async () => {
    const api = renderPage();
    fireEvent.change(await screen.findByLabelText('Audience name'), { target: { value: 'Everyone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save audience' }));
    await waitFor(() =>
      expect(
        api.requests.some(
          (request) => request.method === 'POST' && request.url.pathname === '/api/audiences',
        ),
      ).toBe(true),
    );
    const saved = api.requests.find(
      (request) => request.method === 'POST' && request.url.pathname === '/api/audiences',
    );
    expect(saved?.body).toEqual({
      name: 'Everyone',
      filter: { schemaVersion: 1, match: 'all', conditions: [] },
    });
  });

  it('asks for a complete condition before counting, and duplicates an audience', async () => {
    const api = renderPage();
    await screen.findByRole('button', { name: 'Add condition' });
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(await screen.findByText('Complete the conditions to see who matches.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Asked for kettles' }));
    await waitFor(() =>
      expect(api.requests.some((request) => request.url.pathname.endsWith('/duplicate'))).toBe(true),
    );
  });
});
