import { describe, expect, it } from 'vitest';
import { starterFlow } from '../starter';
import { flowFixture, flowOf } from './flow-fixture';

describe('the flow fixture builder', () => {
  it('writes modules with their content defaults, wired port by port, starting at the first', () => {
    const flow = flowFixture()
      .module(
        'ask',
        'input',
        { prompt: 'Your name?', variable: 'name', validator: { type: 'text' } },
        {
          next: 'hello',
          invalid: 'bye',
        },
      )
      .module('hello', 'text', { text: 'Hi {{ name }}' }, { next: 'bye' }, { isGoal: true, goalValue: 5 })
      .module('bye', 'end', {})
      .build();
    expect(flow.startModuleId).toBe('ask');
    expect(flow.modules.map((module) => module.id)).toEqual(['ask', 'hello', 'bye']);
    expect(flow.modules[0]).toMatchObject({
      type: 'input',
      content: { prompt: 'Your name?', maxRetries: 2, skippable: false },
      connections: [
        { id: 'ask-next', port: 'next', target: 'hello' },
        { id: 'ask-invalid', port: 'invalid', target: 'bye' },
      ],
    });
    expect(flow.modules[1]).toMatchObject({ isGoal: true, goalValue: 5, name: '' });
  });

  it('makes connection ids the schema accepts from any port, or takes the ones given', () => {
    const flow = flowOf([
      [
        'menu',
        'buttons',
        { text: 'Pick', buttons: [{ id: 'tea', label: 'Tea', action: { type: 'goto' } }] },
        { 'button:tea': 'tea' },
      ],
      ['tea', 'text', { text: 'Tea!' }, [{ id: 'c9', port: 'next', target: 'menu' }]],
    ]);
    expect(flow.modules[0]?.connections).toEqual([
      { id: 'menu-button_tea', port: 'button:tea', target: 'tea' },
    ]);
    expect(flow.modules[1]?.connections).toEqual([{ id: 'c9', port: 'next', target: 'menu' }]);
  });

  it('goes over a starter flow, keeping its settings unless told', () => {
    const starter = starterFlow('es');
    const flow = flowFixture()
      .module('welcome', 'text', { text: 'Hola' })
      .tag({ id: 'sales', name: 'Sales' })
      .intent('greet', ['hola'])
      .variable({ name: 'plan', default: 'free' })
      .global({ id: 'g1', trigger: { type: 'keyword', keywords: ['menu'] }, target: 'welcome' })
      .settings({ expiryMinutes: 5 })
      .startAt('welcome')
      .onto(starter);
    expect(flow.settings).toEqual({ ...starter.settings, expiryMinutes: 5 });
    expect(flow.startModuleId).toBe('welcome');
    expect(flow.tags).toEqual([{ id: 'sales', name: 'Sales', color: '#6366f1' }]);
    expect(flow.globalConnections[0]).toMatchObject({ target: 'welcome', enabled: true, priority: 0 });
    expect(flow.intents).toEqual([{ name: 'greet', utterances: ['hola'] }]);
    expect(flow.variables).toEqual([{ name: 'plan', default: 'free', description: '' }]);
  });

  it('keeps the starter’s welcome module, in the bot’s language, wired on', () => {
    const flow = flowFixture()
      .starterWelcome({ next: 'menu' })
      .module('menu', 'text', { text: 'Menu' })
      .onto(starterFlow('es'));
    expect(flow.startModuleId).toBe('start');
    expect(flow.modules[0]).toMatchObject({
      id: 'start',
      name: 'Bienvenida',
      content: { text: '¡Hola! 👋 ¿En qué puedo ayudarte hoy?' },
      connections: [{ id: 'start-next', port: 'next', target: 'menu' }],
    });
  });

  it('refuses a fixture the flow schema refuses, where it is built', () => {
    expect(() => flowFixture().module('bad id!', 'text', { text: 'x' }).build()).toThrow(/Ids use letters/);
    expect(() => flowFixture().build()).toThrow(/needs a module/);
  });
});
