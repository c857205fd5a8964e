import type { WebhookCallResult } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { ids, webhookInstance } from '../../../test/webhooks';
import { InstancesPage } from './instances-page';

const sales = webhookInstance();
const desk = webhookInstance({
  id: ids.otherInstance,
  name: 'Help desk',
  templateName: 'Help desk ticket',
  category: 'support',
  health: {
    deliveries: 0,
    succeeded: 0,
    successRate: null,
    p95Ms: null,
    lastDeliveryAt: null,
    lastOk: null,
  },
});

function renderInstances(routes: Parameters<typeof fakeApi>[0] = {}, route = '/webhook') {
  const api = fakeApi({
    'GET /api/webhooks/instances': ({ url }) =>
      url.searchParams.get('days') === '30'
        ? {
            instances: [
              {
                ...sales,
                health: { ...sales.health, deliveries: 40, succeeded: 30, successRate: 0.75, lastOk: false },
              },
            ],
          }
        : { instances: [sales, desk] },
    ...routes,
  });
  renderWithApp(<InstancesPage />, { route, path: '/webhook', queryClient: signedInClient() });
  return api;
}

/** A webhook's row: its heading sits in the row's middle column. */
const row = (name: string) =>
  screen.getByRole('heading', { name }).parentElement?.parentElement as HTMLElement;

const callResult = (extra: Partial<WebhookCallResult> = {}): WebhookCallResult => ({
  deliveryId: ids.delivery,
  ok: true,
  request: {
    method: 'POST',
    url: 'https://hooks.slack.com/services/••••',
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    body: '{"text": "New lead: ada@example.com"}',
  },
  status: 200,
  durationMs: 95,
  responseBody: 'ok',
  failure: null,
  variables: {},
  ...extra,
});

describe('the company’s webhooks', () => {
  it('lists each webhook with its template and how it fared this week, and where its deliveries are', async () => {
    renderInstances();
    await screen.findByRole('heading', { name: 'Sales channel' });
    const salesRow = row('Sales channel');
    expect(salesRow).toHaveTextContent('Slack message');
    expect(within(salesRow).getByLabelText('The latest delivery succeeded')).toBeInTheDocument();
    expect(salesRow).toHaveTextContent(/100% of 4 deliveries succeeded · p95 120 ms · latest Nov 24, 2026/);
    expect(within(salesRow).getByRole('link', { name: 'Deliveries' })).toHaveAttribute(
      'href',
      `/webhook/deliveries?instanceId=${ids.instance}`,
    );
    expect(row('Help desk')).toHaveTextContent('No deliveries in this period.');
  });

  it('measures health over the period chosen', async () => {
    const { requests } = renderInstances();
    await screen.findByRole('heading', { name: 'Sales channel' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Last 30 days' }));
    await screen.findByText(/75% of 40 deliveries succeeded/);
    expect(within(row('Sales channel')).getByLabelText('The latest delivery failed')).toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('days')).toBe('30');
  });

  it('says when none is installed, and where to find some', async () => {
    fakeApi({ 'GET /api/webhooks/instances': { instances: [] } });
    renderWithApp(<InstancesPage />, { route: '/webhook', path: '/webhook', queryClient: signedInClient() });
    await screen.findByText('No webhooks yet');
    expect(screen.getAllByRole('link', { name: 'Browse the marketplace' })).toHaveLength(2);
  });

  it('removes a webhook after saying what happens to bots that use it', async () => {
    const { requests } = renderInstances({
      [`DELETE /api/webhooks/instances/${ids.instance}`]: { status: 204, body: undefined },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sales channel' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Sales channel?' });
    expect(dialog).toHaveTextContent('Bots that use it will take their failure path.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Sales channel was removed.');
    expect(
      requests.filter((request) => request.method === 'DELETE').map((request) => request.url.pathname),
    ).toEqual([`/api/webhooks/instances/${ids.instance}`]);
  });

  it('says why a webhook could not be removed', async () => {
    renderInstances({
      [`DELETE /api/webhooks/instances/${ids.instance}`]: {
        status: 404,
        body: { error: { name: 'NotFoundException', message: 'This webhook was already removed' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sales channel' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Sales channel?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await within(dialog).findByText('This webhook was already removed');
    // Asked again about another, the earlier failure is not shown.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Help desk' }));
    const second = screen.getByRole('dialog', { name: 'Remove Help desk?' });
    expect(within(second).queryByText('This webhook was already removed')).not.toBeInTheDocument();
  });
});

describe('testing a webhook', () => {
  it('sends a sample conversation with the bot fields’ starting values, and shows what was sent and came back', async () => {
    const { requests } = renderInstances({
      [`GET /api/webhooks/instances/${ids.instance}`]: sales,
      [`POST /api/webhooks/instances/${ids.instance}/test`]: callResult({ variables: { ts: '1732' } }),
    });
    fireEvent.click(
      within(
        await screen.findByRole('heading', { name: 'Sales channel' }).then(() => row('Sales channel')),
      ).getByRole('button', { name: 'Test' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Test Sales channel' });
    const message = await within(dialog).findByRole('textbox', { name: 'Message' });
    expect(message).toHaveValue('New lead: {{ email }}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await within(dialog).findByText('Delivered');
    expect(dialog).toHaveTextContent('Status 200 in 95 ms');
    expect(within(dialog).getByLabelText('Sent (secrets masked)', { selector: 'pre' })).toHaveTextContent(
      'POST https://hooks.slack.com/services/••••',
    );
    expect(within(dialog).getByLabelText('Received', { selector: 'pre' })).toHaveTextContent('ok');
    expect(
      within(dialog).getByLabelText('Variables set from the answer', { selector: 'pre' }),
    ).toHaveTextContent('"ts": "1732"');
    const sent = requests.find((request) => request.method === 'POST')?.body as {
      variables: Record<string, unknown>;
      botFields: Record<string, string>;
    };
    expect(sent.botFields).toEqual({ text: 'New lead: {{ email }}' });
    expect(sent.variables).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('opens from the address after installing, and refuses variables that are not a JSON object', async () => {
    const { requests } = renderInstances(
      {
        [`GET /api/webhooks/instances/${ids.instance}`]: sales,
        [`POST /api/webhooks/instances/${ids.instance}/test`]: callResult({
          ok: false,
          status: 404,
          responseBody: '',
          failure: { reason: 'error_status', message: 'no_service' },
        }),
      },
      `/webhook?test=${ids.instance}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Test Sales channel' });
    const variables = within(dialog).getByRole('textbox', { name: 'Conversation variables (JSON)' });
    fireEvent.change(variables, { target: { value: '["Ada"]' } });
    expect(within(dialog).getByText('Write a JSON object, such as {"name": "Ada"}.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send test' })).toBeDisabled();
    fireEvent.change(variables, { target: { value: '{"email": "grace@example.com"}' } });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hello {{ email }}' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await within(dialog).findByText('Failed');
    expect(dialog).toHaveTextContent('Answered with error 404 — no_service');
    expect(within(dialog).getByLabelText('Received', { selector: 'pre' })).toHaveTextContent('(empty)');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      variables: { email: 'grace@example.com' },
      botFields: { text: 'Hello {{ email }}' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
