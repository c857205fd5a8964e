import type { TranslationUsage } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient, signedInUser } from '../../../test/users';
import { TranslationUsageCard } from './translation-usage-card';

const thisMonth = new Date().toISOString().slice(0, 7);
const usage: TranslationUsage = {
  month: thisMonth,
  characters: 12_000,
  requests: 40,
  bots: [
    { botId: 'b1', name: 'Shop', deleted: false, characters: 9_000, requests: 30 },
    { botId: 'b2', name: 'Old helper', deleted: true, characters: 3_000, requests: 10 },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the company’s translation usage', () => {
  it('shows each bot’s characters and share, and another month on request', async () => {
    const { requests } = fakeApi({
      'GET /api/translation/usage': ({ url }) =>
        url.searchParams.get('month') === thisMonth
          ? usage
          : { month: url.searchParams.get('month'), characters: 0, requests: 0, bots: [] },
    });
    renderWithApp(<TranslationUsageCard />, {
      queryClient: signedInClient(signedInUser()),
      route: '/v2/company/settings',
    });
    const table = await screen.findByRole('table', { name: 'Translation usage by bot' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Shop9,0003075%');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Shop' })).toHaveAttribute(
      'href',
      '/v2/lite/bots/b1/settings/languages',
    );
    // A deleted bot's usage still counts, named as deleted and not linked.
    expect(rows[2]).toHaveTextContent('Old helper (deleted)3,0001025%');
    expect(within(rows[2] as HTMLElement).queryByRole('link')).toBeNull();
    screen.getByText('12,000 characters in 40 requests');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Month' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(12);
    fireEvent.click(options[1] as HTMLElement);
    await screen.findByText(/^No bot had anything translated in /);
    expect(requests.at(-1)?.url.searchParams.get('month')).not.toBe(thisMonth);
  });
});
