import { describe, expect, it } from 'vitest';
import { testContext } from '../kit/testing';
import { endRuntime } from './execute';
import { endContentSchema, endDefinition } from './schema';

describe('end module', () => {
  it('says goodbye, rendered, and ends', async () => {
    const { context, sent } = testContext({ variables: { name: 'Ada' } });
    expect(await endRuntime.enter({ message: 'Bye {{ name }}!' }, context)).toEqual({ kind: 'end' });
    expect(sent).toEqual([{ type: 'text', text: 'Bye Ada!' }]);
  });

  it('ends without a word when its message is empty or renders empty', async () => {
    for (const message of ['', '{{ nothing }}  ']) {
      const { context, sent } = testContext();
      expect(await endRuntime.enter({ message }, context)).toEqual({ kind: 'end' });
      expect(sent).toEqual([]);
    }
  });

  it('is terminal: no ports, and the canvas says the conversation ends', () => {
    const content = endContentSchema.parse({});
    expect(endDefinition.terminal).toBe(true);
    expect(endDefinition.ports()).toEqual([]);
    expect(endDefinition.summary(content)).toEqual(['The conversation ends']);
    expect(endDefinition.summary({ message: 'Bye!' })).toEqual(['Bye!']);
  });
});
