import { describe, expect, it } from 'vitest';
import { listTime, personOf, plainPreview, responseText } from './format';

describe('how the inbox words things', () => {
  it('previews Markdown as plain text', () => {
    expect(plainPreview('Hi! **How can I help?**')).toBe('Hi! How can I help?');
    expect(plainPreview('Read [our terms](https://example.com) and _this_ `code`')).toBe(
      'Read our terms and this code',
    );
    expect(plainPreview('# Title\n- one\n- two')).toBe('Title one two');
    expect(plainPreview('2 * 3 = 6 and snake_case_name')).toBe('2 * 3 = 6 and snake_case_name');
  });

  it.each([
    ['See <https://example.com/hours>.', 'See https://example.com/hours.'],
    ['See https://example.com/hours.', 'See https://example.com/hours.'],
    ['(more at <https://example.com/docs>)', '(more at https://example.com/docs)'],
    ['[Docs](https://en.wikipedia.org/wiki/Bot_(program)).', 'Docs.'],
    ['[Your order](https://shop.example.com/o%20%282%29) is ready', 'Your order is ready'],
    ['Mail <ada@example.com> or [call](javascript:alert(1))', 'Mail ada@example.com or call'],
    ['![A box](https://example.com/box.png) for you', 'A box for you'],
  ])('previews links without their syntax: %j', (markdown, preview) => {
    expect(plainPreview(markdown)).toBe(preview);
  });

  it('names the person, else the visitor by a short id', () => {
    const visitor = (short: string) => `Visitor ${short}`;
    expect(personOf({ id: 'abcdef123', user: { name: 'Ana' } }, visitor)).toBe('Ana');
    expect(personOf({ id: 'abcdef123', user: { email: 'a@b.c' } }, visitor)).toBe('a@b.c');
    expect(personOf({ id: 'abcdef123', user: {} }, visitor)).toBe('Visitor abcdef');
  });

  it('dates list rows by how recent they are', () => {
    const now = new Date('2026-11-22T15:00:00');
    expect(listTime('2026-11-22T09:05:00', 'en-GB', now)).toBe('09:05');
    expect(listTime('2026-03-02T09:05:00', 'en-GB', now)).toBe('2 Mar');
    expect(listTime('2025-03-02T09:05:00', 'en-GB', now)).toBe('2 Mar 2025');
  });

  it('indents JSON responses and leaves other text alone', () => {
    expect(responseText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(responseText('Bad gateway')).toBe('Bad gateway');
  });
});
