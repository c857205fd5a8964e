import { starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { createBuilderStore } from './builder-store';
import { commandById, shortcutLabel, shortcutOf } from './commands';
import { addModule, connect, moveModules } from './flow-edits';

describe('builder commands', () => {
  it('are enabled when they can act, and act on the store', () => {
    const store = createBuilderStore({ botId: 'b', flow: starterFlow('en'), revision: 0 });
    const undo = commandById('undo');
    const redo = commandById('redo');
    expect(undo?.enabled(store.getState())).toBe(false);
    store.getState().apply((flow) => moveModules(flow, { start: { x: 5, y: 5 } }));
    expect(undo?.enabled(store.getState())).toBe(true);
    undo?.perform(store);
    expect(redo?.enabled(store.getState())).toBe(true);
    redo?.perform(store);
    expect(store.getState().flow.modules[0]?.position).toEqual({ x: 5, y: 5 });
  });

  it('reads key presses as shortcuts, and shows them as the machine writes them', () => {
    const key = { key: 'Z', ctrlKey: false, metaKey: true, shiftKey: true, altKey: false };
    expect(shortcutOf(key)).toBe('mod+shift+z');
    expect(commandById('redo')?.shortcuts).toContain(shortcutOf(key));
    expect(shortcutLabel('mod+shift+z', true)).toBe('⌘⇧Z');
    expect(shortcutLabel('mod+y', false)).toBe('Ctrl+Y');
  });
});

describe('editing commands', () => {
  const twoModules = () => {
    const store = createBuilderStore({ botId: 'b', flow: starterFlow('en'), revision: 0 });
    const added = addModule(store.getState().flow, 'end', { x: 400, y: 0 });
    store.getState().apply(() => connect(added.flow, { source: 'start', port: 'next', target: added.id }));
    return { store, end: added.id };
  };

  it('copy and paste: the pasted modules are new, connected among themselves, selected; one undo removes them', () => {
    const { store, end } = twoModules();
    store.getState().select(['start', end]);
    commandById('copy')?.perform(store);
    commandById('paste')?.perform(store);
    const state = store.getState();
    expect(state.flow.modules).toHaveLength(4);
    expect(state.selected).toHaveLength(2);
    const pastedStart = state.flow.modules.find((module) => module.id === state.selected[0]);
    expect(pastedStart?.connections.map((connection) => connection.target)).toEqual([state.selected[1]]);
    expect(state.flow.startModuleId).toBe('start');
    commandById('undo')?.perform(store);
    expect(store.getState().flow.modules).toHaveLength(2);
  });

  it('delete removes the selected modules and connections but never the start module', () => {
    const { store, end } = twoModules();
    store.getState().select(['start', end]);
    expect(commandById('delete')?.enabled(store.getState())).toBe(true);
    commandById('delete')?.perform(store);
    expect(store.getState().flow.modules.map((module) => module.id)).toEqual(['start']);
    expect(store.getState().selected).toEqual(['start']);
    expect(commandById('delete')?.enabled(store.getState())).toBe(false);
  });

  it('cut, duplicate, select all and align', () => {
    const { store, end } = twoModules();
    commandById('selectAll')?.perform(store);
    expect(store.getState().selected).toEqual(['start', end]);
    commandById('alignTop')?.perform(store);
    expect(new Set(store.getState().flow.modules.map((module) => module.position.y)).size).toBe(1);
    store.getState().select([end]);
    commandById('duplicate')?.perform(store);
    expect(store.getState().flow.modules).toHaveLength(3);
    commandById('cut')?.perform(store);
    expect(store.getState().flow.modules).toHaveLength(2);
    commandById('paste')?.perform(store);
    expect(store.getState().flow.modules).toHaveLength(3);
  });
});
