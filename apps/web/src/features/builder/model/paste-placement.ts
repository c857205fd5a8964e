import type { Rect } from './module-layout';

export type Point = { x: number; y: number };

/** `value` moved into [min, max]; `min` when the range is empty (the group is bigger than the view). */
const clamp = (value: number, min: number, max: number) =>
  max < min ? min : Math.min(Math.max(value, min), max);

/**
 * Where a pasted group's top-left corner goes (flow units): at the pointer when it is over the
 * canvas, else with the group centred in the view; either way moved just enough for the whole group
 * to lie inside `view`, so what was pasted is always in sight. A group bigger than the view starts
 * at the view's top-left corner.
 */
export function pasteCorner(
  group: { width: number; height: number },
  view: Rect,
  pointer: Point | null,
): Point {
  const wanted = pointer ?? {
    x: view.x + (view.width - group.width) / 2,
    y: view.y + (view.height - group.height) / 2,
  };
  return {
    x: Math.round(clamp(wanted.x, view.x, view.x + view.width - group.width)),
    y: Math.round(clamp(wanted.y, view.y, view.y + view.height - group.height)),
  };
}
