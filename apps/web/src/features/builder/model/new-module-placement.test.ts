import { starterFlow } from '@parley/flow';
import { flowFixture } from '@parley/flow/testing';
import { describe, expect, it } from 'vitest';
import { type CanvasBridge, createBuilderStore } from './builder-store';
import type { Rect } from './module-layout';
import { addModuleInView, newModuleSpot, PLACEMENT_GAP } from './new-module-placement';

const size = { width: 260, height: 120 };
const view: Rect = { x: 0, y: 0, width: 1200, height: 700 };
const covers = (spot: { x: number; y: number }, rect: Rect) =>
  spot.x < rect.x + rect.width + PLACEMENT_GAP &&
  rect.x < spot.x + size.width + PLACEMENT_GAP &&
  spot.y < rect.y + rect.height + PLACEMENT_GAP &&
  rect.y < spot.y + size.height + PLACEMENT_GAP;
const inView = (spot: { x: number; y: number }, box: Rect) =>
  spot.x >= box.x &&
  spot.y >= box.y &&
  spot.x + size.width <= box.x + box.width &&
  spot.y + size.height <= box.y + box.height;

describe('where a new module goes', () => {
  it('in the middle of the view when nothing is there', () => {
    expect(newModuleSpot(size, [], view, null)).toEqual({ x: 470, y: 290 });
  });

  it('beside the selected module, to its right, with room for the connection', () => {
    const selected = { x: 100, y: 200, width: 260, height: 150 };
    expect(newModuleSpot(size, [selected], view, selected)).toEqual({ x: 440, y: 200 });
  });

  it('near the wanted spot, covering nothing and inside the view, however crowded the middle', () => {
    // A block of modules over the middle of the view.
    const crowd: Rect[] = [];
    for (const x of [350, 650]) for (const y of [170, 380]) crowd.push({ x, y, ...size });
    const spot = newModuleSpot(size, crowd, view, null);
    expect(crowd.some((rect) => covers(spot, rect))).toBe(false);
    expect(inView(spot, view)).toBe(true);
    // Nearest: no further from the middle than the block's edge.
    expect(Math.abs(spot.x + 130 - 600) + Math.abs(spot.y + 60 - 350)).toBeLessThan(500);
  });

  it('leaves a selected module that is out of sight alone: the middle of the view', () => {
    const far = { x: 5000, y: 5000, width: 260, height: 150 };
    expect(newModuleSpot(size, [far], view, far)).toEqual({ x: 470, y: 290 });
  });

  it('goes just outside a view with no room (the canvas then pans to it)', () => {
    const small: Rect = { x: 0, y: 0, width: 300, height: 160 };
    const filling = { x: 0, y: 0, width: 300, height: 160 };
    const spot = newModuleSpot(size, [filling], small, null);
    expect(covers(spot, filling)).toBe(false);
    expect(inView(spot, small)).toBe(false);
    expect(Math.hypot(spot.x - 20, spot.y + 20)).toBeLessThan(400);
  });
});

const canvas = (box: Rect): CanvasBridge => ({
  viewCentre: () => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 }),
  pasteSpot: () => ({ view: box, pointer: null }),
  sizeOf: () => size,
});

describe('adding a module where the builder looks', () => {
  it('adds it in view, one undo step, and asks the canvas to show it only gently', () => {
    const flow = flowFixture()
      .module('start', 'text', { text: 'Hi' }, {}, { name: 'Welcome', position: { x: 0, y: 0 } })
      .build();
    const store = createBuilderStore({ botId: 'b', flow, revision: 0 });
    // The view is far below the bot: the new module goes there, not next to the modules.
    store.setState({ canvas: canvas({ x: 0, y: 3000, width: 1000, height: 600 }) });
    const id = addModuleInView(store, 'text', { name: 'Text', content: { text: 'New' } });
    const added = store.getState().flow.modules.find((module) => module.id === id);
    expect(added?.position.y).toBeGreaterThanOrEqual(3000);
    expect(added?.position.y).toBeLessThan(3600);
    expect(store.getState().focusRequest).toMatchObject({ moduleId: id, gently: true });
    expect(store.getState().selected).toEqual([]);
    store.getState().undo();
    expect(store.getState().flow.modules).toHaveLength(1);
  });

  it('puts each next one beside the selected module, never on top of another', () => {
    const store = createBuilderStore({ botId: 'b', flow: starterFlow('en'), revision: 0 });
    store.setState({ canvas: canvas({ x: -200, y: -200, width: 1400, height: 900 }) });
    const start = store.getState().flow.modules[0];
    if (!start) throw new Error('no start');
    store.getState().select([start.id]);
    const first = addModuleInView(store, 'text', { name: 'Text', content: { text: 'One' } });
    const second = addModuleInView(store, 'text', { name: 'Text', content: { text: 'Two' } });
    const at = (id: string) => store.getState().flow.modules.find((module) => module.id === id)?.position;
    expect(at(first)).toEqual({ x: start.position.x + 260 + 2 * PLACEMENT_GAP, y: start.position.y });
    expect(at(second)).not.toEqual(at(first));
    const positions = store
      .getState()
      .flow.modules.map((module) => `${module.position.x},${module.position.y}`);
    expect(new Set(positions).size).toBe(3);
  });
});
