import { describe, expect, it } from 'vitest';
import { intentRouterDefinition } from './schema';

describe('intent router check', () => {
  const context = {
    label: '“Help”',
    intents: new Set(['track_order', 'refund', 'greet']),
    untrainedIntents: new Set(['greet']),
  };
  const check = (intents: string[]) => intentRouterDefinition.check({ intents }, context);

  it('is content with trained intents the bot defines', () => {
    expect(check(['track_order', 'refund'])).toEqual([]);
  });

  it('warns that a router without intents sends every message to “Not understood”', () => {
    expect(check([])).toEqual([
      {
        severity: 'warning',
        code: 'no-intents',
        message: '“Help” routes no intent yet: every message takes “Not understood”',
      },
    ]);
  });

  it('refuses an intent the bot does not define, and warns of one without phrases', () => {
    expect(check(['track_order', 'cancel', 'greet'])).toEqual([
      {
        severity: 'error',
        code: 'unknown-intent',
        intent: 'cancel',
        message: '“Help” routes the intent “cancel”, which the bot does not define',
      },
      {
        severity: 'warning',
        code: 'intent-without-phrases',
        intent: 'greet',
        message: '“Help” routes the intent “greet”, which has no training phrases: it is never predicted',
      },
    ]);
  });
});
