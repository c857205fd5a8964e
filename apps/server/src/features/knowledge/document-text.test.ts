import { describe, expect, it } from 'vitest';
import { documentBlocks, markdownSections } from './document-text';

const html = (page: string) => documentBlocks('html', Buffer.from(page));

describe('the text of an HTML page', () => {
  it('reads paragraphs under their headings, without the head, scripts, navigation or buttons', async () => {
    expect(
      await html(`<!doctype html><html><head><title>Care</title><style>p{}</style></head>
<body><nav>Home | Shop</nav><h1>Caring for <b>wool</b></h1><p>Wash it by hand.</p>
<script>alert('never text')</script><h2>Drying</h2><p>Dry it flat,<br>away from heat.</p>
<button>Buy</button><ul><li>Keep the receipt<li>Use the box</ul>
<table><tr><th>Size<th>Price<tr><td>M</td><td>9 €</td></tr></table></body></html>`),
    ).toEqual([
      { headings: ['Caring for wool'], text: 'Wash it by hand.' },
      { headings: ['Caring for wool', 'Drying'], text: 'Dry it flat, away from heat.' },
      { headings: ['Caring for wool', 'Drying'], text: '- Keep the receipt' },
      { headings: ['Caring for wool', 'Drying'], text: '- Use the box' },
      { headings: ['Caring for wool', 'Drying'], text: 'Size | Price' },
      { headings: ['Caring for wool', 'Drying'], text: 'M | 9 €' },
    ]);
  });

  it('ends a head left open where the page’s body begins', async () => {
    expect(await html('<head><title>T</title><meta charset="utf-8"><p>Hello <i>there</i></p>')).toEqual([
      { headings: [], text: 'Hello there' },
    ]);
    expect(await html('<head><title>T</title>Straight to the words')).toEqual([
      { headings: [], text: 'Straight to the words' },
    ]);
  });

  it('reads a page of 200 000 unclosed elements in one pass, as deep as it goes', async () => {
    // Built as a tree, this page held a thread for minutes and overflowed the stack when walked.
    expect(await html(`<h1>Deep</h1>${'<div><span>'.repeat(100_000)}At the bottom.`)).toEqual([
      { headings: ['Deep'], text: 'At the bottom.' },
    ]);
  });
});

describe('Markdown in sections', () => {
  it('cuts only at a blank line before an unindented line, never inside a fenced block', () => {
    const text = [
      '# A',
      '',
      'one',
      '',
      '```',
      'code',
      '',
      'more code',
      '```',
      '',
      '  indented',
      '',
      'two',
    ].join('\n');
    const sections = markdownSections(text, 1);
    expect(sections.join('')).toBe(text);
    expect(sections).toEqual(['# A\n\n', 'one\n\n', '```\ncode\n\nmore code\n```\n\n  indented\n\n', 'two']);
  });

  it('reads a long document cut in sections as it reads it whole', async () => {
    const chapter = (n: number) =>
      `# Chapter ${n}\n\nWords of chapter ${n}, **bold** and [linked](https://x.test).\n\n- a\n- b\n\n`;
    const text = Array.from({ length: 2_000 }, (_, n) => chapter(n)).join('');
    const blocks = await documentBlocks('markdown', Buffer.from(text));
    expect(blocks).toHaveLength(4_000);
    expect(blocks.at(-2)).toEqual({
      headings: ['Chapter 1999'],
      text: 'Words of chapter 1999, **bold** and [linked](https://x.test).',
    });
    expect(blocks.at(-1)).toEqual({ headings: ['Chapter 1999'], text: '- a\n- b' });
  });
});
