import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  forgetContextOf,
  listFilters,
  readInboxView,
  rememberContext,
  rememberedContext,
  writeInboxView,
} from './inbox-view';

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

describe('the remembered company and bot', () => {
  const bot = '00000000-0000-4000-8000-000000000001';
  const company = '00000000-0000-4000-8000-000000000002';

  it('forgets them when a page could not show the ones its address names', () => {
    rememberContext({ companyId: company, botId: bot });
    forgetContextOf(new URLSearchParams({ companyId: company, botId: bot }));
    expect(rememberedContext()).toEqual({ companyId: undefined, botId: undefined });
  });

  it('keeps them when the refused address names others, or none', () => {
    rememberContext({ companyId: company, botId: bot });
    forgetContextOf(new URLSearchParams({ botId: '00000000-0000-4000-8000-000000000003' }));
    forgetContextOf(new URLSearchParams());
    expect(rememberedContext()).toEqual({ companyId: company, botId: bot });
  });
});
