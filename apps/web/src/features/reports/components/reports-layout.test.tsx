import type { BotList, TrafficReport, TrafficTotals } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { botDetail } from '../../../test/bots';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { ReportsLayout } from './reports-layout';
import { TrafficReportPage } from './traffic-report';

const BOT_ID = '0b2f3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d';

const totals = (pageViews: number, conversationsStarted: number): TrafficTotals => ({
  pageViews,
  visitors: Math.round(pageViews / 3),
  sessions: Math.round(pageViews / 2),
  widgetOpens: Math.round(pageViews / 5),
  conversationsStarted,
});

function trafficReport(range: { from: string; to: string }, figures: TrafficTotals): TrafficReport {
  return {
    range,
    previousRange: null,
    updatedAt: '2026-11-25T07:59:00.000Z',
    totals: figures,
    previousTotals: null,
    visitorsEstimated: false,
    days: [{ date: range.to, ...figures }],
    hoursOfWeek: figures.pageViews
      ? [
          {
            weekday: 2,
            hour: 10,
            pageViews: figures.pageViews,
            conversationsStarted: figures.conversationsStarted,
          },
        ]
      : [],
    topPages: figures.pageViews
      ? [{ domain: 'seaside.example', url: 'https://seaside.example/rooms', pageViews: figures.pageViews }]
      : [],
  };
}

const companyBots: BotList = {
  items: [(({ flow: _f, draft_revision: _r, ...bot }) => bot)(botDetail({ id: BOT_ID, name: 'Front desk' }))],
  total: 1,
  page: 1,
  pageSize: 100,
};

/** Where the app is, as the address bar would show it. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

function renderReports(address: string) {
  return renderWithApp(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/v2/reports" element={<ReportsLayout />}>
          <Route index element={<TrafficReportPage />} />
          <Route path="business" element={<p>Business report</p>} />
        </Route>
      </Routes>
      <Address />
    </MemoryRouter>,
    { queryClient: signedInClient() },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the reports', () => {
  it('show the traffic of the period in the address, for the bot in the address', async () => {
    const { requests } = fakeApi({
      'GET /api/bots': companyBots,
      'GET /api/reports/insights/domains': { items: [] },
      'GET /api/reports/traffic': ({ url }) =>
        trafficReport(
          { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' },
          totals(1200, 85),
        ),
    });
    renderReports(`/v2/reports?range=custom&from=2026-11-01&to=2026-11-20&botId=${BOT_ID}`);

    const pageViews = await screen.findByRole('group', { name: 'Page views' });
    expect(within(pageViews).getByText('1,200')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Conversations started' })).getByText('85'),
    ).toBeInTheDocument();
    const asked = requests.find((request) => request.url.pathname === '/api/reports/traffic');
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({
      botId: BOT_ID,
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(screen.getByRole('table', { name: 'Top pages' })).toHaveTextContent('seaside.example/rooms');
    expect(screen.getByRole('cell', { name: /10:00: 1,200$/ })).toBeInTheDocument();
  });

  it('keep the period when switching tabs, and ask for the comparison when it is turned on', async () => {
    const { requests } = fakeApi({
      'GET /api/bots': companyBots,
      'GET /api/reports/insights/domains': { items: [] },
      'GET /api/reports/traffic': ({ url }) => ({
        ...trafficReport(
          { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' },
          totals(300, 30),
        ),
        ...(url.searchParams.get('compare') === 'true'
          ? { previousRange: { from: '2026-10-12', to: '2026-10-31' }, previousTotals: totals(200, 40) }
          : {}),
      }),
    });
    renderReports('/v2/reports?range=custom&from=2026-11-01&to=2026-11-20');
    await screen.findByRole('group', { name: 'Page views' });

    fireEvent.click(screen.getByRole('switch', { name: 'Compare with previous period' }));
    const pageViews = screen.getByRole('group', { name: 'Page views' });
    await within(pageViews).findByText('+50% vs previous period');
    // Fewer conversations than before reads as a fall.
    expect(
      within(screen.getByRole('group', { name: 'Conversations started' })).getByText(
        '-25% vs previous period',
      ),
    ).toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('compare')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: 'Business' }));
    await screen.findByText('Business report');
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(
      '/v2/reports/business?from=2026-11-01&to=2026-11-20&compare=true',
    );
  });

  it('tell a period without traffic how to get some, and refuse a range that ends before it starts', async () => {
    fakeApi({
      'GET /api/bots': companyBots,
      'GET /api/reports/insights/domains': { items: [] },
      'GET /api/reports/traffic': ({ url }) =>
        trafficReport(
          { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' },
          totals(0, 0),
        ),
    });
    renderReports('/v2/reports?range=custom&from=2026-11-01&to=2026-11-20');
    await screen.findByText('No traffic recorded in this period');
    expect(screen.getByRole('link', { name: 'How to add the widget' })).toHaveAttribute(
      'href',
      '/v2/conversational-web-sdk',
    );

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    await screen.findByText('Pick a start before the end, at most a year apart');
    // The report stays on the last valid period.
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toContain('to=2026-11-20');
  });

  it('offer a retry when the report cannot be loaded', async () => {
    let failing = true;
    fakeApi({
      'GET /api/bots': companyBots,
      'GET /api/reports/insights/domains': { items: [] },
      'GET /api/reports/traffic': ({ url }) =>
        failing
          ? { status: 500, body: { error: { name: 'InternalException', message: 'Something broke' } } }
          : trafficReport(
              { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' },
              totals(10, 1),
            ),
    });
    renderReports('/v2/reports?range=last7');
    await screen.findByText('Something went wrong while loading this report.');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Page views' })).toHaveTextContent('10'));
  });
});
