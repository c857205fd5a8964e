export type Point = { x: number; y: number };

/** A connection's cubic Bézier curve, in flow units. */
export interface Curve {
  from: Point;
  c1: Point;
  c2: Point;
  to: Point;
}

/** React Flow's control distance for its default (Bézier) edges. */
const controlOffset = (distance: number, curvature: number) =>
  distance >= 0 ? 0.5 * distance : curvature * 25 * Math.sqrt(-distance);

/**
 * The curve React Flow draws from an output on a module's right side to an input on another's
 * left side (getBezierPath, curvature 0.25), so painted connections match drawn ones exactly.
 */
export function connectionCurve(from: Point, to: Point, curvature = 0.25): Curve {
  return {
    from,
    c1: { x: from.x + controlOffset(to.x - from.x, curvature), y: from.y },
    c2: { x: to.x - controlOffset(to.x - from.x, curvature), y: to.y },
    to,
  };
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A box around the curve (its control points bound it). */
export function curveBounds({ from, c1, c2, to }: Curve): Bounds {
  return {
    minX: Math.min(from.x, c1.x, c2.x, to.x),
    minY: Math.min(from.y, c1.y, c2.y, to.y),
    maxX: Math.max(from.x, c1.x, c2.x, to.x),
    maxY: Math.max(from.y, c1.y, c2.y, to.y),
  };
}

export const overlaps = (a: Bounds, b: Bounds) =>
  a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;

export function pointOnCurve({ from, c1, c2, to }: Curve, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return {
    x: a * from.x + b * c1.x + c * c2.x + d * to.x,
    y: a * from.y + b * c1.y + c * c2.y + d * to.y,
  };
}

function distanceToSegment(point: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t =
    length === 0 ? 0 : Math.max(0, Math.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length));
  return Math.hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy));
}

/** How far a point is from the curve (measured along 32 straight pieces of it). */
export function distanceToCurve(point: Point, curve: Curve, pieces = 32): number {
  let best = Number.POSITIVE_INFINITY;
  let previous = curve.from;
  for (let step = 1; step <= pieces; step++) {
    const next = pointOnCurve(curve, step / pieces);
    best = Math.min(best, distanceToSegment(point, previous, next));
    previous = next;
  }
  return best;
}
