import type { BotList, BroadcastFigures, BroadcastReport } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/api';
import { botDetail } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { BroadcastsCard } from './broadcasts-card';
import { ReportsLayout } from './reports-layout';

const BOT_ID = '0b2f3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d';
const BROADCAST_ID = '00000000-0000-4000-8000-0000000000b1';

const companyBots: BotList = {
  items: [(({ flow: _f, draft_revision: _r, ...bot }) => bot)(botDetail({ id: BOT_ID, name: 'Front desk' }))],
  total: 1,
  page: 1,
  pageSize: 100,
};

const figures = (sent: number, extra: Partial<BroadcastFigures> = {}): BroadcastFigures => ({
  recipients: sent + 4,
  queued: 0,
  sent,
  delivered: sent - 10,
  failed: 1,
  skipped: 3,
  cancelled: 0,
  opened: Math.round(sent / 2),
  replied: 31,
  optedOut: 2,
  goals: 9,
  ...extra,
});

function report(range: { from: string; to: string }, compare: boolean): BroadcastReport {
  const backInStock = figures(336);
  return {
    range,
    previousRange: compare ? { from: '2026-10-12', to: '2026-10-31' } : null,
    updatedAt: '2026-11-25T07:59:00.000Z',
    totals: { ...backInStock, broadcasts: 1 },
    previousTotals: compare ? { ...figures(168), broadcasts: 1 } : null,
    broadcasts: [
      {
        id: BROADCAST_ID,
        name: 'Back in stock',
        botId: BOT_ID,
        state: 'done',
        startedAt: '2026-11-12T09:00:00.000Z',
        channels: ['webchat', 'messenger'],
        figures: backInStock,
      },
    ],
  };
}

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

function renderCard(address: string) {
  return renderWithApp(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/v2/reports" element={<ReportsLayout />}>
          <Route path="business" element={<BroadcastsCard />} />
        </Route>
        <Route path="/broadcast" element={<p>Broadcasts page</p>} />
      </Routes>
      <Address />
    </MemoryRouter>,
    { queryClient: signedInClient() },
  );
}

describe('the broadcasts in the business report', () => {
  it('shows the period’s broadcast figures for the bot, each broadcast linking to its results', async () => {
    const { requests } = fakeApi({
      'GET /api/bots': companyBots,
      'GET /api/reports/insights/domains': { items: [] },
      'GET /api/reports/broadcasts': ({ url }) =>
        report(
          { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' },
          url.searchParams.get('compare') === 'true',
        ),
    });
    renderCard(`/v2/reports/business?range=custom&from=2026-11-01&to=2026-11-20&botId=${BOT_ID}`);

    const card = await screen.findByRole('region', { name: 'Broadcasts' });
    expect(within(within(card).getByRole('group', { name: 'Sent' })).getByText('336')).toBeInTheDocument();
    const read = within(card).getByRole('group', { name: 'Read' });
    expect(within(read).getByText('168')).toBeInTheDocument();
    expect(within(read).getByText('50% of sent')).toBeInTheDocument();
    // Failed and skipped together: what was not sent.
    expect(within(within(card).getByRole('group', { name: 'Not sent' })).getByText('4')).toBeInTheDocument();
    const asked = requests.find((request) => request.url.pathname === '/api/reports/broadcasts');
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({
      botId: BOT_ID,
      from: '2026-11-01',
      to: '2026-11-20',
    });

    const table = within(card).getByRole('table', { name: 'Broadcasts of the period' });
    expect(within(table).getByText('Messenger')).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '31' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: 'Compare with previous period' }));
    await within(within(card).getByRole('group', { name: 'Sent' })).findByText('+100% vs previous period');

    fireEvent.click(within(table).getByRole('link', { name: 'Back in stock' }));
    expect(await screen.findByText('Broadcasts page')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      `/broadcast?id=${BROADCAST_ID}`,
    );
  });

  it('says when no broadcast began in the period', async () => {
    fakeApi({
      'GET /api/bots': companyBots,
      'GET /api/reports/insights/domains': { items: [] },
      'GET /api/reports/broadcasts': ({ url }) => ({
        ...report({ from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' }, false),
        totals: {
          ...figures(0, {
            recipients: 0,
            delivered: 0,
            failed: 0,
            skipped: 0,
            replied: 0,
            optedOut: 0,
            goals: 0,
          }),
          broadcasts: 0,
        },
        broadcasts: [],
      }),
    });
    renderCard('/v2/reports/business?range=custom&from=2026-11-01&to=2026-11-20');
    const card = await screen.findByRole('region', { name: 'Broadcasts' });
    expect(within(card).getByText('No broadcast began sending in this period.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open broadcasts' })).toHaveAttribute('href', '/broadcast');
  });
});
