import { describe, expect, it } from 'vitest';
import { testContext } from '../kit/testing';
import { delayRuntime } from './execute';
import { delayContentSchema, delayDefinition } from './schema';

describe('delay module', () => {
  it('asks the host for a delayed move through its one port', async () => {
    const { context, sent } = testContext();
    expect(await delayRuntime.enter({ seconds: 30 }, context)).toEqual({
      kind: 'delay',
      seconds: 30,
      port: 'next',
    });
    expect(sent).toEqual([]);
    expect(delayDefinition.ports({ seconds: 30 })).toEqual([{ id: 'next', label: 'After the delay' }]);
  });

  it('waits whole seconds, from one second to a week', () => {
    expect(delayContentSchema.safeParse({ seconds: 1 }).success).toBe(true);
    expect(delayContentSchema.safeParse({ seconds: 7 * 24 * 3600 }).success).toBe(true);
    expect(delayContentSchema.safeParse({ seconds: 0 }).success).toBe(false);
    expect(delayContentSchema.safeParse({ seconds: 7 * 24 * 3600 + 1 }).success).toBe(false);
    expect(delayContentSchema.safeParse({ seconds: 1.5 }).success).toBe(false);
  });

  it('says how long it waits, and starts at five seconds', () => {
    expect(delayDefinition.defaults).toEqual({ seconds: 5 });
    expect(delayDefinition.summary({ seconds: 90 })).toEqual(['Wait 90 s']);
    expect(delayDefinition.waitsForInput()).toBe(false);
  });
});
