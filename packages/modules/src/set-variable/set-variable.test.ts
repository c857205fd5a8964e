import { describe, expect, it } from 'vitest';
import { testContext } from '../kit/testing';
import { setVariableRuntime } from './execute';
import { setVariableContentSchema, setVariableDefinition } from './schema';

describe('set variable module', () => {
  it('sets each variable to its expression’s value, in order, and goes on', async () => {
    const { context, variables } = testContext({ variables: { total: 12 } });
    const content = setVariableContentSchema.parse({
      assignments: [
        { variable: 'copy', value: 'total' },
        { variable: 'plan', value: '"gold"' },
        { variable: 'again', value: 'copy' },
      ],
    });
    expect(await setVariableRuntime.enter(content, context)).toEqual({ kind: 'continue', port: 'next' });
    expect(Object.fromEntries(variables)).toEqual({ total: 12, copy: 12, plan: 'gold', again: 12 });
  });

  it('refuses bad and reserved variable names, and an empty list', () => {
    const parse = (variable: string) =>
      setVariableContentSchema.safeParse({ assignments: [{ variable, value: '1' }] }).success;
    expect(parse('order_total')).toBe(true);
    expect(parse('1st')).toBe(false);
    expect(parse('with space')).toBe(false);
    expect(parse('parley')).toBe(false);
    expect(setVariableContentSchema.safeParse({ assignments: [] }).success).toBe(false);
  });

  it('tells the validator what it reads and writes, and shows its assignments', () => {
    const content = { assignments: [{ variable: 'score', value: 'score + 1' }] };
    expect(setVariableDefinition.variables(content)).toEqual({
      templates: [],
      expressions: ['score + 1'],
      writes: ['score'],
      nullable: [],
    });
    // Set to None (Jinja's null): printed as it is, visitors would read “None”.
    const cleared = {
      assignments: [
        { variable: 'coupon', value: ' none ' },
        { variable: 'plan', value: 'None' },
        { variable: 'note', value: "'none'" },
        { variable: 'code', value: 'none_left' },
      ],
    };
    expect(setVariableDefinition.variables(cleared).nullable).toEqual(['coupon', 'plan']);
    expect(setVariableDefinition.summary(content)).toEqual(['score = score + 1']);
    expect(setVariableDefinition.defaults).toEqual({ assignments: [{ variable: 'counter', value: '0' }] });
  });
});
