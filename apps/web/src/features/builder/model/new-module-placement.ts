import type { FlowModule } from '@parley/flow';
import type { ModuleType } from '@parley/modules';
import type { BuilderStore } from './builder-store';
import { addModule } from './flow-edits';
import { moduleLayout, type Rect } from './module-layout';
import type { Point } from './paste-placement';

/** Room kept between a new module and the modules around it (flow units). */
export const PLACEMENT_GAP = 40;
/** The search walks a grid of this pitch around the wanted spot (flow units)… */
const STEP = 20;
/** …this many steps out each way (a new module never lands further than ~1 600 units away). */
const REACH = 80;

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width + PLACEMENT_GAP &&
  b.x < a.x + a.width + PLACEMENT_GAP &&
  a.y < b.y + b.height + PLACEMENT_GAP &&
  b.y < a.y + a.height + PLACEMENT_GAP;

const inside = (a: Rect, view: Rect) =>
  a.x >= view.x &&
  a.y >= view.y &&
  a.x + a.width <= view.x + view.width &&
  a.y + a.height <= view.y + view.height;

const intersects = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The grid offsets around the wanted spot, nearest first (the same for every call: built once). */
let offsets: Point[] | null = null;
function nearestFirst(): Point[] {
  if (offsets) return offsets;
  const all: Point[] = [];
  for (let dy = -REACH; dy <= REACH; dy++)
    for (let dx = -REACH; dx <= REACH; dx++) all.push({ x: dx * STEP, y: dy * STEP });
  // Ties go down, then right: the way a flow is read.
  offsets = all.sort((a, b) => a.x * a.x + a.y * a.y - (b.x * b.x + b.y * b.y) || b.y - a.y || b.x - a.x);
  return offsets;
}

/**
 * Where a new module of `size` goes (its top-left corner, flow units): beside `near` (the selected
 * module, when it is in sight) or in the middle of `view`, at the nearest spot that covers no
 * module in `occupied` and lies wholly in `view`. When the view has no such room (zoomed in on a
 * crowded part), the nearest free spot outside it: the caller then pans to it.
 */
export function newModuleSpot(
  size: { width: number; height: number },
  occupied: readonly Rect[],
  view: Rect | null,
  near: Rect | null,
): Point {
  const beside = near && (!view || intersects(near, view)) ? near : null;
  const wanted = beside
    ? // To its right, tops aligned, with room for the connection between them.
      { x: beside.x + beside.width + 2 * PLACEMENT_GAP, y: beside.y }
    : view
      ? { x: view.x + (view.width - size.width) / 2, y: view.y + (view.height - size.height) / 2 }
      : { x: 0, y: 0 };
  // Only modules the search can reach are worth testing.
  const reach = REACH * STEP + PLACEMENT_GAP;
  const area = {
    x: wanted.x - reach,
    y: wanted.y - reach,
    width: 2 * reach + size.width,
    height: 2 * reach + size.height,
  };
  const nearby = occupied.filter((rect) => intersects(rect, area));
  let outOfView: Point | null = null;
  for (const offset of nearestFirst()) {
    const spot = { x: Math.round(wanted.x + offset.x), y: Math.round(wanted.y + offset.y), ...size };
    if (nearby.some((rect) => overlaps(spot, rect))) continue;
    if (!view || inside(spot, view)) return { x: spot.x, y: spot.y };
    outOfView ??= { x: spot.x, y: spot.y };
  }
  return outOfView ?? { x: Math.round(wanted.x), y: Math.round(wanted.y) };
}

const rectOf = (module: FlowModule): Rect => ({ ...module.position, ...moduleLayout(module).size });

/**
 * Adds a new module where the person is looking (newModuleSpot: beside the selected module or in
 * the middle of the view, covering nothing) and brings it into view if it had to go outside it.
 * One edit, one undo step. Returns the new module's id.
 */
export function addModuleInView(
  store: BuilderStore,
  type: ModuleType,
  fresh: { name: string; content: unknown },
): string {
  const state = store.getState();
  const { flow } = state;
  const draft = addModule(flow, type, { x: 0, y: 0 }, fresh);
  const module = draft.flow.modules.find((candidate) => candidate.id === draft.id);
  const selectedId = state.selected.at(-1);
  const selected = flow.modules.find((candidate) => candidate.id === selectedId);
  const spot = module
    ? newModuleSpot(
        moduleLayout(module).size,
        flow.modules.map(rectOf),
        state.canvas?.pasteSpot().view ?? null,
        selected ? rectOf(selected) : null,
      )
    : { x: 0, y: 0 };
  const added = addModule(flow, type, spot, fresh);
  state.apply(() => added.flow);
  store.getState().reveal(added.id);
  return added.id;
}
