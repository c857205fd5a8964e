import { describe, expect, it } from 'vitest';
import {
  botMessageKinds,
  messageButtons,
  messageCards,
  messagePreview,
  messageText,
} from './bot-message-kinds';
import { type BotMessage, botMessageSchema } from './bot-messages';

const buy = { id: 'buy', label: 'Buy', kind: 'reply', payload: 'BUY' } as const;
const docs = { id: 'docs', label: 'Docs', kind: 'url', url: 'https://docs.example' } as const;
const tea = { title: 'Tea', subtitle: 'Green', buttons: [buy] };
const cake = { title: 'Cake', buttons: [docs] };

describe('bot message kinds', () => {
  it('know every kind the schema allows', () => {
    const schemaKinds = botMessageSchema.options.map((option) => option.shape.type.value);
    expect(Object.keys(botMessageKinds).sort()).toEqual([...schemaKinds].sort());
  });

  it.each<[BotMessage, string, string]>([
    [{ type: 'text', text: 'Hello' }, 'Hello', 'Hello'],
    [{ type: 'buttons', text: 'Pick one', buttons: [buy, docs] }, 'Pick one\n[Buy]\n[Docs]', 'Pick one'],
    [{ type: 'card', card: tea }, 'Tea\nGreen', 'Tea'],
    [{ type: 'carousel', cards: [tea, cake] }, 'Tea | Cake', 'Tea | Cake'],
  ])('say %j as text and in a line', (message, text, preview) => {
    expect(messageText(message)).toBe(text);
    expect(messagePreview(message)).toBe(preview);
  });

  it('name the buttons and cards a message offers', () => {
    expect(messageButtons({ type: 'text', text: 'Hi' })).toEqual([]);
    expect(messageButtons({ type: 'buttons', text: 'Pick', buttons: [buy] })).toEqual([buy]);
    expect(messageButtons({ type: 'carousel', cards: [tea, cake] })).toEqual([buy, docs]);
    expect(messageCards({ type: 'card', card: tea })).toEqual([tea]);
    expect(messageCards({ type: 'carousel', cards: [tea, cake] })).toEqual([tea, cake]);
    expect(messageCards({ type: 'buttons', text: 'Pick', buttons: [buy] })).toEqual([]);
  });
});
