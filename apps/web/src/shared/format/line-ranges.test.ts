import { describe, expect, it } from 'vitest';
import { lineRanges } from './line-ranges';

describe('line numbers as a reader says them', () => {
  it.each([
    [[4], 'en', '4'],
    [[4, 5, 6], 'en', '4–6'],
    [[4, 5], 'en', '4 and 5'],
    [[9, 2, 4, 5, 6], 'en', '2, 4–6, and 9'],
    [[2, 4, 5, 6, 9], 'es', '2, 4–6 y 9'],
    [[3, 3, 7], 'en', '3 and 7'],
  ])('%j in %s reads %s', (lines, language, said) => {
    expect(lineRanges(lines, language)).toBe(said);
  });
});
