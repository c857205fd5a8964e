import { describe, expect, it } from 'vitest';
import { SUNSHINE_TEXT_LIMIT, splitText, sunshineContents } from './sunshine-messages';

describe('bot messages as the suite’s message contents', () => {
  it('sends Markdown text as it is', () => {
    expect(sunshineContents({ type: 'text', text: 'Your order is **on its way**.' })).toEqual([
      { type: 'text', text: 'Your order is **on its way**.' },
    ]);
  });

  it('splits a long text at the suite’s limit, at a word break, losing no word', () => {
    const words = Array.from({ length: 1500 }, (_, index) => `word${index}`).join(' ');
    const pieces = splitText(words);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(SUNSHINE_TEXT_LIMIT);
    expect(pieces.join(' ')).toBe(words);
    // A text without breaks is cut at the limit.
    expect(splitText('x'.repeat(SUNSHINE_TEXT_LIMIT + 5)).map((piece) => piece.length)).toEqual([
      SUNSHINE_TEXT_LIMIT,
      5,
    ]);
  });

  it('offers reply buttons as postback actions and links as link actions', () => {
    expect(
      sunshineContents({
        type: 'buttons',
        text: 'Pick one',
        buttons: [
          { id: 'a', label: 'Order', kind: 'reply', payload: 'start:a' },
          { id: 'b', label: 'Help page', kind: 'url', url: 'https://example.com/help' },
        ],
      }),
    ).toEqual([
      {
        type: 'text',
        text: 'Pick one',
        actions: [
          { type: 'postback', text: 'Order', payload: 'start:a' },
          { type: 'link', text: 'Help page', uri: 'https://example.com/help' },
        ],
      },
    ]);
  });

  it('sends cards and carousels as the suite’s carousel, each item with an action', () => {
    const card = {
      title: 'Blue shoes',
      subtitle: '€40',
      imageUrl: 'https://example.com/shoe.png',
      buttons: [],
    };
    expect(sunshineContents({ type: 'carousel', cards: [card, { ...card, title: 'Red shoes' }] })).toEqual([
      {
        type: 'carousel',
        items: [
          {
            title: 'Blue shoes',
            description: '€40',
            mediaUrl: 'https://example.com/shoe.png',
            actions: [{ type: 'postback', text: 'Blue shoes', payload: 'Blue shoes' }],
          },
          {
            title: 'Red shoes',
            description: '€40',
            mediaUrl: 'https://example.com/shoe.png',
            actions: [{ type: 'postback', text: 'Red shoes', payload: 'Red shoes' }],
          },
        ],
      },
    ]);
    expect(sunshineContents({ type: 'card', card })[0]).toMatchObject({
      type: 'carousel',
      items: [{ title: 'Blue shoes' }],
    });
  });
});
