import type { WebhookCallResult } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { delivery, deliverySummary, ids } from '../../../test/webhooks';
import { DeliveryPage } from './delivery-page';

const failed = delivery({
  ok: false,
  status: 503,
  durationMs: 1200,
  failure: { reason: 'error_status', message: 'Service Unavailable' },
  responseBody: '',
});

const replayResult = (ok: boolean): WebhookCallResult => ({
  deliveryId: ids.replay,
  ok,
  request: failed.request,
  status: ok ? 200 : 503,
  durationMs: 90,
  responseBody: ok ? 'ok' : '',
  failure: ok ? null : { reason: 'error_status', message: 'Service Unavailable' },
  variables: {},
});

function renderDelivery(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  renderWithApp(<DeliveryPage />, {
    route: `/webhook/deliveries/${ids.delivery}`,
    path: '/webhook/deliveries/:deliveryId',
    queryClient: signedInClient(),
  });
  return api;
}

describe('a delivery’s page', () => {
  it('shows what was sent, secrets masked, what came back and why it failed', async () => {
    renderDelivery({ [`GET /api/webhooks/deliveries/${ids.delivery}`]: failed });
    await screen.findByRole('heading', { name: 'Delivery to Sales channel' });
    expect(screen.getByLabelText('Failed')).toBeInTheDocument();
    expect(screen.getByText('503 · 1200 ms · Answered with error 503')).toBeInTheDocument();
    expect(screen.getByText('Service Unavailable', { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText('Request sent', { selector: 'pre' })).toHaveTextContent(
      'POST https://hooks.slack.com/services/•••• Content-Type: application/json {"text": "New lead: ada@example.com"}',
    );
    expect(screen.getByText('Secrets are masked; the receiver got the real values.')).toBeInTheDocument();
    expect(screen.getByLabelText('Response', { selector: 'pre' })).toHaveTextContent('(empty)');
    // The bot and the conversation lead to their deliveries.
    expect(screen.getByRole('link', { name: 'Front desk' })).toHaveAttribute(
      'href',
      `/webhook/deliveries?botId=${ids.bot}`,
    );
    expect(screen.getByRole('link', { name: ids.conversation.slice(0, 8) })).toHaveAttribute(
      'href',
      `/webhook/deliveries?conversationId=${ids.conversation}`,
    );
  });

  it('lists the attempts and replays of a delivery, each leading to its own', async () => {
    const first = deliverySummary({ ok: false, status: 500, attempt: 1 });
    const second = deliverySummary({
      id: ids.replay.replace('402', '403'),
      attempt: 2,
      retryOf: ids.delivery,
    });
    const replay = deliverySummary({
      id: ids.replay,
      kind: 'replay',
      replayOf: ids.delivery,
      createdAt: '2026-11-24T15:00:00.000Z',
    });
    renderDelivery({
      [`GET /api/webhooks/deliveries/${ids.delivery}`]: delivery({
        ok: false,
        status: 500,
        attempts: [first, second],
        replays: [replay],
      }),
    });
    const attempts = (await screen.findByRole('heading', { name: 'Attempts' })).parentElement as HTMLElement;
    expect(within(attempts).getByText('Attempt 1 · this one')).toBeInTheDocument();
    expect(within(attempts).getByRole('link', { name: 'Attempt 2' })).toHaveAttribute(
      'href',
      `/webhook/deliveries/${second.id}`,
    );
    const replays = screen.getByRole('heading', { name: 'Replays' }).parentElement as HTMLElement;
    expect(within(replays).getByRole('link')).toHaveAttribute('href', `/webhook/deliveries/${ids.replay}`);
    expect(within(replays).getByRole('link')).toHaveTextContent(/Nov 24, 2026/);
  });

  it('sends a delivery again after saying what that does, and goes to the new one', async () => {
    const { requests } = renderDelivery({
      [`GET /api/webhooks/deliveries/${ids.delivery}`]: failed,
      [`POST /api/webhooks/deliveries/${ids.delivery}/replay`]: { status: 201, body: replayResult(true) },
      [`GET /api/webhooks/deliveries/${ids.replay}`]: delivery({
        id: ids.replay,
        kind: 'replay',
        replayOf: ids.delivery,
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this delivery again?' });
    expect(dialog).toHaveTextContent(
      'Sales channel will be called again at https://hooks.slack.com/services/••••, with the same conversation values',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send again' }));
    await screen.findByText('Sent again: the receiver accepted it.');
    // The new delivery's page, a replay of the first.
    expect(await screen.findByRole('link', { name: 'the original delivery' })).toHaveAttribute(
      'href',
      `/webhook/deliveries/${ids.delivery}`,
    );
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname),
    ).toEqual([`/api/webhooks/deliveries/${ids.delivery}/replay`]);
  });

  it('says when sending again failed too', async () => {
    renderDelivery({
      [`GET /api/webhooks/deliveries/${ids.delivery}`]: failed,
      [`POST /api/webhooks/deliveries/${ids.delivery}/replay`]: { status: 201, body: replayResult(false) },
      [`GET /api/webhooks/deliveries/${ids.replay}`]: delivery({ id: ids.replay, kind: 'replay', ok: false }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send again' }));
    await screen.findByText('Sent again, and it failed: see why below.');
  });

  it('shows the server’s reason in the dialog when it refuses to send again', async () => {
    renderDelivery({
      [`GET /api/webhooks/deliveries/${ids.delivery}`]: failed,
      [`POST /api/webhooks/deliveries/${ids.delivery}/replay`]: {
        status: 409,
        body: {
          error: {
            name: 'ConflictException',
            message: 'Its webhook was removed, so this delivery cannot be sent again',
          },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await within(dialog).findByText('Its webhook was removed, so this delivery cannot be sent again');
    // Still open, to cancel or try again.
    expect(within(dialog).getByRole('button', { name: 'Send again' })).toBeEnabled();
  });

  it('cannot send again a delivery that was not kept for it, and says why', async () => {
    renderDelivery({
      [`GET /api/webhooks/deliveries/${ids.delivery}`]: delivery({
        replayable: false,
        instanceId: null,
        instanceName: null,
      }),
    });
    await screen.findByRole('heading', { name: 'Delivery to Removed webhook' });
    expect(screen.getByRole('button', { name: 'Send again' })).toBeDisabled();
    expect(screen.getByText(/^This delivery cannot be sent again/)).toBeInTheDocument();
  });
});
