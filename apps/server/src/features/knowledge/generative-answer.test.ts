import { describe, expect, it } from 'vitest';
import { chooseSources } from './generative-answer';
import type { RetrievedRow } from './knowledge-search';

const row = (rowNumber: number, rank: number, score: number): RetrievedRow => ({
  kind: 'row',
  sourceId: 'prices',
  sourceName: 'prices',
  rowNumber,
  heading: null,
  text: null,
  score,
  textScore: score,
  vectorScore: null,
  rank,
  fusedScore: 2 / (60 + rank),
  matchedFilters: [],
  cells: {},
  columnOrder: [],
  filterColumns: [],
});

describe('which retrieved rows go to the model', () => {
  it('takes them in fused rank order, the first k scoring the minimum; each says why', () => {
    // Given out of order, and with scores that do not follow the fused rank (a high score ranked low).
    const rows = [row(7, 7, 0.91), row(1, 1, 0.909), row(3, 3, 0.02), row(2, 2, 0.5), row(4, 4, 0.6)];
    rows.push(row(5, 5, 0.7), row(6, 6, 0.8));
    const chosen = chooseSources(rows, 0.05, 5);
    expect(chosen.map((each) => [each.rank, each.reason])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
      [3, 'below-minimum'],
      [4, 'sent'],
      [5, 'sent'],
      [6, 'sent'],
      [7, 'not-in-top-k'],
    ]);
    expect(chosen.filter((each) => each.sent).map((each) => each.rowNumber)).toEqual([1, 2, 4, 5, 6]);
  });

  it('sends none when every row is under the minimum', () => {
    const chosen = chooseSources([row(1, 1, 0.1), row(2, 2, 0.2)], 0.3);
    expect(chosen.map((each) => each.reason)).toEqual(['below-minimum', 'below-minimum']);
  });
});
