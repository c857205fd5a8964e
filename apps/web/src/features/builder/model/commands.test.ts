import { starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { createBuilderStore } from './builder-store';
import { commandById, shortcutLabel, shortcutOf } from './commands';
import { moveModules } from './flow-edits';

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
