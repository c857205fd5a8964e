import { describe, expect, it } from 'vitest';
import { pageUrlPieces } from './page-url';

describe('page addresses in Top pages', () => {
  it.each([
    ['https://shop.example/', ['shop.', 'example/']],
    [
      'https://shop.example/collections/summer-sale/linen-shirts?size=large&colour=blue',
      [
        'shop.',
        'example/',
        'collections/',
        'summer-',
        'sale/',
        'linen-',
        'shirts?',
        'size=',
        'large&',
        'colour=',
        'blue',
      ],
    ],
    ['http://localhost:4173/boxes', ['localhost:4173/', 'boxes']],
    ['shop.example/a//b', ['shop.', 'example/', 'a//', 'b']],
    ['', []],
  ])('cuts %s between its parts', (url, pieces) => {
    expect(pageUrlPieces(url)).toEqual(pieces);
  });

  it('keeps every character, in order', () => {
    const url = 'https://blog.example/2026/11/how-we-cut-our-support-queue-in-half_a-case-study.html#results';
    expect(pageUrlPieces(url).join('')).toBe(url.slice('https://'.length));
  });
});
