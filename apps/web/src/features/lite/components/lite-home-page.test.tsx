import type { LiteHome, LiteHomeBot } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { LiteHomePage } from './lite-home-page';

const liteBot = (overrides: Partial<LiteHomeBot>): LiteHomeBot => ({
  id: 'b1',
  name: 'Casa Lola',
  status: 'published',
  updated_at: '2026-11-27T09:00:00.000Z',
  live: true,
  unpublished_changes: false,
  on_site: true,
  lite: true,
  week: { conversations: 0, handovers: 0, goals: 0 },
  waiting: 0,
  ...overrides,
});

const home = (bots: LiteHomeBot[]): LiteHome => ({
  week: { from: '2026-11-22', to: '2026-11-28' },
  bots,
  totals: {
    conversations: bots.reduce((sum, bot) => sum + bot.week.conversations, 0),
    handovers: bots.reduce((sum, bot) => sum + bot.week.handovers, 0),
    goals: bots.reduce((sum, bot) => sum + bot.week.goals, 0),
    waiting: bots.reduce((sum, bot) => sum + bot.waiting, 0),
  },
});

const lite = signedInUser({ first_name: 'Lena', company: { name: 'Casa Lola', company_type: 'Lite' } });
const renderHome = (user = lite, language: 'en' | 'es' = 'en') =>
  renderWithApp(<LiteHomePage />, { queryClient: signedInClient(user), route: '/v2/lite', language });

describe('the lite home', () => {
  it('shows each bot as a card with its state, its week and what to do next', async () => {
    fakeApi({
      'GET /api/lite/home': home([
        liteBot({ week: { conversations: 12, handovers: 3, goals: 5 }, waiting: 2 }),
        liteBot({ id: 'b2', name: 'Lola Bookings', status: 'draft', live: false, on_site: false }),
      ]),
    });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Hello, Lena' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a bot' })).toHaveAttribute(
      'href',
      '/v2/lite/bot-form-creation',
    );
    const live = screen.getByText('Casa Lola', { selector: 'h3, h2, h6, p, span' }).closest('.MuiCard-root');
    expect(live).not.toBeNull();
    const card = within(live as HTMLElement);
    expect(card.getByText('Live on your site')).toBeInTheDocument();
    expect(card.getByText('12')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Answer 2 waiting conversations' })).toHaveAttribute(
      'href',
      '/v2/inbox',
    );
    const draft = within(screen.getByText('Lola Bookings').closest('.MuiCard-root') as HTMLElement);
    expect(draft.getByText('Draft')).toBeInTheDocument();
    expect(draft.getByRole('link', { name: 'Publish it' })).toHaveAttribute(
      'href',
      '/v2/lite/bots/b2/settings',
    );
    expect(draft.getByRole('link', { name: 'Add it to your website' })).toBeInTheDocument();
    expect(draft.getByRole('link', { name: 'Settings of Lola Bookings' })).toHaveAttribute(
      'href',
      '/v2/lite/bots/b2/settings',
    );
  });

  it('invites a company with no bot to build its first, and hides creating from who may not', async () => {
    fakeApi({ 'GET /api/lite/home': home([]) });
    const { unmount } = renderHome(lite, 'es');
    expect(await screen.findByText('Creemos tu primer asistente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear un bot' })).toBeInTheDocument();
    unmount();
    renderHome(
      signedInUser({ role: 'viewer', permissions: ['bots:view'], company: { company_type: 'Lite' } }),
    );
    expect(await screen.findByText('Let’s build your first assistant')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create a bot' })).not.toBeInTheDocument();
  });
});
