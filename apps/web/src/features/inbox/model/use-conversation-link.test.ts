import { describe, expect, it } from 'vitest';
import { contextOf, showsPlace } from './use-conversation-link';

const own = 'c-own';
const place = { companyId: own, botId: 'bot-sales' };

describe('following a link to a conversation', () => {
  it.each([
    [{ botId: 'bot-sales' }, true],
    [{ companyId: own, botId: 'bot-sales' }, true],
    // The remembered bot, all bots, or another company: the selectors must move.
    [{ botId: 'bot-support' }, false],
    [{}, false],
    [{ companyId: 'c-other', botId: 'bot-sales' }, false],
  ])('a view of %o shows the conversation’s place: %s', (view, shown) => {
    expect(showsPlace(view, place, own)).toBe(shown);
  });

  it('selects the conversation’s bot, naming its company only when it is not the person’s own', () => {
    expect(contextOf(place, own)).toEqual({ companyId: undefined, botId: 'bot-sales' });
    expect(contextOf({ companyId: 'c-other', botId: 'bot-x' }, own)).toEqual({
      companyId: 'c-other',
      botId: 'bot-x',
    });
  });
});
