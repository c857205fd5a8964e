import type { Broadcast } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { BroadcastsPage } from './broadcasts-page';

const sending: Broadcast = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Back in stock',
  botId: '00000000-0000-4000-8000-000000000001',
  audienceId: '00000000-0000-4000-8000-0000000000a1',
  channels: ['webchat'],
  message: { type: 'text', text: 'The **kettle** is back' },
  replyModuleId: null,
  throttlePerMinute: 60,
  sendAt: null,
  timeZone: 'UTC',
  goalWindowHours: 168,
  state: 'sending',
  createdAt: '2026-11-28T10:00:00.000Z',
  startedAt: '2026-11-28T10:00:00.000Z',
  finishedAt: null,
  figures: {
    recipients: 340,
    queued: 100,
    sent: 238,
    delivered: 238,
    failed: 0,
    skipped: 2,
    cancelled: 0,
    opened: 88,
    replied: 31,
    optedOut: 2,
    goals: 9,
  },
};

function renderPage(route = '/broadcast') {
  const api = fakeApi({
    'GET /api/broadcasts': { broadcasts: [sending] },
    'GET /api/broadcasts/00000000-0000-4000-8000-0000000000b1': {
      broadcast: sending,
      failures: [
        { state: 'skipped', reason: "template-failed: 'item' is undefined", count: 2 },
        { state: 'skipped', reason: 'outside-messaging-window', count: 5 },
      ],
    },
    'POST /api/broadcasts/00000000-0000-4000-8000-0000000000b1/pause': { ...sending, state: 'paused' },
    'GET /api/audiences': { audiences: [] },
    'GET /api/bots': { items: [], total: 0, page: 1, pageSize: 100 },
    'POST /api/broadcasts': {
      status: 400,
      body: {
        error: {
          name: 'ValidationException',
          message: 'The scheduled time has already passed; choose a later one or send now',
        },
      },
    },
  });
  renderWithApp(<BroadcastsPage />, {
    route,
    path: '/broadcast',
    queryClient: signedInClient(),
  });
  return api;
}

describe('the broadcasts screen', () => {
  it('lists broadcasts with their state and figures, and pauses one', async () => {
    const api = renderPage();
    const list = await screen.findByRole('table', { name: 'Broadcasts' });
    expect(within(list).getByText('Sending')).toBeInTheDocument();
    expect(within(list).getByText('238')).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: 'Pause Back in stock' }));
    await waitFor(() =>
      expect(api.requests.some((request) => request.url.pathname.endsWith('/pause'))).toBe(true),
    );
  });

  it('shows a broadcast’s results with why some were skipped', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Back in stock' }));
    const results = await screen.findByRole('region', { name: 'Results of Back in stock' });
    expect(within(results).getByText('Goals reached')).toBeInTheDocument();
    // Opened and opted out, each under its figure.
    expect(within(results).getByText('Opened').parentElement).toHaveTextContent('88Opened');
    expect(within(results).getByText('Opted out').parentElement).toHaveTextContent('2Opted out');
    expect(
      within(results).getByText("The message’s template failed for them: 'item' is undefined"),
    ).toBeInTheDocument();
  });

  it('opens the results the address names (a report’s link), with Messenger’s window as a reason', async () => {
    renderPage('/broadcast?id=00000000-0000-4000-8000-0000000000b1');
    const results = await screen.findByRole('region', { name: 'Results of Back in stock' });
    expect(
      within(results).getByText(
        'Messenger allows a Page to write only within 24 hours of the person’s last message',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal in the composer', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New broadcast' }));
    const composer = screen.getByRole('region', { name: 'New broadcast' });
    fireEvent.click(within(composer).getByRole('button', { name: 'Send now' }));
    expect(await within(composer).findByText(/scheduled time has already passed/)).toBeInTheDocument();
  });
});
