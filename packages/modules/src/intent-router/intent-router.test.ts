import { describe, expect, it } from 'vitest';
import { intentNameSchema, toIntentName } from '../kit/intents';
import { testContext } from '../kit/testing';
import { intentRouterRuntime } from './execute';
import { intentRouterContentSchema, intentRouterDefinition } from './schema';

describe('intent router module', () => {
  const content = intentRouterContentSchema.parse({
    prompt: 'How can I help?',
    intents: ['track_order', 'refund'],
  });
  const nlu = (predictions: { intent: string; confidence: number }[]) => async () => ({
    predictions,
    entities: [],
  });

  it('has a port per intent and a fallback', () => {
    expect(intentRouterDefinition.ports(content).map((port) => port.id)).toEqual([
      'intent:track_order',
      'intent:refund',
      'fallback',
    ]);
  });

  it('is born routing no intent, so it points at none the bot may lack', () => {
    expect(intentRouterDefinition.defaults.intents).toEqual([]);
    expect(intentRouterDefinition.ports(intentRouterDefinition.defaults).map((port) => port.id)).toEqual([
      'fallback',
    ]);
  });

  it('routes a confident prediction', async () => {
    const { context } = testContext({ nlu: nlu([{ intent: 'refund', confidence: 0.91 }]) });
    expect(
      await intentRouterRuntime.receive?.(content, { kind: 'text', text: 'money back' }, context, 1),
    ).toEqual({ kind: 'continue', port: 'intent:refund' });
  });

  it('logs predictions under 0.5 and falls back', async () => {
    const { context, events } = testContext({ nlu: nlu([{ intent: 'refund', confidence: 0.42 }]) });
    expect(await intentRouterRuntime.receive?.(content, { kind: 'text', text: 'hmm' }, context, 1)).toEqual({
      kind: 'continue',
      port: 'fallback',
    });
    expect(events).toEqual([
      { name: 'Low Confidence Prediction', data: { intent: 'refund', confidence: 0.42, text: 'hmm' } },
    ]);
  });

  it('ignores intents it does not route', async () => {
    const { context, events } = testContext({ nlu: nlu([{ intent: 'greeting', confidence: 0.99 }]) });
    expect(await intentRouterRuntime.receive?.(content, { kind: 'text', text: 'hi' }, context, 1)).toEqual({
      kind: 'continue',
      port: 'fallback',
    });
    expect(events).toEqual([]);
  });
});

describe('intent names typed by people', () => {
  it.each([
    ['opening hours', 'opening_hours'],
    ['  Envíos a domicilio ', 'Envios_a_domicilio'],
    ['año.nuevo', 'ano.nuevo'],
    ['¿qué tal?', 'que_tal'],
    ['!!!', ''],
  ])('%j becomes %j', (typed, name) => {
    expect(toIntentName(typed)).toBe(name);
    if (name) expect(intentNameSchema.safeParse(name).success).toBe(true);
  });
});
