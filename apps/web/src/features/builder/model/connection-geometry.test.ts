import { getBezierPath, Position } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { connectionCurve, curveBounds, distanceToCurve, overlaps, pointOnCurve } from './connection-geometry';

/** The numbers of React Flow's path `M x,y C c1x,c1y c2x,c2y x,y`. */
const numbersOf = (path: string) => (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe('a connection curve', () => {
  it.each([
    ['forwards', { x: 0, y: 0 }, { x: 300, y: 120 }],
    ['backwards', { x: 500, y: 40 }, { x: 100, y: 300 }],
    ['level', { x: 10, y: 10 }, { x: 20, y: 10 }],
  ])('is the curve React Flow draws (%s)', (_, from, to) => {
    const [path] = getBezierPath({
      sourceX: from.x,
      sourceY: from.y,
      sourcePosition: Position.Right,
      targetX: to.x,
      targetY: to.y,
      targetPosition: Position.Left,
    });
    const { c1, c2 } = connectionCurve(from, to);
    expect(numbersOf(path)).toEqual([from.x, from.y, c1.x, c1.y, c2.x, c2.y, to.x, to.y]);
  });

  it('knows how far a point is from it, and the box it stays in', () => {
    const curve = connectionCurve({ x: 0, y: 0 }, { x: 400, y: 200 });
    expect(distanceToCurve(pointOnCurve(curve, 0.37), curve)).toBeLessThan(0.5);
    expect(distanceToCurve({ x: 0, y: 200 }, curve)).toBeGreaterThan(50);
    const bounds = curveBounds(curve);
    expect(bounds).toEqual({ minX: 0, minY: 0, maxX: 400, maxY: 200 });
    expect(overlaps(bounds, { minX: 390, minY: 190, maxX: 500, maxY: 500 })).toBe(true);
    expect(overlaps(bounds, { minX: 401, minY: 0, maxX: 500, maxY: 500 })).toBe(false);
  });
});
