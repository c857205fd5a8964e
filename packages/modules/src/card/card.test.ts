import { describe, expect, it } from 'vitest';
import { gotoPayload } from '../kit/buttons';
import { testContext } from '../kit/testing';
import { cardRuntime } from './execute';
import { cardContentSchema, cardDefinition } from './schema';

describe('card module', () => {
  const card = cardContentSchema.parse({
    card: {
      title: '{{ product }}',
      subtitle: 'Only $9',
      imageUrl: 'https://img.example.com/p.png',
      buttons: [{ id: 'buy', label: 'Buy', action: { type: 'goto' } }],
    },
  });

  it('sends a card and waits for its button', async () => {
    const { context, sent } = testContext({ variables: { product: 'Tea' } });
    expect(await cardRuntime.enter(card, context)).toEqual({ kind: 'wait' });
    expect(sent).toEqual([
      {
        type: 'card',
        card: {
          title: 'Tea',
          subtitle: 'Only $9',
          imageUrl: 'https://img.example.com/p.png',
          buttons: [{ id: 'buy', label: 'Buy', kind: 'reply', payload: gotoPayload('m1', 'buy') }],
        },
      },
    ]);
    expect(cardDefinition.ports(card)).toEqual([{ id: 'button:buy', label: 'Buy' }]);
  });

  it('a card without reply buttons goes on', async () => {
    const plain = cardContentSchema.parse({ card: { title: 'Info', buttons: [] } });
    expect(await cardRuntime.enter(plain, testContext().context)).toEqual({ kind: 'continue', port: 'next' });
  });
});
