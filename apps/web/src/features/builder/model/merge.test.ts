import { starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { addModule, moveModules, removeModules, updateModule } from './flow-edits';
import { mergeFlows, sameValue } from './merge';

describe('merging a stale draft with a newer save', () => {
  const base = (() => {
    let flow = starterFlow('en');
    flow = addModule(flow, 'text', { x: 300, y: 0 }).flow;
    flow = addModule(flow, 'end', { x: 600, y: 0 }).flow;
    return flow;
  })();
  const [, text, end] = base.modules.map((module) => module.id) as [string, string, string];

  it('keeps what each side changed, and ours where both changed the same module', () => {
    const theirs = updateModule(moveModules(base, { [text]: { x: 300, y: 200 } }), end, { name: 'Goodbye' });
    let ours = updateModule(base, end, { name: 'The end' });
    ours = addModule(ours, 'buttons', { x: 900, y: 0 }).flow;
    ours = { ...ours, variables: [{ name: 'total', default: 0, description: '' }] };
    const { flow, conflicts } = mergeFlows(base, theirs, ours);
    expect(flow.modules.map((module) => [module.id, module.position.y, module.name])).toEqual([
      ['start', 0, base.modules[0]?.name],
      [text, 200, 'Text'],
      [end, 0, 'The end'],
      [ours.modules[3]?.id, 0, 'Buttons'],
    ]);
    expect(flow.variables.map((variable) => variable.name)).toEqual(['total']);
    expect(conflicts).toEqual(['The end']);
  });

  it('takes their removals and drops our connections into what they removed', () => {
    const theirs = removeModules(base, [end]);
    const ours = {
      ...base,
      modules: base.modules.map((module) =>
        module.id === text ? { ...module, connections: [{ id: 'c9', port: 'next', target: end }] } : module,
      ),
    };
    const { flow } = mergeFlows(base, theirs, ours);
    // We changed the text module (a connection), so ours is kept: without the connection to nowhere.
    expect(flow.modules.map((module) => module.id)).toEqual(['start', text]);
    expect(flow.modules[1]?.connections).toEqual([]);
  });

  it('compares values whatever order their keys came in', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: undefined }, {})).toBe(true);
  });
});
