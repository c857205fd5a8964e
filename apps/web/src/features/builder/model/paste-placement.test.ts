import { loadFlow, starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { createBuilderStore } from './builder-store';
import { commandById } from './commands';
import { addModule } from './flow-edits';
import { groupBox, moduleLayout, type Rect } from './module-layout';
import { pasteCorner } from './paste-placement';

/** A view scrolled far from the origin, 1000 × 600 flow units. */
const view: Rect = { x: 5000, y: -3000, width: 1000, height: 600 };
const group = { width: 300, height: 200 };
const inView = (corner: { x: number; y: number }, size: { width: number; height: number }) =>
  corner.x >= view.x &&
  corner.y >= view.y &&
  corner.x + size.width <= view.x + view.width &&
  corner.y + size.height <= view.y + view.height;

describe('where pasted modules go', () => {
  it('puts the group’s top-left corner under the pointer when it fits there', () => {
    expect(pasteCorner(group, view, { x: 5100, y: -2900 })).toEqual({ x: 5100, y: -2900 });
  });

  it('moves the group back into view when the pointer is near an edge', () => {
    const corner = pasteCorner(group, view, { x: 5950, y: -2450 });
    expect(corner).toEqual({ x: 5700, y: -2600 });
    expect(inView(corner, group)).toBe(true);
  });

  it('centres the group in the view when the pointer is not over the canvas', () => {
    expect(pasteCorner(group, view, null)).toEqual({ x: 5350, y: -2800 });
  });

  it('starts a group bigger than the view at the view’s top-left corner', () => {
    expect(pasteCorner({ width: 3000, height: 2000 }, view, { x: 5500, y: -2700 })).toEqual({
      x: 5000,
      y: -3000,
    });
  });

  it('measures a group by its cards', () => {
    const flow = loadFlow(starterFlow('en'));
    const ask = addModule(flow, 'buttons', { x: 400, y: 100 });
    const modules = ask.flow.modules;
    const buttons = modules[1];
    if (!buttons) throw new Error('no module added');
    expect(groupBox(modules)).toEqual({
      x: 0,
      y: 0,
      width: 400 + moduleLayout(buttons).width,
      height: Math.max(moduleLayout(modules[0] ?? buttons).height, 100 + moduleLayout(buttons).height),
    });
  });

  it('the Paste command lands the copied group wholly in the canvas’s view, keeping its shape, selected', () => {
    const store = createBuilderStore({ botId: 'b', flow: starterFlow('en'), revision: 0 });
    const added = addModule(store.getState().flow, 'end', { x: 400, y: 80 });
    store.getState().apply(() => added.flow);
    store.getState().select(['start', added.id]);
    commandById('copy')?.perform(store);
    store.setState({
      canvas: {
        viewCentre: () => ({ x: view.x + view.width / 2, y: view.y + view.height / 2 }),
        pasteSpot: () => ({ view, pointer: { x: 5990, y: -2410 } }),
        sizeOf: () => undefined,
      },
    });
    commandById('paste')?.perform(store);
    const { flow, selected } = store.getState();
    const pasted = flow.modules.filter((module) => selected.includes(module.id));
    expect(pasted).toHaveLength(2);
    const box = groupBox(pasted);
    expect(inView(box, box)).toBe(true);
    const [first, second] = pasted;
    expect({
      x: (second?.position.x ?? 0) - (first?.position.x ?? 0),
      y: (second?.position.y ?? 0) - (first?.position.y ?? 0),
    }).toEqual({ x: 400, y: 80 });
  });
});
