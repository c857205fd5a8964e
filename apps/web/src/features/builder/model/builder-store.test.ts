import { starterFlow } from '@parley/flow';
import { moduleDefinitions } from '@parley/modules';
import { describe, expect, it } from 'vitest';
import { createBuilderStore } from './builder-store';
import { addModule, moveModules } from './flow-edits';

const fresh = () => createBuilderStore({ botId: 'b', flow: starterFlow('en'), revision: 0 });
const moveTo = (x: number) => (flow: ReturnType<typeof starterFlow>) =>
  moveModules(flow, { start: { x, y: 0 } });

describe('the builder store', () => {
  it('undoes and redoes every edit, and a new edit clears what was undone', () => {
    const store = fresh();
    const original = store.getState().flow;
    store.getState().apply(moveTo(10));
    store.getState().apply((flow) => addModule(flow, 'text', { x: 1, y: 2 }).flow);
    expect(store.getState().flow.modules).toHaveLength(2);
    store.getState().undo();
    expect(store.getState().flow.modules).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().flow).toBe(original);
    store.getState().undo();
    expect(store.getState().flow).toBe(original);
    store.getState().redo();
    expect(store.getState().flow.modules[0]?.position.x).toBe(10);
    store.getState().apply(moveTo(30));
    store.getState().redo();
    expect(store.getState().flow.modules).toHaveLength(1);
    expect(store.getState().future).toEqual([]);
  });

  it('makes one undo step of a gesture (a drag), and counts undo and redo as edits to save', () => {
    const store = fresh();
    const original = store.getState().flow;
    for (const x of [5, 10, 15, 20]) store.getState().apply(moveTo(x), 'drag');
    store.getState().endGesture();
    store.getState().apply(moveTo(99), 'drag');
    expect(store.getState().past).toHaveLength(2);
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().flow).toBe(original);
    expect(store.getState().edits).toBe(7);
  });

  it('adds modules with the type’s defaults and ids that are new', () => {
    let flow = starterFlow('en');
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      const added = addModule(flow, 'buttons', { x: 0, y: 0 });
      flow = added.flow;
      ids.push(added.id);
    }
    expect(new Set(ids).size).toBe(3);
    expect(flow.modules.at(-1)?.content).toEqual(moduleDefinitions.buttons.defaults);
    expect(flow.modules.at(-1)?.content).not.toBe(moduleDefinitions.buttons.defaults);
  });
});

describe('selection and focus', () => {
  it('selects modules and asks the canvas to show one', () => {
    const store = createBuilderStore({ botId: 'b', flow: starterFlow('en'), revision: 0 });
    store.getState().select(['a', 'b']);
    expect(store.getState().selected).toEqual(['a', 'b']);
    const before = store.getState();
    store.getState().select(['a', 'b']);
    expect(store.getState()).toBe(before);
    store.getState().focus('start');
    store.getState().focus('start');
    expect(store.getState().selected).toEqual(['start']);
    expect(store.getState().focusRequest).toEqual({ moduleId: 'start', serial: 2 });
  });
});

describe('tag pinning', () => {
  it('pins and unpins tags by click, several at once', () => {
    const store = createBuilderStore({ botId: 'b', flow: starterFlow('en'), revision: 0 });
    store.getState().togglePinnedTag('urgent');
    store.getState().togglePinnedTag('sales');
    expect(store.getState().pinnedTags).toEqual(['urgent', 'sales']);
    store.getState().togglePinnedTag('urgent');
    expect(store.getState().pinnedTags).toEqual(['sales']);
    // Pinning is a view of the document, not an edit of it: nothing to save or undo.
    expect(store.getState().edits).toBe(0);
  });
});
