import { DEFAULT_GENERATIVE_SETTINGS, type GenerativeTestResponse } from '@parley/contracts';
import { fireEvent, screen } from '@testing-library/react';
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
      sent: true,
      cells: {},
    },
  ],
  prompt: { system: 'Answer from the sources.', user: 'Sources: …' },
  model: 'gpt-4o-mini',
  tokens: { prompt: 40, completion: 9 },
  semantic: true,
  retrievalMs: 12.5,
  durationMs: 80,
};

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
});
