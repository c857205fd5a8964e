import { type WebhookDeliverySummary, webhookDeliveryListQuerySchema } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { deliverySummary, ids, webhookInstance } from '../../../test/webhooks';
import { DeliveriesPage } from './deliveries-page';

const id = (n: number) => `0b6f4c1e-1d2a-4c3b-9e8f-${String(n).padStart(12, '0')}`;

const log: WebhookDeliverySummary[] = [
  deliverySummary({ id: id(901), createdAt: '2026-11-24T12:00:00.000Z' }),
  deliverySummary({
    id: id(902),
    createdAt: '2026-11-24T11:00:00.000Z',
    ok: false,
    status: 500,
    durationMs: 240,
    failure: { reason: 'error_status', message: 'Internal Server Error' },
    attempt: 2,
  }),
  deliverySummary({
    id: id(903),
    createdAt: '2026-11-24T10:00:00.000Z',
    instanceId: ids.otherInstance,
    instanceName: 'Help desk',
    url: 'https://desk.example.com/api/tickets',
    kind: 'test',
    botId: null,
    botName: null,
    conversationId: null,
    ok: false,
    status: null,
    durationMs: 10_000,
    failure: { reason: 'timeout', message: 'No answer in 10 s' },
  }),
  deliverySummary({
    id: id(904),
    createdAt: '2026-11-24T09:00:00.000Z',
    instanceId: null,
    instanceName: null,
  }),
];

/**
 * The delivery log as the server answers it: the query checked by the route's own schema (a bad
 * one is a 400), filtered, two to a page.
 */
function server(deliveries = log) {
  return ({ url }: { url: URL }): FakeAnswer => {
    const parsed = webhookDeliveryListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success)
      return { status: 400, body: { error: { name: 'ValidationException', message: parsed.error.message } } };
    const query = parsed.data;
    const matching = deliveries.filter(
      (delivery) =>
        (!query.instanceId || delivery.instanceId === query.instanceId) &&
        (!query.botId || delivery.botId === query.botId) &&
        (!query.outcome || delivery.ok === (query.outcome === 'succeeded')) &&
        (!query.kind || delivery.kind === query.kind) &&
        (!query.from || delivery.createdAt >= new Date(query.from).toISOString()) &&
        (!query.to || delivery.createdAt < new Date(query.to).toISOString()) &&
        (!query.search ||
          `${delivery.url} ${delivery.failure?.message ?? ''}`
            .toLowerCase()
            .includes(query.search.toLowerCase())),
    );
    const start = query.cursor ? Number(query.cursor) : 0;
    return {
      deliveries: matching.slice(start, start + 2),
      nextCursor: start + 2 < matching.length ? String(start + 2) : null,
    };
  };
}

function renderLog(route = '/webhook/deliveries', deliveries = log) {
  const api = fakeApi({
    'GET /api/webhooks/deliveries': server(deliveries),
    'GET /api/webhooks/instances': {
      instances: [webhookInstance(), webhookInstance({ id: ids.otherInstance, name: 'Help desk' })],
    },
  });
  renderWithApp(<DeliveriesPage />, { route, path: '/webhook/deliveries', queryClient: signedInClient() });
  return api;
}

const rows = () => screen.queryAllByTestId('delivery-row');
const lastQuery = (requests: { url: URL }[]) =>
  Object.fromEntries(
    requests.filter((request) => request.url.pathname === '/api/webhooks/deliveries').at(-1)?.url
      .searchParams ?? [],
  );

/** Picks an option of a select field. */
function choose(field: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: field }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('the delivery log', () => {
  it('lists deliveries newest first: outcome, webhook and address, bot, kind and attempt, status and time', async () => {
    renderLog();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByLabelText('Succeeded')).toBeInTheDocument();
    expect(first).toHaveTextContent('Sales channel');
    expect(first).toHaveTextContent('POST https://hooks.slack.com/services/••••');
    expect(first).toHaveTextContent('Front desk');
    expect(first).toHaveTextContent('200 · 83 ms');
    expect(within(second).getByLabelText('Failed')).toBeInTheDocument();
    expect(second).toHaveTextContent('500 · 240 ms · Answered with error 500');
    expect(within(second).getByText('Attempt 2')).toBeInTheDocument();
  });

  it('shows older deliveries a page at a time, and a removed webhook as removed', async () => {
    const { requests } = renderLog();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Show older deliveries' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(lastQuery(requests).cursor).toBe('2');
    const [, , test, removed] = rows() as HTMLElement[];
    expect(test).toHaveTextContent('no response · 10000 ms · No answer in time');
    expect(within(test as HTMLElement).getByText('Test')).toBeInTheDocument();
    expect(removed).toHaveTextContent('Removed webhook');
    expect(screen.queryByRole('button', { name: 'Show older deliveries' })).not.toBeInTheDocument();
  });

  it('filters by webhook, result and kind, each asked of the server', async () => {
    const { requests } = renderLog();
    await waitFor(() => expect(rows()).toHaveLength(2));
    choose('Webhook', 'Help desk');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastQuery(requests)).toMatchObject({ instanceId: ids.otherInstance });
    choose('Webhook', 'All');
    choose('Result', 'Failed');
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ outcome: 'failed' }));
    expect(lastQuery(requests).instanceId).toBeUndefined();
    choose('Kind', 'Replay');
    await screen.findByText('No deliveries match these filters.');
    expect(lastQuery(requests)).toMatchObject({ outcome: 'failed', kind: 'replay' });
  });

  it('narrows the log to the days picked, the whole last day included, kept in the address', async () => {
    const { requests } = renderLog(
      '/webhook/deliveries',
      log.map((delivery, n) => ({ ...delivery, createdAt: `2026-11-2${4 - n}T12:00:00.000Z` })),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    fireEvent.change(from, { target: { value: '2026-11-22' } });
    await waitFor(() => expect(lastQuery(requests).from).toBe(new Date('2026-11-22T00:00:00').toISOString()));
    expect(to).toHaveAttribute('min', '2026-11-22');
    fireEvent.change(to, { target: { value: '2026-11-23' } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    // The day after the last, at the start of the person's day: the server's `to` is exclusive.
    expect(lastQuery(requests).to).toBe(new Date('2026-11-24T00:00:00').toISOString());
    expect(from).toHaveAttribute('max', '2026-11-23');
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('Nov 23, 2026'),
      expect.stringContaining('Nov 22, 2026'),
    ]);
    fireEvent.change(from, { target: { value: '' } });
    await waitFor(() => expect(lastQuery(requests).from).toBeUndefined());
    expect(lastQuery(requests).to).toBeDefined();
  });

  it('reads the days from the address, and leaves out a day it cannot read', async () => {
    const { requests } = renderLog('/webhook/deliveries?from=2026-11-20&to=yesterday');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-20');
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(lastQuery(requests).from).toBe(new Date('2026-11-20T00:00:00').toISOString());
    expect(lastQuery(requests).to).toBeUndefined();
  });

  it('searches addresses and errors once typing pauses', async () => {
    const { requests } = renderLog();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const asked = requests.length;
    const search = screen.getByRole('textbox', { name: 'Search addresses and errors' });
    fireEvent.change(search, { target: { value: 'desk' } });
    fireEvent.change(search, { target: { value: 'desk.example ' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Help desk');
    const searches = requests.slice(asked).filter((request) => request.url.searchParams.has('search'));
    expect(searches.map((request) => request.url.searchParams.get('search'))).toEqual(['desk.example']);
  });

  it('takes a long pasted address as a search, up to what the server searches', async () => {
    const long = `https://desk.example.com/api/tickets?${'x'.repeat(120)}`;
    renderLog('/webhook/deliveries', [
      ...log.slice(0, 2),
      { ...(log[2] as WebhookDeliverySummary), url: long },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const search = screen.getByRole('textbox', { name: 'Search addresses and errors' });
    fireEvent.change(search, { target: { value: long } });
    // The server searches 100 characters at most: more made the whole log fail to load.
    expect(search).toHaveValue(long.slice(0, 100));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Help desk');
    expect(screen.queryByText('The delivery log could not be loaded.')).not.toBeInTheDocument();
  });

  it('reads its filters from the address: one bot’s deliveries, with a chip that lifts it', async () => {
    const { requests } = renderLog(`/webhook/deliveries?botId=${ids.bot}&outcome=failed`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastQuery(requests)).toMatchObject({ botId: ids.bot, outcome: 'failed' });
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveTextContent('Failed');
    const chip = screen.getByRole('button', { name: 'Bot: Front desk' });
    fireEvent.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(lastQuery(requests).botId).toBeUndefined());
    expect(screen.queryByRole('button', { name: 'Bot: Front desk' })).not.toBeInTheDocument();
  });

  it('says when nothing was delivered yet', async () => {
    renderLog('/webhook/deliveries', []);
    await screen.findByText(
      'No deliveries yet. They appear here as soon as a bot or a test calls a webhook.',
    );
  });

  it('says when the log cannot be loaded', async () => {
    fakeApi({
      'GET /api/webhooks/deliveries': {
        status: 400,
        body: { error: { name: 'ValidationException', message: 'bad cursor' } },
      },
      'GET /api/webhooks/instances': { instances: [] },
    });
    renderWithApp(<DeliveriesPage />, { route: '/webhook/deliveries', queryClient: signedInClient() });
    await screen.findByText('The delivery log could not be loaded.');
  });

  it('opens a delivery from its row', async () => {
    renderLog();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(rows()[1] as HTMLElement);
    await screen.findByText('Elsewhere');
  });
});
