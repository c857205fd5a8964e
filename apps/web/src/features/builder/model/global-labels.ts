import { type Bounds, connectionCurve, overlaps, type Point, pointOnCurve } from './connection-geometry';

/** A global connection's label: its line (from the globals node to its module) and its size. */
export interface LabelRequest {
  id: string;
  from: Point;
  to: Point;
  width: number;
  height: number;
}

/** Space kept between a label and any card or other label. */
const GAP = 6;
/** Where along its line a label may sit, best first: the middle, then outwards. */
const ALONG = [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8, 0.15, 0.85];
/** How many label heights a label may step off its line, up or down, before searching further. */
const NEAR_STEPS = 3;

/** The label's own box around its centre, with the gap around it. */
const boxAt = (centre: Point, { width, height }: LabelRequest): Bounds => ({
  minX: centre.x - width / 2 - GAP,
  minY: centre.y - height / 2 - GAP,
  maxX: centre.x + width / 2 + GAP,
  maxY: centre.y + height / 2 + GAP,
});

const isFree = (box: Bounds, taken: readonly Bounds[]) => !taken.some((other) => overlaps(box, other));

/** The labels' centres in the order tried: on the line, then stepping off it a little. */
function* candidates(label: LabelRequest): Generator<Point> {
  const curve = connectionCurve(label.from, label.to);
  const points = ALONG.map((t) => pointOnCurve(curve, t));
  yield* points;
  const step = label.height + GAP;
  for (let k = 1; k <= NEAR_STEPS; k++)
    for (const point of points) {
      yield { x: point.x, y: point.y - k * step };
      yield { x: point.x, y: point.y + k * step };
    }
}

/**
 * Where global connections' labels go (their centres, in flow units) so that none covers a module
 * card, the globals node or another label (`obstacles` are those cards' boxes): on its line, as
 * near the middle as is free, else just off the line, else straight above or below its middle,
 * past whatever is there. Card sizes are known (moduleLayout), so this needs no measuring.
 */
export function placeGlobalLabels(
  labels: readonly LabelRequest[],
  obstacles: readonly Bounds[],
): Map<string, Point> {
  const placed = new Map<string, Point>();
  const taken: Bounds[] = [];
  for (const label of labels) {
    // Only cards near the line can be in the way of the first tries.
    const reach = label.width + label.height * (NEAR_STEPS + 1) + GAP * 2;
    const area: Bounds = {
      minX: Math.min(label.from.x, label.to.x) - reach,
      minY: Math.min(label.from.y, label.to.y) - reach,
      maxX: Math.max(label.from.x, label.to.x) + reach,
      maxY: Math.max(label.from.y, label.to.y) + reach,
    };
    const near = obstacles.filter((box) => overlaps(box, area));
    let centre: Point | undefined;
    for (const candidate of candidates(label)) {
      const box = boxAt(candidate, label);
      if (isFree(box, near) && isFree(box, taken)) {
        centre = candidate;
        break;
      }
    }
    centre ??= clearOfAll(pointOnCurve(connectionCurve(label.from, label.to), 0.5), label, [
      ...obstacles,
      ...taken,
    ]);
    placed.set(label.id, centre);
    taken.push(boxAt(centre, label));
  }
  return placed;
}

/** Straight up or down from `start`, whichever is nearer, to the first place clear of every box. */
function clearOfAll(start: Point, label: LabelRequest, boxes: readonly Bounds[]): Point {
  const halfHeight = label.height / 2 + GAP;
  const across = boxes.filter(
    (box) => box.maxX >= start.x - label.width / 2 - GAP && box.minX <= start.x + label.width / 2 + GAP,
  );
  const free = (y: number) => isFree(boxAt({ x: start.x, y }, label), across);
  if (free(start.y)) return start;
  // A place is free when clear of every box in the column: try just past each box's edge.
  const tries = across
    .flatMap((box) => [box.minY - halfHeight - 0.5, box.maxY + halfHeight + 0.5])
    .sort((a, b) => Math.abs(a - start.y) - Math.abs(b - start.y));
  for (const y of tries) if (free(y)) return { x: start.x, y };
  // Unreachable: the place just above the highest box is always free.
  return { x: start.x, y: Math.min(...across.map((box) => box.minY)) - halfHeight - 1 };
}
