import type { AuditEntry, AuditLogPage, Team } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { AuditLogCard } from './audit-log-card';

const team: Team = {
  members: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      email: 'olivia@example.com',
      first_name: 'Olivia',
      last_name: 'Owner',
      role: 'owner',
      status: 'active',
      last_sign_in_at: null,
      bot_ids: null,
      created_at: '2026-11-01T09:00:00.000Z',
    },
  ],
  invitations: [],
};

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  at: '2026-11-24T09:30:00.000Z',
  actor: { id: team.members[0]?.id ?? null, name: 'Olivia Owner', email: 'olivia@example.com' },
  action: 'bot.published',
  kind: 'bot',
  target: { type: 'bot', id: 'b1', label: 'Pizza helper' },
  details: { version: 3 },
  ip: '203.0.113.9',
  ...overrides,
});

const renderCard = (language: 'en' | 'es' = 'en') =>
  renderWithApp(<AuditLogCard />, { queryClient: signedInClient(signedInUser()), language });

describe('the audit log card', () => {
  it('says who did what to which thing, with its details, and pages to older entries', async () => {
    const first: AuditLogPage = {
      items: [
        entry({}),
        entry({
          action: 'team.role-changed',
          kind: 'team',
          target: { type: 'member', id: 'u2', label: 'Ana Agent <ana@example.com>' },
          details: { role: 'analyst', status: null },
        }),
      ],
      nextCursor: 'next',
    };
    const older: AuditLogPage = {
      items: [
        entry({
          actor: { id: 'u2', name: 'Ana Agent', email: 'ana@example.com' },
          action: 'security.sign-in-failed',
          kind: 'security',
          target: { type: 'member', id: 'u2', label: 'ana@example.com' },
          details: { reason: 'wrong-password' },
        }),
      ],
      nextCursor: null,
    };
    const { requests } = fakeApi({
      'GET /api/team': team,
      'GET /api/audit-log/settings': { retention_days: 365 },
      'GET /api/audit-log': ({ url }) => (url.searchParams.get('cursor') ? older : first),
    });
    renderCard();
    const published = (await screen.findByText('published', { exact: false })).closest('tr') as HTMLElement;
    expect(within(published).getByText('Pizza helper')).toBeInTheDocument();
    expect(within(published).getByText('Version 3')).toBeInTheDocument();
    expect(screen.getByText('Role: Analyst')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Keep entries for' })).toHaveTextContent('1 year');

    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.searchParams.get('cursor') === 'next')).toBe(true);
  });

  it('filters by kind and person on the server, and says when nothing matches', async () => {
    const { requests } = fakeApi({
      'GET /api/team': team,
      'GET /api/audit-log/settings': { retention_days: 90 },
      'GET /api/audit-log': ({ url }) => ({
        items: url.searchParams.size ? [] : [entry({})],
        nextCursor: null,
      }),
    });
    renderCard();
    await screen.findByText('Pizza helper');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(screen.getByRole('option', { name: 'Security' }));
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Person' }));
    await userEvent.click(screen.getByRole('option', { name: 'Olivia Owner' }));
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.url.searchParams.get('kind') === 'security' &&
            request.url.searchParams.get('actorId') === team.members[0]?.id,
        ),
      ).toBe(true),
    );
  });

  it('speaks Spanish', async () => {
    fakeApi({
      'GET /api/team': team,
      'GET /api/audit-log/settings': { retention_days: 30 },
      'GET /api/audit-log': { items: [entry({})], nextCursor: null },
    });
    renderCard('es');
    expect(await screen.findByText('Registro de auditoría')).toBeInTheDocument();
    expect(await screen.findByText('publicó', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Versión 3')).toBeInTheDocument();
  });
});
