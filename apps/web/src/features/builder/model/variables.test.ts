import { loadFlow, starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import {
  pickableNames,
  renameInExpression,
  renameInTemplate,
  renameVariable,
  variableUsages,
} from './variables';

const flow = loadFlow({
  ...starterFlow('en'),
  modules: [
    { id: 'start', type: 'text', content: { text: 'Hi {{ name }}! Your order: {{ order.name }}' } },
    {
      id: 'ask',
      type: 'input',
      content: { prompt: 'Your name?', variable: 'name', validator: { type: 'text' } },
    },
    {
      id: 'check',
      type: 'condition',
      content: { branches: [{ id: 'c1', label: '', expression: "name == 'name' and total > 1" }] },
    },
    {
      id: 'menu',
      type: 'buttons',
      content: {
        text: 'Pick, {{ name | upper }}',
        buttons: [
          {
            id: 'b1',
            label: 'Me',
            action: { type: 'goto' },
            setVariables: [{ variable: 'who', value: 'name ~ "!"' }],
          },
        ],
      },
    },
  ],
  globalConnections: [
    {
      id: 'g1',
      trigger: { type: 'keyword', keywords: ['name'] },
      target: 'ask',
      actions: [{ type: 'set_variable', variable: 'name', value: "'anonymous'" }],
    },
  ],
  variables: [{ name: 'total', default: 0 }],
});

describe('variable explorer', () => {
  it('knows where each variable is set and read', () => {
    const usages = Object.fromEntries(variableUsages(flow).map((usage) => [usage.name, usage]));
    expect(usages.name).toEqual({
      name: 'name',
      declared: false,
      setIn: ['ask', 'global:g1'],
      readIn: ['start', 'check', 'menu', 'menu'].filter((id, index, all) => all.indexOf(id) === index),
    });
    expect(usages.total).toMatchObject({ declared: true, setIn: [], readIn: ['check'] });
    expect(usages.order).toMatchObject({ declared: false, setIn: [], readIn: ['start'] });
    expect(pickableNames(variableUsages(flow))).toEqual(['name', 'total', 'who']);
  });

  it('renames names only: not strings, attributes or the text around templates', () => {
    expect(renameInExpression("name == 'name' and user.name", 'name', 'full_name')).toBe(
      "full_name == 'name' and user.name",
    );
    expect(renameInTemplate('name: {{ name }} {% if name %}yes{% endif %}', 'name', 'who')).toBe(
      'name: {{ who }} {% if who %}yes{% endif %}',
    );
  });

  it('renames a variable everywhere it is declared, set and read', () => {
    const renamed = renameVariable(flow, 'name', 'full_name');
    const byId = Object.fromEntries(renamed.modules.map((module) => [module.id, module.content]));
    expect(byId.start).toEqual({ text: 'Hi {{ full_name }}! Your order: {{ order.name }}' });
    expect(byId.ask).toMatchObject({ variable: 'full_name', prompt: 'Your name?' });
    expect(byId.check).toMatchObject({
      branches: [{ expression: "full_name == 'name' and total > 1" }],
    });
    expect(byId.menu).toMatchObject({
      text: 'Pick, {{ full_name | upper }}',
      buttons: [{ label: 'Me', setVariables: [{ variable: 'who', value: 'full_name ~ "!"' }] }],
    });
    expect(renamed.globalConnections[0]?.actions).toEqual([
      { type: 'set_variable', variable: 'full_name', value: "'anonymous'" },
    ]);
    // Keywords are what users type, not variables.
    expect(renamed.globalConnections[0]?.trigger).toEqual(flow.globalConnections[0]?.trigger);

    const totals = renameVariable(flow, 'total', 'sum');
    expect(totals.variables.map((variable) => variable.name)).toEqual(['sum']);
    expect(totals.modules[0]).toBe(flow.modules[0]);
  });
});

describe('renaming in webhooks', () => {
  it('treats header values as templates, not expressions', () => {
    const webhook = loadFlow({
      ...starterFlow('en'),
      modules: [
        {
          id: 'start',
          type: 'webhook',
          content: {
            url: 'https://example.com/{{ token }}',
            headers: [{ name: 'Authorization', value: 'token {{ token }}' }],
            responseVariable: 'token',
          },
        },
      ],
    });
    expect(renameVariable(webhook, 'token', 'secret').modules[0]?.content).toMatchObject({
      url: 'https://example.com/{{ secret }}',
      headers: [{ name: 'Authorization', value: 'token {{ secret }}' }],
      responseVariable: 'secret',
    });
  });
});
