import { starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { newConversationState } from './state';
import { SYSTEM_VARIABLES } from './system-variables';
import { templateVariables } from './template-context';

describe('system variables', () => {
  it('lists every parley.* value templates can read, and nothing else', () => {
    const variables = templateVariables(starterFlow('en'), newConversationState(), {
      botId: 'b',
      deploymentId: 'd',
      conversationId: 'c',
      companyId: 'co',
    });
    if (typeof variables !== 'function') throw new Error('variables are read by name');
    const parley = variables('parley') as Record<string, unknown>;
    const listed = SYSTEM_VARIABLES.filter((name) => name.startsWith('parley.')).map((name) =>
      name.slice('parley.'.length),
    );
    expect(listed.sort()).toEqual(Object.keys(parley).sort());
  });
});
