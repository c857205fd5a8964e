import { describe, expect, it } from 'vitest';
import { activeFilterCount, listFilters, readInboxView, writeInboxView } from './inbox-view';

const company = '0b9f7c4e-58a4-4c8e-9a51-1f8f3c2b7d10';
const bot = '5a2d3c1b-0e9f-4a8b-8c7d-6e5f4a3b2c1d';

describe('the inbox address', () => {
  it('round-trips company, bot, conversation and filters', () => {
    const view = readInboxView(
      new URLSearchParams(
        `companyId=${company}&botId=${bot}&conversationId=${bot}&status=waiting&hasHandoff=true&q=refund&from=2026-11-01`,
      ),
    );
    expect(view).toEqual({
      companyId: company,
      botId: bot,
      conversationId: bot,
      status: 'waiting',
      hasHandoff: true,
      q: 'refund',
      from: '2026-11-01',
    });
    expect(readInboxView(writeInboxView(view))).toEqual(view);
    expect(activeFilterCount(view)).toBe(4);
  });

  it('leaves out what is not valid instead of sending it to the server', () => {
    expect(
      readInboxView(
        new URLSearchParams('companyId=nope&status=lost&from=2026-13-45&hasFallback=yes&q=%20%20'),
      ),
    ).toEqual({});
  });

  it('turns days into the whole of each day', () => {
    const filters = listFilters({ from: '2026-11-01', to: '2026-11-02', hasFallback: true });
    expect(new Date(filters.from as string).getHours()).toBe(0);
    expect(new Date(filters.to as string).getHours()).toBe(23);
    expect(filters.hasFallback).toBe('true');
    expect(filters.hasHandoff).toBeUndefined();
  });
});
