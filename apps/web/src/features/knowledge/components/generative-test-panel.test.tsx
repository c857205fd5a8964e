import { DEFAULT_GENERATIVE_SETTINGS, type GenerativeTestResponse } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { signedInClient } from '../../../test/users';
import { GenerativeTestPanel } from './generative-test-panel';

const answered: GenerativeTestResponse = {
  outcome: 'answered',
  answer: 'Refunds reach your card within five working days. [1]',
  citations: [{ sourceId: 's1', sourceName: 'returns', heading: 'Refunds', keys: [] }],
  retrieved: [
    {
      kind: 'chunk',
      sourceId: 's1',
      sourceName: 'returns',
      rowNumber: 1,
      heading: 'Refunds',
      text: 'Refunds reach your card within five working days.',
      score: 0.62,
      textScore: 0,
      vectorScore: 0.62,
      rank: 1,
      fusedScore: 0.0328,
      sent: true,
      reason: 'sent',
      cells: {},
    },
  ],
  sentLimit: 5,
  prompt: { system: 'Answer from the sources.', user: 'Sources: …' },
  model: 'gpt-4o-mini',
  tokens: { prompt: 40, completion: 9 },
  semantic: true,
  retrievalMs: 12.5,
  durationMs: 80,
};

const row = (rank: number, score: number, reason: 'sent' | 'not-in-top-k' | 'below-minimum') => ({
  kind: 'row' as const,
  sourceId: 'prices',
  sourceName: 'prices',
  rowNumber: rank * 10,
  heading: null,
  text: null,
  score,
  textScore: score,
  vectorScore: null,
  rank,
  fusedScore: 2 / (60 + rank),
  sent: reason === 'sent',
  reason,
  cells: { Product: `Item ${rank}` },
});

afterEach(() => vi.unstubAllGlobals());

describe('the generative test panel', () => {
  it('shows a result found by meaning with its word and meaning scores, and says how it searched', async () => {
    const { requests } = fakeApi({ 'POST /api/bots/b1/generative/test': answered });
    renderWithApp(<GenerativeTestPanel botId="b1" settings={DEFAULT_GENERATIVE_SETTINGS} />, {
      queryClient: signedInClient(),
    });
    fireEvent.change(screen.getByLabelText('Question'), {
      target: { value: 'When do I get my money back?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByText(/searched by words and meaning/);
    const table = screen.getByRole('table', { name: 'Retrieved rows' });
    expect(table).toHaveTextContent('words 0');
    expect(table).toHaveTextContent('meaning 0.62');
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      question: 'When do I get my money back?',
    });
  });

  it('lists the rows by the fused rank that decides, each with the server’s reason', async () => {
    // The server's order is the rank's; given shuffled, the panel still shows them by rank.
    const ranked: GenerativeTestResponse = {
      ...answered,
      semantic: false,
      retrieved: [row(3, 0.02, 'below-minimum'), row(1, 0.909, 'sent'), row(7, 0.91, 'not-in-top-k')],
      sentLimit: 5,
    };
    fakeApi({ 'POST /api/bots/b1/generative/test': ranked });
    renderWithApp(<GenerativeTestPanel botId="b1" settings={DEFAULT_GENERATIVE_SETTINGS} />, {
      queryClient: signedInClient(),
    });
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'socks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const table = await screen.findByRole('table', { name: 'Retrieved rows' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    const rankCells = bodyRows.map((each) => within(each).getAllByRole('cell')[0]);
    expect(rankCells.map((cell) => cell?.querySelector('p')?.textContent)).toEqual(['1', '3', '7']);
    expect(rankCells.map((cell) => cell?.querySelector('[title]')?.getAttribute('title'))).toEqual([
      'fused 0.0328',
      'fused 0.0317',
      'fused 0.0299',
    ]);
    expect(bodyRows.map((each) => within(each).getAllByRole('cell')[3]?.textContent)).toEqual([
      'Sent',
      'Below the minimum (0.05)',
      'Not in the top 5',
    ]);
    expect(screen.getByText(/the first 5 scoring at least 0.05 are sent to the model/)).toBeInTheDocument();
  });
});
