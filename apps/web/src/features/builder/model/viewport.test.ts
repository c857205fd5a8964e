import type { FlowModule } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { moduleLayout } from './module-layout';
import { openingViewport } from './viewport';

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
  it('fits every module with some room around, never past 100 %', () => {
    const small = [at('a', 0, 0), at('b', 400, 0)];
    expect(openingViewport(small, { width: 1200, height: 800 }).zoom).toBe(1);
    const wide = Array.from({ length: 12 }, (_, index) => at(`m${index}`, index * 340, 0));
    const view = openingViewport(wide, { width: 1000, height: 800 });
    const width = 11 * 340 + 260;
    expect(view.zoom).toBeCloseTo(1000 / (width * 1.2), 3);
    // Centred: as much room left of the first module as right of the last one.
    expect(view.x).toBeCloseTo(1000 - (view.x + width * view.zoom), 3);
  });

  it('stops zooming out at 10 %', () => {
    const tall = Array.from({ length: 200 }, (_, index) => at(`m${index}`, 0, index * 240));
    expect(openingViewport(tall, { width: 1000, height: 800 }).zoom).toBe(0.1);
  });

  it('centres a module asked for at 100 %', () => {
    const module = at('focus', 1000, 500);
    const { height } = moduleLayout(module);
    expect(openingViewport([module], { width: 800, height: 600 }, module)).toEqual({
      x: 400 - 1130,
      y: 300 - (500 + height / 2),
      zoom: 1,
    });
  });
});
