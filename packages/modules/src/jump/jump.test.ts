import { describe, expect, it } from 'vitest';
import { testContext } from '../kit/testing';
import { jumpRuntime } from './execute';
import { jumpContentSchema, jumpDefinition } from './schema';

describe('jump module', () => {
  it('goes straight on, saying nothing', async () => {
    const { context, sent, events } = testContext();
    expect(await jumpRuntime.enter({ note: 'to checkout' }, context)).toEqual({
      kind: 'continue',
      port: 'next',
    });
    expect(sent).toEqual([]);
    expect(events).toEqual([]);
  });

  it('shows its note on the canvas, and has one port', () => {
    expect(jumpDefinition.summary({ note: 'to checkout' })).toEqual(['to checkout']);
    expect(jumpDefinition.summary(jumpContentSchema.parse({}))).toEqual([]);
    expect(jumpDefinition.ports({ note: '' })).toEqual([{ id: 'next', label: 'Jump to' }]);
    expect(jumpContentSchema.safeParse({ note: 'x'.repeat(501) }).success).toBe(false);
  });
});
