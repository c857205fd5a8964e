import type { BotList, BotSummary, Team } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
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
      bot_ids: null,
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
      bot_ids: null,
      created_at: '2026-11-02T09:00:00.000Z',
    },
    {
      id: 'u3',
      email: 'lou@example.com',
      first_name: 'Lou',
      last_name: 'Analyst',
      role: 'analyst',
      status: 'active',
      last_sign_in_at: null,
      bot_ids: ['b1', 'b2'],
      created_at: '2026-11-03T09:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 'i1',
      email: 'bea@example.com',
      role: 'analyst',
      bot_ids: ['b2'],
      invited_by: 'Olivia Owner',
      expires_at: '2099-01-01T00:00:00.000Z',
      created_at: '2026-11-20T09:00:00.000Z',
    },
  ],
};

const bot = (id: string, name: string): BotSummary => ({
  id,
  name,
  language: 'en',
  status: 'published',
  published_version: 1,
  default_goal_value: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  counts: { modules: 3, intents: 0, globalConnections: 0 },
});
const bots: BotList = {
  items: [bot('b1', 'Shop'), bot('b2', 'Clinic'), bot('b3', 'Careers')],
  total: 3,
  page: 1,
  pageSize: 100,
};

const renderCard = (language: 'en' | 'es' = 'en') =>
  renderWithApp(<TeamCard />, { queryClient: signedInClient(signedInUser()), language });

describe('the team card', () => {
  it('lists people with role, status and last sign-in, and pending invitations', async () => {
    fakeApi({ 'GET /api/team': team, 'GET /api/bots': bots });
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
    expect(within(invitations).getByText('1 bot')).toBeInTheDocument();
  });

  it('says which bots each person sees, and lets an owner limit an agent to some', async () => {
    const { requests } = fakeApi({
      'GET /api/team': team,
      'GET /api/bots': bots,
      'PATCH /api/team/members/u2': { ...team.members[1], bot_ids: ['b2'] },
    });
    renderCard();
    const user = userEvent.setup();
    const lou = (await screen.findByText('lou@example.com')).closest('tr') as HTMLElement;
    expect(within(lou).getByRole('button', { name: 'Bots of Lou Analyst: 2 bots' })).toBeInTheDocument();
    // An owner sees every bot, whatever: nothing to change there.
    const olivia = screen.getByText('olivia@example.com').closest('tr') as HTMLElement;
    expect(within(olivia).getByText('All bots')).toBeInTheDocument();
    expect(within(olivia).queryByRole('button', { name: /Bots of/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bots of Ana Agent: All bots' }));
    const dialog = screen.getByRole('dialog', { name: 'Bots Ana Agent sees' });
    await user.click(within(dialog).getByRole('radio', { name: 'Only some bots' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose at least one bot, or every bot')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Bots' }));
    await user.click(await screen.findByRole('option', { name: 'Clinic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ bot_ids: ['b2'] });
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
      'GET /api/bots': bots,
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

describe('inviting someone limited to some bots', () => {
  it('sends the chosen bots with the invitation, and only for roles that can be limited', async () => {
    const { requests } = fakeApi({
      'GET /api/team': team,
      'GET /api/bots': bots,
      'POST /api/team/invitations': {
        status: 201,
        body: { ...team.invitations[0], email: 'cy@example.com' },
      },
    });
    renderCard('es');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invitar a alguien' }));
    const dialog = screen.getByRole('dialog', { name: 'Invitar a alguien a tu equipo' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Correo electrónico' }), 'cy@example.com');
    await user.click(within(dialog).getByRole('radio', { name: 'Solo algunos bots' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Elige los bots' }));
    await user.click(await screen.findByRole('option', { name: 'Shop' }));
    await user.click(screen.getByRole('option', { name: 'Careers' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'cy@example.com',
      role: 'agent',
      bot_ids: ['b1', 'b3'],
    });
  });

  it('hides the bot choice for a role that sees every bot', async () => {
    fakeApi({ 'GET /api/team': team, 'GET /api/bots': bots });
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone to your team' });
    expect(
      within(dialog).getByRole('radio', { name: 'Every bot of the company, now and later' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: /^Builder/ }));
    expect(within(dialog).queryByRole('radio', { name: 'Only some bots' })).not.toBeInTheDocument();
  });
});
