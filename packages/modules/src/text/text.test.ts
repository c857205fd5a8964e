import { describe, expect, it } from 'vitest';
import { testContext } from '../kit/testing';
import { textRuntime } from './execute';
import { joinUrl, normalizeLinks } from './links';

describe('text module', () => {
  it('sends the rendered Markdown and goes on', async () => {
    const { context, sent } = testContext({ variables: { name: 'Ada' } });
    expect(await textRuntime.enter({ text: 'Hi **{{ name }}**' }, context)).toEqual({
      kind: 'continue',
      port: 'next',
    });
    expect(sent).toEqual([{ type: 'text', text: 'Hi **Ada**' }]);
  });

  it('sends nothing when the template renders empty', async () => {
    const { context, sent } = testContext();
    await textRuntime.enter({ text: '{{ missing }}' }, context);
    expect(sent).toEqual([]);
  });
});

describe('links in bot messages', () => {
  // Bare addresses go out as written (never wrapped in "<>", which plain-text readers of the API
  // would show): every place that shows messages links them with @parley/kit/links.
  it.each([
    ['see https://example.com/a.', 'see https://example.com/a.'],
    ['Go to https://example.com/a, then https://b.io!', 'Go to https://example.com/a, then https://b.io!'],
    ['(more at https://example.com/docs)', '(more at https://example.com/docs)'],
    [
      '[Track your order](https://shop.example.com/t/1).',
      '[Track your order](https://shop.example.com/t/1).',
    ],
    [
      '[Docs](https://en.wikipedia.org/wiki/Bot_(program))',
      '[Docs](https://en.wikipedia.org/wiki/Bot_%28program%29)',
    ],
    ['[Docs](<https://example.com/a b>) ok', '[Docs](https://example.com/a%20b) ok'],
    ['[Pay](https://pay.example.com/x?a=1)', '[Pay](https://pay.example.com/x?a=1)'],
    ['already <https://example.com> linked', 'already <https://example.com> linked'],
    ['no links here', 'no links here'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeLinks(input)).toBe(expected);
  });

  it('sends an address from a variable as it is, with the sentence around it', async () => {
    const { context, sent } = testContext({ variables: { base: 'https://example.com' } });
    await textRuntime.enter({ text: 'See {{ base }}/hours. (Or {{ base }}/faq)' }, context);
    expect(sent).toEqual([
      { type: 'text', text: 'See https://example.com/hours. (Or https://example.com/faq)' },
    ]);
  });

  it('keeps a link built from a variable whole, with no stray ")"', async () => {
    for (const url of [
      'https://shop.example.com/order (2)',
      'https://shop.example.com/x)',
      'https://shop.example.com/a.',
    ]) {
      const { context, sent } = testContext({ variables: { url } });
      await textRuntime.enter({ text: '[Your order]({{ url }}). Thanks' }, context);
      const text = (sent[0] as { text: string }).text;
      expect(text).toMatch(/^\[Your order\]\(https:\/\/shop\.example\.com\/[^()\s]*\)\. Thanks$/);
    }
  });

  it('renders variable parts of a destination too', async () => {
    const { context, sent } = testContext({ variables: { id: 'A 1' } });
    await textRuntime.enter({ text: 'See [order](https://shop.example.com/o/{{ id }})' }, context);
    expect(sent[0]).toEqual({ type: 'text', text: 'See [order](https://shop.example.com/o/A%201)' });
  });

  it('joins channels_base_url with or without a trailing slash', () => {
    expect(joinUrl('https://chat.example.com/', '/webchat/1')).toBe('https://chat.example.com/webchat/1');
    expect(joinUrl('https://chat.example.com', 'webchat/1')).toBe('https://chat.example.com/webchat/1');
    expect(joinUrl('https://chat.example.com//', '')).toBe('https://chat.example.com//');
  });
});
