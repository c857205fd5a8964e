import { starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { addModule, connect, moveModules, updateModule } from './flow-edits';
import { sameWiring } from './wiring';

const twoModules = () => {
  const added = addModule(starterFlow('en'), 'text', { x: 300, y: 0 });
  return { flow: connect(added.flow, { source: 'start', port: 'next', target: added.id }), id: added.id };
};

describe('the wiring of a flow', () => {
  it('stays the same while modules only move', () => {
    const { flow, id } = twoModules();
    const moved = moveModules(flow, { [id]: { x: 500, y: 80 } });
    expect(moved.modules).not.toBe(flow.modules);
    expect(sameWiring(flow.modules, moved.modules)).toBe(true);
  });

  it('changes with a connection, a new module or a removed one', () => {
    const { flow, id } = twoModules();
    expect(
      sameWiring(flow.modules, connect(flow, { source: id, port: 'next', target: 'start' }).modules),
    ).toBe(false);
    expect(sameWiring(flow.modules, addModule(flow, 'end', { x: 0, y: 0 }).flow.modules)).toBe(false);
    expect(sameWiring(flow.modules, flow.modules.slice(0, 1))).toBe(false);
  });

  it('changes when a module changes its type (connections take its colour)', () => {
    const { flow } = twoModules();
    const [start, other] = flow.modules;
    if (!start || !other) throw new Error('two modules expected');
    const retyped = { ...other, type: 'end', content: {} } as unknown as typeof other;
    expect(sameWiring(flow.modules, [start, retyped])).toBe(false);
  });

  it('ignores edits of content and names', () => {
    const { flow, id } = twoModules();
    const renamed = updateModule(flow, id, { name: 'Renamed', content: { text: 'Changed' } });
    expect(sameWiring(flow.modules, renamed.modules)).toBe(true);
  });
});
