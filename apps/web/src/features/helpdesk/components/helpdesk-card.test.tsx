import type { HelpdeskConnection } from '@parley/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { HelpdeskCard } from './helpdesk-card';

const connected: Extract<HelpdeskConnection, { connected: true }> = {
  connected: true,
  provider: 'zendesk',
  subdomain: 'acme',
  email: 'zoe@acme.test',
  agentName: 'Zoe Agent',
  tokenHint: '••••9xYz',
  signingSecretHint: null,
  webhookUrl: 'https://parley.example/api/channels/zendesk/companies/c1/webhook',
  checkedAt: '2026-11-28T09:00:00.000Z',
  problem: null,
};

const renderCard = () => renderWithApp(<HelpdeskCard />, { queryClient: signedInClient(signedInUser()) });

afterEach(() => vi.unstubAllGlobals());

describe('the helpdesk card', () => {
  it('checks the subdomain before calling, names a refused token, and connects', async () => {
    let saved = false;
    const { requests } = fakeApi({
      'GET /api/helpdesk/zendesk': () => (saved ? connected : { connected: false }),
      'PUT /api/helpdesk/zendesk': ({ body }) => {
        if ((body as { apiToken: string }).apiToken === 'RevokedToken0000000000')
          return {
            status: 400,
            body: { error: { name: 'HelpdeskTokenRejectedException', message: 'refused' } },
          };
        saved = true;
        return connected;
      },
    });
    renderCard();
    const subdomain = await screen.findByLabelText('Zendesk subdomain');
    fireEvent.change(subdomain, { target: { value: 'acme.zendesk.com' } });
    fireEvent.change(screen.getByLabelText('Agent’s email'), { target: { value: 'zoe@acme.test' } });
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: 'RevokedToken0000000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zendesk' }));
    expect(await screen.findByText('Enter only the subdomain, like acme')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.change(subdomain, { target: { value: 'acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zendesk' }));
    expect(await screen.findByText(/did not accept this email and API token/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('API token'), { target: { value: 'Zx7Kq2Lm9Np4Rs6Tu8Vw0Yb3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Zendesk' }));
    expect(await screen.findByText('acme on Zendesk')).toBeInTheDocument();
    expect(screen.getByText('As Zoe Agent (zoe@acme.test)')).toBeInTheDocument();
    expect(screen.getByLabelText('API token hint')).toHaveTextContent('••••9xYz');
    expect(requests.filter((request) => request.method === 'PUT').at(-1)?.body).toEqual({
      subdomain: 'acme',
      email: 'zoe@acme.test',
      apiToken: 'Zx7Kq2Lm9Np4Rs6Tu8Vw0Yb3',
    });
  });

  it('shows the webhook to set up in Zendesk and keeps its signing secret', async () => {
    let hint: string | null = null;
    const { requests } = fakeApi({
      'GET /api/helpdesk/zendesk': () => ({ ...connected, signingSecretHint: hint }),
      'PUT /api/helpdesk/zendesk/signing-secret': () => {
        hint = '••••Q0E=';
        return { ...connected, signingSecretHint: hint };
      },
    });
    renderCard();
    expect(await screen.findByDisplayValue(connected.webhookUrl)).toBeInTheDocument();
    expect(screen.getByDisplayValue('{ "ticket_id": "{{ticket.id}}" }')).toBeInTheDocument();
    expect(screen.getByText(/No signing secret yet/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Webhook signing secret'), {
      target: { value: 'dGhpcyBpcyBhIHNpZ25pbmcgc2VjcmV0Q0E=' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save secret' }));
    expect(await screen.findByText(/Signing secret kept \(••••Q0E=\)/)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      signingSecret: 'dGhpcyBpcyBhIHNpZ25pbmcgc2VjcmV0Q0E=',
    });
  });

  it('shows a refused token as disconnected, and why, with the form to connect again', async () => {
    fakeApi({
      'GET /api/helpdesk/zendesk': () => ({
        ...connected,
        problem: {
          kind: 'token_rejected',
          message: 'Zendesk refused the email and API token (401)',
          at: connected.checkedAt,
        },
      }),
    });
    renderCard();
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByText(/Zendesk refused the API token on .*\(401\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Zendesk' })).toBeInTheDocument();
  });
});
