import type { BotSummary } from '@parley/contracts';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { BotCard } from './bot-card';

const bot: BotSummary = {
  id: 'b1',
  name: 'Support',
  language: 'en',
  status: 'published',
  published_version: 1,
  default_goal_value: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-20T00:00:00.000Z',
  counts: { modules: 3, intents: 0, globalConnections: 0 },
};

const card = (can: { manage: boolean; viewReports: boolean }) =>
  renderWithApp(
    <MemoryRouter>
      <BotCard
        bot={bot}
        companyId="c1"
        can={can}
        onEdit={() => {}}
        onDuplicate={() => {}}
        onDelete={() => {}}
      />
    </MemoryRouter>,
  );

describe('a bot card', () => {
  it('offers rename, duplicate, delete and the web chat set-up to people who manage bots', () => {
    card({ manage: true, viewReports: true });
    expect(screen.getByRole('button', { name: 'More actions for Support' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Web chat' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toBeInTheDocument();
  });

  it('shows an agent only what they may do: open the bot and its inbox', () => {
    card({ manage: false, viewReports: false });
    expect(screen.queryByRole('button', { name: 'More actions for Support' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Web chat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Support' })).toBeInTheDocument();
  });
});
