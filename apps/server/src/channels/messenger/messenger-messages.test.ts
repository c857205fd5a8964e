import { describe, expect, it } from 'vitest';
import { MESSENGER_LIMITS, messengerMessages } from './messenger-messages';

const reply = (id: string, label: string) => ({ id, label, kind: 'reply' as const, payload: `start:${id}` });

describe('bot messages as Send API messages', () => {
  it('splits a long text at 2000 characters, losing no word', () => {
    const words = Array.from({ length: 800 }, (_, index) => `word${index}`).join(' ');
    const pieces = messengerMessages({ type: 'text', text: words }).map((piece) => String(piece.text));
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(MESSENGER_LIMITS.text);
    expect(pieces.join(' ')).toBe(words);
  });

  it('offers reply buttons as quick replies: at most 13, titles cut to 20 characters', () => {
    const buttons = Array.from({ length: 15 }, (_, index) =>
      reply(`b${index}`, `A rather long choice number ${index}`),
    );
    const [message] = messengerMessages({ type: 'buttons', text: 'Pick one', buttons });
    const quickReplies = message?.quick_replies as { content_type: string; title: string; payload: string }[];
    expect(message?.text).toBe('Pick one');
    expect(quickReplies).toHaveLength(13);
    expect(quickReplies[0]).toEqual({
      content_type: 'text',
      title: 'A rather long choic…',
      payload: 'start:b0',
    });
    for (const one of quickReplies) expect(one.title.length).toBeLessThanOrEqual(20);
  });

  it('sends buttons with a link as a button template (3 buttons, text up to 640)', () => {
    const messages = messengerMessages({
      type: 'buttons',
      text: 'Anything else?',
      buttons: [
        { id: 'shop', label: 'Visit our shop', kind: 'url', url: 'https://shop.example.com' },
        reply('back', 'Back'),
      ],
    });
    expect(messages).toEqual([
      {
        attachment: {
          type: 'template',
          payload: {
            template_type: 'button',
            text: 'Anything else?',
            buttons: [
              { type: 'web_url', url: 'https://shop.example.com', title: 'Visit our shop' },
              { type: 'postback', title: 'Back', payload: 'start:back' },
            ],
          },
        },
      },
    ]);
    const long = messengerMessages({
      type: 'buttons',
      text: 'word '.repeat(200).trim(),
      buttons: [{ id: 'shop', label: 'Shop', kind: 'url', url: 'https://x.test' }],
    });
    expect(long.length).toBe(2);
    expect(typeof long[0]?.text).toBe('string');
  });

  it('sends a card as a generic template and cards as its carousel (at most 10)', () => {
    const card = (index: number) => ({
      title: `Trail shoe ${index}`,
      subtitle: '$120',
      imageUrl: 'https://cdn.example.com/shoe.jpg',
      buttons: [{ id: 'buy', label: 'Buy', kind: 'url' as const, url: 'https://shop.example.com/shoe' }],
    });
    expect(messengerMessages({ type: 'card', card: card(1) })).toEqual([
      {
        attachment: {
          type: 'template',
          payload: {
            template_type: 'generic',
            elements: [
              {
                title: 'Trail shoe 1',
                subtitle: '$120',
                image_url: 'https://cdn.example.com/shoe.jpg',
                buttons: [{ type: 'web_url', url: 'https://shop.example.com/shoe', title: 'Buy' }],
              },
            ],
          },
        },
      },
    ]);
    const [carousel] = messengerMessages({
      type: 'carousel',
      cards: Array.from({ length: 12 }, (_, i) => card(i)),
    });
    const attachment = carousel?.attachment as { payload: { elements: unknown[] } } | undefined;
    expect(attachment?.payload.elements).toHaveLength(10);
  });
});

describe('Markdown and cards Messenger cannot show', () => {
  it('sends Markdown from modules as plain text, links written out (Messenger shows `**` as it is)', () => {
    const [message] = messengerMessages({
      type: 'text',
      text: 'Your order is **on its way**. _Track it_ [here](https://shop.example.com/track/42) or see <https://shop.example.com>.\n\n# Help\n- `Returns`: [https://shop.example.com/returns](https://shop.example.com/returns)\n- Call us',
    });
    expect(message).toEqual({
      text: 'Your order is on its way. Track it here (https://shop.example.com/track/42) or see https://shop.example.com.\n\nHelp\n\n- Returns: https://shop.example.com/returns\n- Call us',
    });
    const [buttons] = messengerMessages({ type: 'buttons', text: 'Pick *one*', buttons: [reply('a', 'A')] });
    expect(buttons?.text).toBe('Pick one');
    // Text with no Markdown is left exactly as written (a lone asterisk, underscores in names).
    const [plain] = messengerMessages({ type: 'text', text: '5 * 3 = 15, see file_name_here' });
    expect(plain).toEqual({ text: '5 * 3 = 15, see file_name_here' });
  });

  it('sends a card with only a title as text, not a generic template Graph refuses', () => {
    expect(messengerMessages({ type: 'card', card: { title: 'Our opening hours', buttons: [] } })).toEqual([
      { text: 'Our opening hours' },
    ]);
    // A subtitle, an image or a button is the "other field" Graph asks for: the template stays.
    const [withSubtitle] = messengerMessages({
      type: 'card',
      card: { title: 'Hours', subtitle: '9 to 5', buttons: [] },
    });
    expect(withSubtitle?.attachment).toBeDefined();
    const [withImage] = messengerMessages({
      type: 'card',
      card: { title: 'Shoe', imageUrl: 'https://cdn.example.com/shoe.jpg', buttons: [] },
    });
    expect(withImage?.attachment).toBeDefined();
    // A carousel of titles alone is a list of them.
    expect(
      messengerMessages({
        type: 'carousel',
        cards: [
          { title: 'Mon–Fri 9–17', buttons: [] },
          { title: 'Sat 10–14', buttons: [] },
        ],
      }),
    ).toEqual([{ text: 'Mon–Fri 9–17\nSat 10–14' }]);
  });
});
