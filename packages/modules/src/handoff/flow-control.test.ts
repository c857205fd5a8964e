import { describe, expect, it } from 'vitest';
import { delayRuntime } from '../delay/execute';
import { endRuntime } from '../end/execute';
import { jumpRuntime } from '../jump/execute';
import { testContext } from '../kit/testing';
import { handoffRuntime } from './execute';

describe('handoff, delay, jump and end modules', () => {
  it('handoff says so and passes control with a resume port', async () => {
    const { context, sent, events } = testContext({ variables: { topic: 'billing' } });
    expect(await handoffRuntime.enter({ message: 'One moment…', reason: '{{ topic }}' }, context)).toEqual({
      kind: 'handoff',
      resumePort: 'resume',
    });
    expect(sent).toEqual([{ type: 'text', text: 'One moment…' }]);
    expect(events).toEqual([{ name: 'Handoff Requested', data: { reason: 'billing' } }]);
  });

  it('delay asks the host for a delayed move', async () => {
    expect(await delayRuntime.enter({ seconds: 30 }, testContext().context)).toEqual({
      kind: 'delay',
      seconds: 30,
      port: 'next',
    });
  });

  it('jump goes straight on', async () => {
    expect(await jumpRuntime.enter({ note: '' }, testContext().context)).toEqual({
      kind: 'continue',
      port: 'next',
    });
  });

  it('end says goodbye and ends', async () => {
    const { context, sent } = testContext();
    expect(await endRuntime.enter({ message: 'Bye!' }, context)).toEqual({ kind: 'end' });
    expect(sent).toEqual([{ type: 'text', text: 'Bye!' }]);
  });
});
