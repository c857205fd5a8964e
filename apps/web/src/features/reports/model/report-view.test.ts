import { describe, expect, it } from 'vitest';
import { presetRange, readReportView, reportQuery, writeReportView } from './report-view';

const today = new Date('2026-11-22T15:00:00Z');
const company = '11111111-1111-4111-8111-111111111111';
const bot = '22222222-2222-4222-8222-222222222222';

describe('report view in the address', () => {
  it('computes presets in whole UTC days', () => {
    expect(presetRange('last7', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('last30', today)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(presetRange('thisMonth', today)).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('lastMonth', new Date('2026-01-05T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('round-trips company, bot, range, comparison and domain', () => {
    const view = readReportView(
      new URLSearchParams({
        companyId: company,
        botId: bot,
        from: '2026-09-01',
        to: '2026-09-30',
        compare: 'true',
        domain: 'Shop.Example',
      }),
      today,
    );
    expect(view).toEqual({
      companyId: company,
      botId: bot,
      preset: 'custom',
      from: '2026-09-01',
      to: '2026-09-30',
      compare: true,
      domain: 'shop.example',
    });
    expect(readReportView(writeReportView(view), today)).toEqual(view);
    expect(writeReportView({ ...view, preset: 'last7', ...presetRange('last7', today) }).get('range')).toBe(
      'last7',
    );
  });

  it('falls back to the last 30 days for a range that is missing, reversed or too long', () => {
    for (const search of [
      '',
      'from=2026-10-10&to=2026-10-01',
      'from=2024-01-01&to=2026-01-01',
      'from=nope&to=2026-10-01',
      'botId=not-an-id',
    ]) {
      const view = readReportView(new URLSearchParams(search), today);
      expect(view).toMatchObject({ preset: 'last30', from: '2026-10-24', to: '2026-11-22', compare: false });
      expect(view.botId).toBeUndefined();
    }
  });

  it('names the company in requests only when it is not the person’s own', () => {
    const view = readReportView(
      new URLSearchParams({ companyId: company, range: 'last7', domain: 'a.example' }),
      today,
    );
    expect(reportQuery(view, company).toString()).toBe('from=2026-11-16&to=2026-11-22&domain=a.example');
    expect(reportQuery(view, 'someone-else', false).get('companyId')).toBe(company);
  });
});
