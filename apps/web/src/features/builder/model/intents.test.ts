import { type Flow, flowSchema, starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { createBuilderStore } from './builder-store';
import { addModule, updateModule } from './flow-edits';
import {
  addIntent,
  IntentLimitError,
  intentUses,
  MAX_PHRASES,
  mergeIntents,
  removeIntent,
  renameIntent,
  setIntentPhrases,
} from './intents';

/** A bot with two intents, a router routing both, and a global connection listening for one. */
function routedBot(): Flow {
  const starter = starterFlow('en');
  return flowSchema.parse({
    ...starter,
    modules: [
      { ...starter.modules[0], connections: [{ id: 'to-ask', port: 'next', target: 'ask' }] },
      {
        id: 'ask',
        name: 'Ask',
        type: 'intent_router',
        content: { intents: ['refund', 'hours'] },
        connections: [
          { id: 'ask-refund', port: 'intent:refund', target: 'start' },
          { id: 'ask-hours', port: 'intent:hours', target: 'start' },
          { id: 'ask-fallback', port: 'fallback', target: 'start' },
        ],
      },
    ],
    globalConnections: [
      {
        id: 'g-refund',
        name: 'Refunds',
        trigger: { type: 'intent', intent: 'refund', threshold: 0.5 },
        target: 'ask',
      },
    ],
    intents: [
      { name: 'refund', utterances: ['money back'] },
      { name: 'hours', utterances: ['when are you open'] },
    ],
  });
}

const router = (flow: Flow) => flow.modules.find((module) => module.id === 'ask');

describe('intent edits', () => {
  it('add an intent once, without phrases', () => {
    const flow = addIntent(routedBot(), 'billing');
    expect(flow.intents.at(-1)).toEqual({ name: 'billing', utterances: [] });
    expect(addIntent(flow, 'billing')).toBe(flow);
  });

  it('rename an intent, and the routers and global connections that use it follow', () => {
    const before = routedBot();
    const flow = renameIntent(before, 'refund', 'money_back');
    expect(flow.intents.map((intent) => intent.name)).toEqual(['money_back', 'hours']);
    const ask = router(flow);
    expect(ask?.type === 'intent_router' && ask.content.intents).toEqual(['money_back', 'hours']);
    expect(ask?.connections.map((connection) => [connection.id, connection.port])).toEqual([
      ['ask-refund', 'intent:money_back'],
      ['ask-hours', 'intent:hours'],
      ['ask-fallback', 'fallback'],
    ]);
    expect(flow.globalConnections[0]?.trigger).toEqual({
      type: 'intent',
      intent: 'money_back',
      threshold: 0.5,
    });
    // The start module did not change: the canvas redraws only what did.
    expect(flow.modules[0]).toBe(before.modules[0]);
  });

  it('refuse to rename onto a name that is taken', () => {
    const flow = routedBot();
    expect(renameIntent(flow, 'refund', 'hours')).toBe(flow);
    expect(renameIntent(flow, 'nope', 'other')).toBe(flow);
  });

  it('remove an intent: routers drop its output and connection, global connections stay for the validator', () => {
    const before = routedBot();
    expect(intentUses(before, 'refund')).toEqual({ routers: ['ask'], globals: ['g-refund'] });
    const flow = removeIntent(before, 'refund');
    expect(flow.intents.map((intent) => intent.name)).toEqual(['hours']);
    const ask = router(flow);
    expect(ask?.type === 'intent_router' && ask.content.intents).toEqual(['hours']);
    expect(ask?.connections.map((connection) => connection.port)).toEqual(['intent:hours', 'fallback']);
    expect(flow.globalConnections).toEqual(before.globalConnections);
  });

  it('set phrases trimmed, without blanks or repeats', () => {
    const flow = setIntentPhrases(routedBot(), 'hours', [
      ' when are you open ',
      '',
      'When are you open',
      'opening hours',
    ]);
    expect(flow.intents[1]?.utterances).toEqual(['when are you open', 'opening hours']);
    expect(setIntentPhrases(flow, 'hours', ['when are you open', 'opening hours'])).toBe(flow);
  });

  it('merge imported intents: new ones added, phrases joined without repeats', () => {
    const before = routedBot();
    const result = mergeIntents(before, [
      { name: 'hours', utterances: ['When are you open', 'are you open on sunday'] },
      { name: 'greeting', utterances: ['hello', 'hi'] },
    ]);
    expect(result.created).toBe(1);
    expect(result.added).toBe(3);
    expect(result.flow.intents).toEqual([
      { name: 'refund', utterances: ['money back'] },
      { name: 'hours', utterances: ['when are you open', 'are you open on sunday'] },
      { name: 'greeting', utterances: ['hello', 'hi'] },
    ]);
    // An intent the file did not add to is the same object.
    expect(result.flow.intents[0]).toBe(before.intents[0]);
  });

  it('refuse a merge over the limits, leaving the flow as it was', () => {
    const flow = routedBot();
    const many = Array.from({ length: MAX_PHRASES }, (_, index) => `phrase ${index}`);
    expect(() => mergeIntents(flow, [{ name: 'hours', utterances: many }])).toThrow(
      new IntentLimitError('tooManyPhrases', { intent: 'hours', limit: MAX_PHRASES }),
    );
    expect(flow.intents[1]?.utterances).toEqual(['when are you open']);
  });

  it('are undoable edits of the builder, one step each', () => {
    const store = createBuilderStore({ botId: 'b', flow: routedBot(), revision: 0 });
    store.getState().apply((flow) => renameIntent(flow, 'refund', 'money_back'));
    store.getState().apply((flow) => setIntentPhrases(flow, 'money_back', ['money back', 'refund please']));
    store.getState().undo();
    expect(store.getState().flow.intents[0]).toEqual({ name: 'money_back', utterances: ['money back'] });
    store.getState().undo();
    expect(store.getState().flow).toEqual(routedBot());
    store.getState().redo();
    expect(router(store.getState().flow)?.connections[0]?.port).toBe('intent:money_back');
  });

  it('a router creating an intent in place and routing it is one undo step', () => {
    const store = createBuilderStore({ botId: 'b', flow: starterFlow('en'), revision: 0 });
    const added = addModule(store.getState().flow, 'intent_router', { x: 300, y: 0 });
    store.getState().apply(() => added.flow);
    const gesture = `content:${added.id}`;
    store.getState().apply((flow) => addIntent(flow, 'billing'), gesture);
    store
      .getState()
      .apply(
        (flow) =>
          updateModule(flow, added.id, { content: { prompt: '', intents: ['billing'], threshold: 0.5 } }),
        gesture,
      );
    expect(store.getState().flow.intents).toEqual([{ name: 'billing', utterances: [] }]);
    store.getState().undo();
    expect(store.getState().flow).toEqual(added.flow);
  });
});
