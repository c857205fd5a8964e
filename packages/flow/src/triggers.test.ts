import { describe, expect, it } from 'vitest';
import { type Trigger, triggerKinds, triggerSchema, triggerSummary, triggerTypes } from './triggers';

describe('trigger kinds', () => {
  it('offers every kind the registry knows, in order', () => {
    expect([...triggerTypes].sort()).toEqual(Object.keys(triggerKinds).sort());
  });

  it('makes a new trigger of each kind, valid once its user-written part is filled in', () => {
    expect(triggerKinds.keyword.create()).toEqual({ type: 'keyword', keywords: ['help'], match: 'exact' });
    expect(triggerKinds.intent.create(['refund', 'greet'])).toEqual({
      type: 'intent',
      intent: 'refund',
      threshold: 0.5,
    });
    for (const type of ['keyword', 'regex', 'intent'] as const)
      expect(triggerSchema.safeParse(triggerKinds[type].create(['refund'])).success).toBe(true);
    // A button's payload is the builder's to write: a new postback trigger asks for it.
    expect(triggerSchema.safeParse(triggerKinds.postback.create()).success).toBe(false);
  });

  it.each<[Trigger, string]>([
    [{ type: 'keyword', keywords: ['help', 'agent'], match: 'exact' }, '“help”, “agent”'],
    [{ type: 'keyword', keywords: ['refund'], match: 'contains' }, '“refund” …'],
    [{ type: 'regex', pattern: '^refund', flags: 'i' }, '/^refund/i'],
    [{ type: 'intent', intent: 'track_order', threshold: 0.5 }, '#track_order'],
    [{ type: 'postback', payload: 'MENU' }, '⤷ MENU'],
  ])('sums up %j as %s', (trigger, summary) => {
    expect(triggerSummary(trigger)).toBe(summary);
  });

  const context = {
    name: 'Help',
    intents: new Set(['refund', 'greet']),
    untrainedIntents: new Set(['greet']),
  };

  it('refuses a pattern that cannot run, naming why', () => {
    const [finding] = triggerKinds.regex.check({ type: 'regex', pattern: '(a)\\1', flags: 'i' }, context);
    expect(finding).toMatchObject({ severity: 'error', code: 'invalid-regex', pattern: '(a)\\1' });
    expect(finding?.message).toMatch(/^The pattern of “Help” cannot be used: /);
  });

  it('checks that an intent trigger listens for a defined intent with phrases', () => {
    const check = (intent: string) =>
      triggerKinds.intent
        .check({ type: 'intent', intent, threshold: 0.5 }, context)
        .map((finding) => finding.code);
    expect(check('refund')).toEqual([]);
    expect(check('cancel')).toEqual(['unknown-intent']);
    expect(check('greet')).toEqual(['intent-without-phrases']);
    expect(triggerKinds.keyword.check()).toEqual([]);
    expect(triggerKinds.postback.check()).toEqual([]);
  });
});
