import { starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { newConversationState } from './state';
import { templateVariables } from './template-context';
import { renderTemplate } from './templating';

const meta = { botId: 'b', deploymentId: 'd', conversationId: 'c', companyId: 'co' };
const greeting = "Hi {{ name }}|{{ name | default('there') }}|{{ name is defined }}";

/** Renders the greeting in a conversation of a flow declaring `name` (without a value, or with one). */
function greet(declared: string | null, variables: Record<string, string | null> = {}) {
  const flow = { ...starterFlow('en'), variables: [{ name: 'name', default: declared, description: '' }] };
  const state = { ...newConversationState(), variables };
  return renderTemplate(greeting, templateVariables(flow, state, meta));
}

// Each expectation is what Jinja2 3.1's sandbox renders for the same template and context.
describe('declared variables in templates', () => {
  it('leaves one declared without a value out until it is set, as Jinja2 does a missing key', () => {
    expect(greet(null)).toBe('Hi |there|False');
  });

  it('gives one declared with a value that value until it is set', () => {
    expect(greet('friend')).toBe('Hi friend|friend|True');
    expect(greet('friend', { name: 'Ana' })).toBe('Hi Ana|Ana|True');
  });

  it('prints None for a value set to null, which default() keeps', () => {
    expect(greet(null, { name: null })).toBe('Hi None|None|True');
  });
});
