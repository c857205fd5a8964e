import { describe, expect, it } from 'vitest';
import { testContext } from '../kit/testing';
import { setVariableRuntime } from '../set-variable/execute';
import { conditionRuntime } from './execute';
import { conditionDefinition } from './schema';

describe('condition module', () => {
  const content = {
    branches: [
      { id: 'big', label: 'Big order', expression: 'total > 100' },
      { id: 'some', label: '', expression: 'total > 0' },
    ],
  };

  it('follows the first branch that holds', async () => {
    expect(await conditionRuntime.enter(content, testContext({ variables: { total: 150 } }).context)).toEqual(
      { kind: 'continue', port: 'branch:big' },
    );
    expect(await conditionRuntime.enter(content, testContext({ variables: { total: 5 } }).context)).toEqual({
      kind: 'continue',
      port: 'branch:some',
    });
  });

  it('takes else when none holds', async () => {
    expect(await conditionRuntime.enter(content, testContext({ variables: { total: 0 } }).context)).toEqual({
      kind: 'continue',
      port: 'else',
    });
  });

  it('has a port per branch and one for else', () => {
    expect(conditionDefinition.ports(content)).toEqual([
      { id: 'branch:big', label: 'Big order' },
      { id: 'branch:some', label: 'total > 0' },
      { id: 'else', label: 'Else' },
    ]);
  });
});

describe('set variable module', () => {
  it('applies each assignment in order', async () => {
    const { context, variables } = testContext({ variables: { base: 2 } });
    const result = await setVariableRuntime.enter(
      {
        assignments: [
          { variable: 'a', value: '"x"' },
          { variable: 'b', value: 'base' },
        ],
      },
      context,
    );
    expect(result).toEqual({ kind: 'continue', port: 'next' });
    expect(Object.fromEntries(variables)).toMatchObject({ a: 'x', b: 2 });
  });
});
