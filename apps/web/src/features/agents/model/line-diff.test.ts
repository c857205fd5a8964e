import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff';

describe('a line diff of two prompt versions', () => {
  it('keeps common lines and marks what was removed and added, in order', () => {
    expect(
      lineDiff(
        'Be kind.\nAnswer briefly.\nSign as Ana.',
        'Be kind.\nAnswer in detail.\nSign as Ana.\nThanks!',
      ),
    ).toEqual([
      { kind: 'same', text: 'Be kind.' },
      { kind: 'removed', text: 'Answer briefly.' },
      { kind: 'added', text: 'Answer in detail.' },
      { kind: 'same', text: 'Sign as Ana.' },
      { kind: 'added', text: 'Thanks!' },
    ]);
  });

  it('says nothing changed for the same text, and everything for an empty one', () => {
    expect(lineDiff('a\nb', 'a\nb').every((line) => line.kind === 'same')).toBe(true);
    expect(lineDiff('', 'a')).toEqual([
      { kind: 'removed', text: '' },
      { kind: 'added', text: 'a' },
    ]);
  });
});
