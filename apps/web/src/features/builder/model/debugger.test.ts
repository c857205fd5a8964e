import type { ChatMessage, DebugConversation, DebugTurn } from '@parley/contracts';
import { starterFlow } from '@parley/flow';
import { describe, expect, it, vi } from 'vitest';
import { createBuilderStore } from './builder-store';
import { createDebugger, mergeMessages } from './debugger';
import { moveModules } from './flow-edits';

const message = (seq: number, text: string, role: ChatMessage['role'] = 'bot'): ChatMessage => ({
  seq,
  role,
  message: { type: 'text', text },
  created_at: '2026-11-22T10:00:00.000Z',
});

const started: DebugConversation = {
  conversationId: 'c1',
  token: 'secret',
  messages: [message(1, 'Welcome!')],
  steps: [{ kind: 'start', from: null, to: 'start', variables: {} }],
  currentModuleId: 'start',
  status: 'idle',
  variables: {},
};

const helped: DebugTurn = {
  messages: [message(2, 'help', 'user'), message(3, 'I serve tea.')],
  steps: [
    { kind: 'global', from: 'menu', to: 'help', connectionId: 'g-help', variables: { asked: true } },
    {
      kind: 'module',
      from: 'help',
      to: 'end',
      connectionId: 'c-end',
      port: 'next',
      variables: { asked: true },
    },
  ],
  currentModuleId: 'end',
  status: 'ended',
  variables: { asked: true },
};

describe('the debugger', () => {
  const setUp = () => {
    const builder = createBuilderStore({ botId: 'bot-1', flow: starterFlow('en'), revision: 1 });
    const api = { start: vi.fn(async () => started), send: vi.fn(async () => helped) };
    return { builder, api, debug: createDebugger(builder, api) };
  };

  it('keeps each turn’s steps, where the conversation is, and the connections it went through', async () => {
    const { debug, api } = setUp();
    await debug.getState().start();
    expect(api.start).toHaveBeenCalledWith('bot-1', undefined);
    await debug.getState().send({ text: 'help' });
    expect(api.send).toHaveBeenCalledWith('bot-1', 'c1', { text: 'help' });
    const state = debug.getState();
    expect(state.turns.map((turn) => [turn.said, turn.steps.length])).toEqual([
      [null, 1],
      ['help', 2],
    ]);
    expect(state).toMatchObject({
      currentModuleId: 'end',
      travelled: ['g-help', 'c-end'],
      status: 'ended',
      variables: { asked: true },
      pending: false,
    });
    expect(state.messages.map((one) => one.seq)).toEqual([1, 2, 3]);
  });

  it('waits until the draft on screen is saved before running it', async () => {
    const { debug, api, builder } = setUp();
    builder.getState().apply((flow) => moveModules(flow, { start: { x: 9, y: 9 } }));
    const starting = debug.getState().start('start');
    await Promise.resolve();
    expect(api.start).not.toHaveBeenCalled();
    builder.getState().saved(2, builder.getState().edits, builder.getState().flow);
    await starting;
    expect(api.start).toHaveBeenCalledWith('bot-1', 'start');
    expect(debug.getState().startedAt).toBe('start');
  });

  it('says why a turn failed, and ignores answers for a conversation restarted since', async () => {
    const { debug, api } = setUp();
    api.send.mockRejectedValueOnce(new Error('The connection was lost'));
    await debug.getState().start();
    await debug.getState().send({ text: 'help' });
    expect(debug.getState()).toMatchObject({ error: 'The connection was lost', pending: false });

    let answer: (turn: DebugTurn) => void = () => {};
    api.send.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const sending = debug.getState().send({ postback: 'p', label: 'Tea' });
    await debug.getState().start();
    answer(helped);
    await sending;
    expect(debug.getState().turns.map((turn) => turn.said)).toEqual([null]);
    expect(debug.getState().messages.map((one) => one.seq)).toEqual([1]);
  });

  it('merges messages from the events stream once each, in order', () => {
    const known = [message(1, 'a'), message(3, 'c')];
    expect(mergeMessages(known, [message(3, 'c'), message(2, 'b')]).map((one) => one.seq)).toEqual([1, 2, 3]);
    expect(mergeMessages(known, [message(1, 'a')])).toBe(known);
  });
});
