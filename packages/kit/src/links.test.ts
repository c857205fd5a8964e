import { describe, expect, it } from 'vitest';
import { findLinks, type LinkSegment, linkSegments, trimBareAddress, withoutLinkSyntax } from './links';

const text = (value: string): LinkSegment => ({ type: 'text', text: value });
const link = (href: string, label = href, kind: 'markdown' | 'autolink' | 'bare' = 'bare'): LinkSegment => ({
  type: 'link',
  href,
  label,
  kind,
});

describe('links in bot messages', () => {
  it.each<[string, LinkSegment[]]>([
    // A sentence that ends right after an address.
    ['See https://example.com/hours.', [text('See '), link('https://example.com/hours'), text('.')]],
    // What the engine used to send: the brackets go, the link stays.
    [
      'See <https://example.com/hours>.',
      [text('See '), link('https://example.com/hours', 'https://example.com/hours', 'autolink'), text('.')],
    ],
    ['(more at https://example.com/docs)', [text('(more at '), link('https://example.com/docs'), text(')')]],
    [
      '(see <https://example.com/docs>)',
      [text('(see '), link('https://example.com/docs', 'https://example.com/docs', 'autolink'), text(')')],
    ],
    // Parentheses the address opened are its own.
    [
      'wiki https://en.wikipedia.org/wiki/Bot_(program) ok',
      [text('wiki '), link('https://en.wikipedia.org/wiki/Bot_(program)'), text(' ok')],
    ],
    [
      '(https://en.wikipedia.org/wiki/Bot_(program)).',
      [text('('), link('https://en.wikipedia.org/wiki/Bot_(program)'), text(').')],
    ],
    ['[https://example.com/a]', [text('['), link('https://example.com/a'), text(']')]],
    [
      'Go to https://example.com/a, then https://b.io!',
      [
        text('Go to '),
        link('https://example.com/a'),
        text(', then '),
        link('https://b.io/', 'https://b.io'),
        text('!'),
      ],
    ],
    [
      'Open https://example.com/x?q=1&y=2;',
      [text('Open '), link('https://example.com/x?q=1&y=2'), text(';')],
    ],
    ['Is it https://example.com/x?', [text('Is it '), link('https://example.com/x'), text('?')]],
    ['Here: https://example.com/x: ok', [text('Here: '), link('https://example.com/x'), text(': ok')]],
    ['"https://example.com/x"', [text('"'), link('https://example.com/x'), text('"')]],
    ['**https://example.com/x**', [text('**'), link('https://example.com/x'), text('**')]],
    ['«https://example.com/x»…', [text('«'), link('https://example.com/x'), text('»…')]],
    // Punctuation inside the address stays in it.
    ['https://example.com/a.b/c,d?e=f!g', [link('https://example.com/a.b/c,d?e=f!g')]],
    [
      'Read [our terms](https://example.com/terms).',
      [text('Read '), link('https://example.com/terms', 'our terms', 'markdown'), text('.')],
    ],
    [
      '[Docs](https://en.wikipedia.org/wiki/Bot_(program)).',
      [link('https://en.wikipedia.org/wiki/Bot_(program)', 'Docs', 'markdown'), text('.')],
    ],
    ['[Docs](<https://example.com/a b>)', [link('https://example.com/a%20b', 'Docs', 'markdown')]],
    ['[Docs](https://example.com "The docs")', [link('https://example.com/', 'Docs', 'markdown')]],
    ['[**Pay** now](https://pay.example.com)', [link('https://pay.example.com/', '**Pay** now', 'markdown')]],
    ['[](https://example.com/a)', [link('https://example.com/a', 'https://example.com/a', 'markdown')]],
    // What a template variable put in a destination, encoded by the engine.
    [
      '[Your order](https://shop.example.com/order%20%282%29). Thanks',
      [link('https://shop.example.com/order%20%282%29', 'Your order', 'markdown'), text('. Thanks')],
    ],
    [
      'Write to <ada@example.com>',
      [text('Write to '), link('mailto:ada@example.com', 'ada@example.com', 'autolink')],
    ],
    [
      'Call <tel:+34911222333>.',
      [text('Call '), link('tel:+34911222333', 'tel:+34911222333', 'autolink'), text('.')],
    ],
    ['[Call us](tel:+34911222333)', [link('tel:+34911222333', 'Call us', 'markdown')]],
    // Not links.
    ['no links here', [text('no links here')]],
    ['only https:// and nothing', [text('only https:// and nothing')]],
    ['a <b> tag and 3 < 4 > 2', [text('a <b> tag and 3 < 4 > 2')]],
    ['xhttps://example.com', [text('xhttps://example.com')]],
    [
      '[not closed](https://example.com',
      [text('[not closed]('), link('https://example.com/', 'https://example.com')],
    ],
    ['![A box](https://example.com/box.png)', [text('A box')]],
  ])('%j', (input, expected) => {
    expect(linkSegments(input)).toEqual(expected);
  });

  it.each([
    ['[Click](javascript:alert(1))', 'Click'],
    ['[Click](JAVASCRIPT:alert(1))', 'Click'],
    ['<javascript:alert(1)>', 'javascript:alert(1)'],
    ['[Open](data:text/html,<script>alert(1)</script>)', 'Open'],
    ['<vbscript:msgbox(1)>', 'vbscript:msgbox(1)'],
    ['[Relative](/admin)', 'Relative'],
    ['[File](file:///etc/passwd)', 'File'],
  ])('refuses the unsafe link in %j: its label stays as text', (input, shown) => {
    expect(linkSegments(input)).toEqual([text(shown)]);
    expect(findLinks(input)[0]?.href).toBeNull();
  });

  it('says where each link is, so renderers can mix links with other Markdown', () => {
    expect(findLinks('Hi **you**, see https://example.com/a. [B](https://b.io)')).toEqual([
      {
        start: 16,
        end: 37,
        kind: 'bare',
        label: 'https://example.com/a',
        destination: 'https://example.com/a',
        href: 'https://example.com/a',
      },
      {
        start: 39,
        end: 56,
        kind: 'markdown',
        label: 'B',
        destination: 'https://b.io',
        href: 'https://b.io/',
      },
    ]);
  });

  it.each([
    ['https://example.com/a.', 'https://example.com/a'],
    ['https://example.com/a).', 'https://example.com/a'],
    ['https://example.com/a_(b)', 'https://example.com/a_(b)'],
    ['https://example.com/a_(b))', 'https://example.com/a_(b)'],
    ['https://example.com/a!?,;:', 'https://example.com/a'],
    ['https://example.com/a_', 'https://example.com/a'],
  ])('trims %j to %j', (candidate, address) => {
    expect(trimBareAddress(candidate)).toBe(address);
  });

  it('reads long and hostile texts in one pass', () => {
    const parens = ')'.repeat(50_000);
    expect(linkSegments(`https://example.com/a${parens}`)).toEqual([
      link('https://example.com/a'),
      text(parens),
    ]);
    const noise = `<a@${'a.'.repeat(50_000)} [x](${'('.repeat(1000)} ${'https://'.repeat(5000)}`;
    const started = performance.now();
    expect(withoutLinkSyntax(noise)).toBe(noise);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('writes links as what the reader sees, for one-line previews', () => {
    expect(
      withoutLinkSyntax('See <https://example.com/hours>. Or [call us](tel:+3491) (https://example.com/x)'),
    ).toBe('See https://example.com/hours. Or call us (https://example.com/x)');
  });
});
