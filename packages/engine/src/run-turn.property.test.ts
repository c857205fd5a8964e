import { gotoPayload } from '@parley/modules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryModelStore } from './nlu/model-store';
import { NluEngine } from './nlu/nlu';
import { MAX_STEPS_PER_TURN, runTurn, type TurnInput } from './run-turn';
import { conversationStateSchema, newConversationState } from './state';
import { flowOf, testMeta, testServices } from './testing/run-bot';

const words = [
  'hi',
  'help',
  'yes',
  'no',
  '42',
  'skip',
  'refund',
  'a@b.co',
  '',
  '   ',
  '{{ x }}',
  'Option 1',
  'ORDER',
  '\u0000',
  'x'.repeat(300),
];
const templates = [
  'Hello',
  'Hi {{ name }}',
  '{{ n + 1 }}',
  '{{ 1 / 0 }}',
  '{{ missing.attr.deep }}',
  '{% for i in range(3) %}{{ i }}{% endfor %}',
  'Total {{ total | default(0) }}',
  '{{ parley.transcript | length }}',
];
const expressions = [
  'true',
  'false',
  'n > 2',
  '(n or 0) + 1',
  'name == "Ada"',
  'missing.attr',
  '1 / 0',
  '"text"',
];

const moduleIds = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];

/** Content for each module type, built from small vocabularies (some templates fail on purpose). */
const contentFor = (type: string) => {
  switch (type) {
    case 'text':
      return fc.record({ text: fc.constantFrom(...templates) });
    case 'buttons':
      return fc.record({
        text: fc.constantFrom(...templates),
        buttons: fc.array(
          fc.record({
            id: fc.constantFrom('b1', 'b2', 'b3'),
            label: fc.constantFrom('Option 1', 'Option 2', 'Help'),
            action: fc.constantFrom(
              { type: 'goto' },
              { type: 'postback', payload: 'HELP' },
              { type: 'url', url: 'https://x.io' },
            ),
            setVariables: fc.array(
              fc.record({
                variable: fc.constantFrom('n', 'name', 'picked'),
                value: fc.constantFrom(...expressions),
              }),
              { maxLength: 2 },
            ),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      });
    case 'input':
      return fc.record({
        prompt: fc.constantFrom(...templates),
        variable: fc.constantFrom('name', 'n', 'email'),
        validator: fc.constantFrom(
          { type: 'text', minLength: 1 },
          { type: 'email' },
          { type: 'number' },
          { type: 'phone' },
          { type: 'choice', choices: ['yes', 'no'] },
        ),
        maxRetries: fc.integer({ min: 0, max: 2 }),
        skippable: fc.boolean(),
      });
    case 'condition':
      return fc.record({
        branches: fc.array(
          fc.record({ id: fc.constantFrom('c1', 'c2'), expression: fc.constantFrom(...expressions) }),
          { minLength: 1, maxLength: 2 },
        ),
      });
    case 'set_variable':
      return fc.record({
        assignments: fc.array(
          fc.record({
            variable: fc.constantFrom('n', 'name', 'total'),
            value: fc.constantFrom(...expressions),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      });
    case 'delay':
      return fc.record({ seconds: fc.integer({ min: 1, max: 60 }) });
    case 'handoff':
      return fc.record({ message: fc.constantFrom(...templates) });
    case 'end':
      return fc.record({ message: fc.constantFrom('', 'Bye {{ name }}') });
    default:
      return fc.constant({});
  }
};

const moduleArb = (id: string) =>
  fc
    .constantFrom('text', 'buttons', 'input', 'condition', 'set_variable', 'jump', 'delay', 'handoff', 'end')
    .chain((type) =>
      fc.tuple(
        fc.constant(type),
        contentFor(type),
        fc.dictionary(
          fc.constantFrom(
            'next',
            'invalid',
            'button:b1',
            'button:b2',
            'button:b3',
            'branch:c1',
            'branch:c2',
            'else',
            'resume',
          ),
          fc.constantFrom(...moduleIds),
        ),
      ),
    )
    .map(
      ([type, content, connections]) =>
        [id, type, content, connections] as [string, string, unknown, Record<string, string>],
    );

const flowArb = fc
  .integer({ min: 1, max: moduleIds.length })
  .chain((count) => fc.tuple(...moduleIds.slice(0, count).map(moduleArb)))
  .chain((modules) =>
    fc.record({
      modules: fc.constant(modules),
      globals: fc.array(
        fc.record({
          keyword: fc.constantFrom('help', 'yes', 'refund'),
          target: fc.constantFrom(...modules.map(([id]) => id)),
        }),
        { maxLength: 2 },
      ),
    }),
  )
  .map(({ modules, globals }) => {
    const ids = new Set(modules.map(([id]) => id));
    // Keep only connections from ports the module really has and to modules that exist.
    const cleaned = modules.map(([id, type, content, connections]) => {
      const flowWithOne = flowOf([[id, type, content]]);
      const module = flowWithOne.modules[0];
      const ports = new Set((module ? portsFor(module) : []).map((port) => port.id));
      return [
        id,
        type,
        content,
        Object.fromEntries(
          Object.entries(connections).filter(([port, target]) => ports.has(port) && ids.has(target)),
        ),
      ] as [string, string, unknown, Record<string, string>];
    });
    return flowOf(cleaned, {
      globalConnections: globals.map((global, index) => ({
        id: `g${index}`,
        name: '',
        trigger: { type: 'keyword', keywords: [global.keyword], match: 'exact' },
        target: global.target,
        actions: [],
        enabled: true,
        priority: index,
      })),
    });
  });

import { portsOf as portsFor } from '@parley/flow';

const inputArb: fc.Arbitrary<TurnInput> = fc.oneof(
  fc.constant({ type: 'start' } as const),
  fc.constantFrom(...words).map((text) => ({ type: 'text', text }) as const),
  fc
    .tuple(fc.constantFrom(...moduleIds), fc.constantFrom('b1', 'b2', 'b3'))
    .map(([moduleId, buttonId]) => ({ type: 'postback', payload: gotoPayload(moduleId, buttonId) }) as const),
  fc.constant({ type: 'postback', payload: 'HELP' } as const),
  fc.constantFrom(...moduleIds).map((moduleId) => ({ type: 'delayed_move', moduleId }) as const),
  fc.constantFrom({ type: 'resume' } as const, { type: 'handoff' } as const, { type: 'expire' } as const),
  fc.constantFrom(...words).map((text) => ({ type: 'agent_message', text, agent: 'Ana' }) as const),
);

describe('any valid flow, any input', () => {
  it('never throws, never runs past the step cap, always leaves a valid state', async () => {
    const nlu = new NluEngine(memoryModelStore());
    await fc.assert(
      fc.asyncProperty(flowArb, fc.array(inputArb, { minLength: 1, maxLength: 8 }), async (flow, inputs) => {
        const { services, advance } = testServices();
        let state = newConversationState();
        for (const input of inputs) {
          const result = await runTurn(flow, state, input, services, testMeta, nlu);
          const executed = result.events.filter((event) => event.name === 'Module Executed').length;
          expect(executed).toBeLessThanOrEqual(MAX_STEPS_PER_TURN);
          expect(conversationStateSchema.safeParse(result.state).success).toBe(true);
          expect(JSON.stringify(result.state)).not.toContain('\\u0000');
          state = result.state;
          advance(1000);
        }
      }),
      { numRuns: 150 },
    );
  });
});
