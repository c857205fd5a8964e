import type { Team } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { TeamCard } from './team-card';

const team: Team = {
  members: [
    {
      id: 'u1',
      email: 'olivia@example.com',
      first_name: 'Olivia',
      last_name: 'Owner',
      role: 'owner',
      status: 'active',
      last_sign_in_at: '2026-11-24T09:30:00.000Z',
      created_at: '2026-11-01T09:00:00.000Z',
    },
    {
      id: 'u2',
      email: 'ana@example.com',
      first_name: 'Ana',
      last_name: 'Agent',
      role: 'agent',
      status: 'active',
      last_sign_in_at: null,
      created_at: '2026-11-02T09:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 'i1',
      email: 'bea@example.com',
      role: 'analyst',
      invited_by: 'Olivia Owner',
      expires_at: '2099-01-01T00:00:00.000Z',
      created_at: '2026-11-20T09:00:00.000Z',
    },
  ],
};

const renderCard = (language: 'en' | 'es' = 'en') =>
  renderWithApp(<TeamCard />, { queryClient: signedInClient(signedInUser()), language });

describe('the team card', () => {
  it('lists people with role, status and last sign-in, and pending invitations', async () => {
    fakeApi({ 'GET /api/team': team });
    renderCard();
    const ana = (await screen.findByText('ana@example.com')).closest('tr') as HTMLElement;
    expect(within(ana).getByText('Never')).toBeInTheDocument();
    expect(within(ana).getByRole('button', { name: 'Deactivate Ana Agent' })).toBeInTheDocument();
    const olivia = screen.getByText('olivia@example.com').closest('tr') as HTMLElement;
    // Nobody deactivates themselves.
    expect(within(olivia).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
    const invitations = screen.getByRole('table', { name: 'Pending invitations' });
    expect(within(invitations).getByText('bea@example.com')).toBeInTheDocument();
    expect(within(invitations).getByText('Analyst')).toBeInTheDocument();
  });

  it('says in words why a change was refused', async () => {
    const { requests } = fakeApi({
      'GET /api/team': team,
      'PATCH /api/team/members/u2': {
        status: 409,
        body: { error: { name: 'ConflictException', message: 'x', details: { reason: 'last-owner' } } },
      },
    });
    renderCard('es');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Desactivar a Ana Agent' }));
    expect(
      await screen.findByText(
        'Tu empresa necesita un propietario activo. Nombra antes a otra persona propietaria.',
      ),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ status: 'disabled' });
  });

  it('invites by email with a role', async () => {
    const { requests } = fakeApi({
      'GET /api/team': team,
      'POST /api/team/invitations': {
        status: 201,
        body: { ...team.invitations[0], email: 'cy@example.com' },
      },
    });
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone to your team' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'cy@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to cy@example.com.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'cy@example.com',
      role: 'agent',
    });
  });
});
