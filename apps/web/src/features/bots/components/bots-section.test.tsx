import type { BotList, BotSummary } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { botDetail } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { BotsSection } from './bots-section';

const summary = (id: string, name: string): BotSummary => {
  const { flow: _flow, draft_revision: _revision, ...bot } = botDetail({ id, name });
  return bot;
};
const listOf = (...bots: BotSummary[]): BotList => ({
  items: bots,
  total: bots.length,
  page: 1,
  pageSize: 12,
});

function renderSection(permissions?: string[]) {
  return renderWithApp(
    <MemoryRouter>
      <BotsSection companyId="c1" />
    </MemoryRouter>,
    { queryClient: signedInClient(signedInUser(permissions ? { permissions } : {})) },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the bots section', () => {
  it('lists the company’s bots with their count, and searches them by name', async () => {
    const { requests } = fakeApi({
      'GET /api/bots': ({ url }) =>
        url.searchParams.get('search') === 'zzz'
          ? { items: [], total: 0, page: 1, pageSize: 12 }
          : listOf(summary('b1', 'Front desk'), summary('b2', 'Room service')),
    });
    renderSection();
    await screen.findByRole('link', { name: 'Open Front desk' });
    expect(screen.getByRole('link', { name: 'Open Room service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your bots 2' })).toBeInTheDocument();
    expect(requests[0]?.url.searchParams.get('sort')).toBe('updated_at');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search bots by name' }), {
      target: { value: 'zzz' },
    });
    await screen.findByText('No bot matches “zzz”.');
  });

  it('welcomes a company without bots, and creates the first one', async () => {
    let created = false;
    const { requests } = fakeApi({
      'GET /api/bots': () => (created ? listOf(summary('b9', 'Concierge')) : listOf()),
      'POST /api/bots': ({ body }) => {
        created = true;
        return { status: 201, body: botDetail({ id: 'b9', name: (body as { name: string }).name }) };
      },
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Create a bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a bot' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await within(dialog).findByText('Give the bot a name');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Bot name' }), {
      target: { value: 'Concierge' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create bot' }));
    await screen.findByText('“Concierge” is ready.');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Concierge',
      language: 'en',
    });
    await screen.findByRole('link', { name: 'Open Concierge' });
  });

  it('duplicates and deletes a bot, asking before it deletes', async () => {
    const { requests } = fakeApi({
      'GET /api/bots': listOf(summary('b1', 'Front desk')),
      'POST /api/bots/b1/duplicate': {
        status: 201,
        body: botDetail({ id: 'b2', name: 'Front desk (copy)' }),
      },
      'DELETE /api/bots/b1': { status: 204, body: null },
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Front desk' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    await screen.findByText('A copy of “Front desk” was made.');

    fireEvent.click(screen.getByRole('button', { name: 'More actions for Front desk' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete “Front desk”?' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete bot' }));
    await screen.findByText('“Front desk” was deleted.');
    expect(
      requests.filter((request) => request.method !== 'GET').map((r) => `${r.method} ${r.url.pathname}`),
    ).toEqual(['POST /api/bots/b1/duplicate', 'DELETE /api/bots/b1']);
  });

  it('says when the bots could not be loaded, and tries again on request', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/bots': () =>
        ++calls === 1
          ? { status: 500, body: { error: { name: 'InternalException', message: 'Boom' } } }
          : listOf(summary('b1', 'Front desk')),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Open Front desk' });
  });

  it('shows someone who may not manage bots no way to create or change them', async () => {
    fakeApi({ 'GET /api/bots': listOf() });
    renderSection(['inbox:use']);
    await screen.findByText('Create your first bot');
    expect(screen.queryByRole('button', { name: 'Create a bot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New bot' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
