import type { FlowModule } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { moduleLayout } from './module-layout';
import { openingViewport, READABLE_ZOOM, rememberedViewport, rememberViewport } from './viewport';

const at = (id: string, x: number, y: number) =>
  ({
    id,
    type: 'text',
    name: id,
    position: { x, y },
    tags: [],
    connections: [],
    isGoal: false,
    content: { text: 'Hello' },
  }) as unknown as FlowModule;

describe('the view the canvas opens with', () => {
  it('fits every module with some room around, never past 100 %, when that is readable', () => {
    const small = [at('a', 0, 0), at('b', 400, 0)];
    expect(openingViewport(small, { width: 1200, height: 800 }).zoom).toBe(1);
    const wide = Array.from({ length: 3 }, (_, index) => at(`m${index}`, index * 340, 0));
    const view = openingViewport(wide, { width: 1000, height: 800 });
    const width = 2 * 340 + 260;
    expect(view.zoom).toBeCloseTo(1000 / (width * 1.2), 2);
    // Centred: as much room left of the first module as right of the last one.
    expect(view.x).toBeCloseTo(1000 - (view.x + width * view.zoom), 3);
  });

  it('opens a bot too big to read whole on its start module, at a readable zoom', () => {
    const tall = Array.from({ length: 200 }, (_, index) => at(`m${index}`, 0, index * 240));
    const view = openingViewport(tall, { width: 1000, height: 800 }, { startModuleId: 'm3' });
    expect(view.zoom).toBe(READABLE_ZOOM);
    // m3 (260 wide) is in the middle of the box.
    const { height } = moduleLayout(tall[3] as FlowModule);
    expect(view.x + 130 * view.zoom).toBeCloseTo(500, 6);
    expect(view.y + (3 * 240 + height / 2) * view.zoom).toBeCloseTo(400, 6);
    // Without a start module that exists: the first module.
    expect(openingViewport(tall, { width: 1000, height: 800 }, { startModuleId: 'gone' }).y).toBeCloseTo(
      400 - (height / 2) * READABLE_ZOOM,
      6,
    );
  });

  it('opens where this person left the bot, unless a module is asked for', () => {
    const modules = [at('a', 0, 0), at('b', 4000, 3000)];
    const remembered = { x: -1200, y: -300, zoom: 1.25 };
    expect(openingViewport(modules, { width: 1000, height: 800 }, { remembered })).toEqual(remembered);
    expect(
      openingViewport(modules, { width: 1000, height: 800 }, { remembered, focus: modules[0] }).zoom,
    ).toBe(1);
  });

  it('centres a module asked for at 100 %', () => {
    const module = at('focus', 1000, 500);
    const { height } = moduleLayout(module);
    expect(openingViewport([module], { width: 800, height: 600 }, { focus: module })).toEqual({
      x: 400 - 1130,
      y: 300 - (500 + height / 2),
      zoom: 1,
    });
  });
});

describe('the remembered view', () => {
  it('is kept per person and bot, and survives only as a valid view', () => {
    localStorage.clear();
    expect(rememberedViewport('u1', 'b1')).toBeNull();
    rememberViewport('u1', 'b1', { x: 10.4, y: -20.6, zoom: 0.8 });
    expect(rememberedViewport('u1', 'b1')).toEqual({ x: 10, y: -21, zoom: 0.8 });
    expect(rememberedViewport('u2', 'b1')).toBeNull();
    expect(rememberedViewport('u1', 'b2')).toBeNull();
    // What is not a view (another version's, edited by hand) is forgotten: a first visit's view.
    localStorage.setItem('parley.builder.viewport.u1.b1', '{"x":1,"y":2,"zoom":0}');
    expect(rememberedViewport('u1', 'b1')).toBeNull();
    localStorage.setItem('parley.builder.viewport.u1.b1', 'not json');
    expect(rememberedViewport('u1', 'b1')).toBeNull();
    rememberViewport('u1', 'b1', { x: Number.NaN, y: 0, zoom: 1 });
    expect(rememberedViewport('u1', 'b1')).toBeNull();
  });
});
