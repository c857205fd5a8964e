import { safeLinkUrl } from '@parley/kit/safe-url';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('the widget’s Markdown', () => {
  it('reads bold, italic, code, links and line breaks', () => {
    expect(
      parseInline('Hi **Ana**, see *this* and `code`\n[docs](https://x.io/a) or https://y.io/b.'),
    ).toEqual([
      { type: 'text', text: 'Hi ' },
      { type: 'strong', children: [{ type: 'text', text: 'Ana' }] },
      { type: 'text', text: ', see ' },
      { type: 'em', children: [{ type: 'text', text: 'this' }] },
      { type: 'text', text: ' and ' },
      { type: 'code', text: 'code' },
      { type: 'break' },
      { type: 'link', href: 'https://x.io/a', children: [{ type: 'text', text: 'docs' }] },
      { type: 'text', text: ' or ' },
      { type: 'link', href: 'https://y.io/b', children: [{ type: 'text', text: 'https://y.io/b' }] },
      { type: 'text', text: '.' },
    ]);
  });

  it('keeps links that cannot run script and shows the others as text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '/relative',
    ]) {
      expect(safeLinkUrl(href)).toBeNull();
      expect(parseInline(`[click](${href})`)).toEqual([{ type: 'text', text: 'click' }]);
    }
    expect(safeLinkUrl('mailto:help@example.com')).toBe('mailto:help@example.com');
    expect(safeLinkUrl('tel:+34600000000')).toBe('tel:+34600000000');
  });

  it('shows links clean: no brackets, no sentence punctuation, no stray parenthesis', () => {
    const link = (href: string, text = href) => ({ type: 'link', href, children: [{ type: 'text', text }] });
    expect(parseInline('See <https://example.com/hours>.')).toEqual([
      { type: 'text', text: 'See ' },
      link('https://example.com/hours'),
      { type: 'text', text: '.' },
    ]);
    expect(parseInline('(see https://example.com/a_b) or https://example.com/c?!')).toEqual([
      { type: 'text', text: '(see ' },
      link('https://example.com/a_b'),
      { type: 'text', text: ') or ' },
      link('https://example.com/c'),
      { type: 'text', text: '?!' },
    ]);
    expect(parseInline('**Pay:** [Pay **now**](https://pay.example.com/x%20%281%29).')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: 'Pay:' }] },
      { type: 'text', text: ' ' },
      {
        type: 'link',
        href: 'https://pay.example.com/x%20%281%29',
        children: [
          { type: 'text', text: 'Pay ' },
          { type: 'strong', children: [{ type: 'text', text: 'now' }] },
        ],
      },
      { type: 'text', text: '.' },
    ]);
    expect(parseInline('**https://example.com/a_b_c**')).toEqual([
      { type: 'strong', children: [link('https://example.com/a_b_c')] },
    ]);
    expect(parseInline('<javascript:alert(1)> ![A box](https://example.com/box.png)')).toEqual([
      { type: 'text', text: 'javascript:alert(1) A box' },
    ]);
  });

  it('leaves markup as plain text (the widget never renders HTML)', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });

  it('splits paragraphs and lists', () => {
    expect(parseMarkdown('Choose:\n\n- one\n- **two**\n\n1. first\n2) second\n\nbye')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Choose:' }] },
      {
        type: 'list',
        ordered: false,
        items: [
          [{ type: 'text', text: 'one' }],
          [{ type: 'strong', children: [{ type: 'text', text: 'two' }] }],
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'bye' }] },
    ]);
  });

  it('does not take snake_case or lone stars for emphasis', () => {
    expect(parseInline('order_id_2 costs 3 * 4')).toEqual([{ type: 'text', text: 'order_id_2 costs 3 * 4' }]);
  });
});
