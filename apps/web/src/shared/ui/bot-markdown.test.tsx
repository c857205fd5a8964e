import { linkSegments } from '@parley/kit/links';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BotMarkdown } from './bot-markdown';

/** The links a rendered message holds, as [href, text] pairs. */
function renderedLinks(text: string): { links: string[][]; shown: string } {
  const { container } = render(<BotMarkdown text={text} />);
  return {
    links: [...container.querySelectorAll('a')].map((a) => [
      a.getAttribute('href') ?? '',
      a.textContent ?? '',
    ]),
    shown: container.textContent ?? '',
  };
}

describe('a bot message in the inbox, the debugger and the SDK page', () => {
  // The same text links the same as in the widget: both follow @parley/kit/links.
  it.each([
    'See https://example.com/hours.',
    'See <https://example.com/hours>.',
    '(more at https://example.com/docs)',
    'Go to https://example.com/a, then https://b.io!',
    'Is it https://example.com/x? Yes: https://example.com/y; ok',
    'wiki https://en.wikipedia.org/wiki/Bot_(program) ok',
    'Read [our terms](https://example.com/terms).',
    '[Your order](https://shop.example.com/order%20%282%29). Thanks',
    'Write to <ada@example.com> or call <tel:+34911222333>.',
  ])('links %j as the shared rule does', (text) => {
    const expected = linkSegments(text);
    const { links, shown } = renderedLinks(text);
    expect(links).toEqual(
      expected.flatMap((segment) => (segment.type === 'link' ? [[segment.href, segment.label]] : [])),
    );
    expect(shown).toBe(
      expected.map((segment) => (segment.type === 'text' ? segment.text : segment.label)).join(''),
    );
    expect(shown).not.toMatch(/[<>]/);
  });

  it('keeps emphasis in a label and addresses in code as code', () => {
    const { container } = render(
      <BotMarkdown text={'[Pay **now**](https://pay.example.com) `https://x.io`'} />,
    );
    expect(container.querySelector('a strong')?.textContent).toBe('now');
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.querySelector('code')?.textContent).toBe('https://x.io');
  });

  it.each([
    '[Click](javascript:alert(1))',
    '<javascript:alert(1)>',
    '[Open](data:text/html,hi)',
    '[Relative](/admin)',
  ])('never links %j', (text) => {
    const { container } = render(<BotMarkdown text={text} />);
    expect(container.querySelectorAll('a, [href]')).toHaveLength(0);
    expect(container.textContent).toBe(
      linkSegments(text)
        .map((s) => (s.type === 'text' ? s.text : s.label))
        .join(''),
    );
  });
});
