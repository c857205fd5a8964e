import type { Connection, Flow, FlowModule } from '@parley/flow';
import { moduleLooks } from '@parley/modules/panels';
import {
  type Bounds,
  type Curve,
  connectionCurve,
  curveBounds,
  distanceToCurve,
  type Point,
} from '../model/connection-geometry';
import type { ModuleProblems } from '../model/insights';
import { anchorOf, type ModuleLayout, moduleLayout } from '../model/module-layout';
import { type ConnectionState, connectionLook } from './canvas-elements';
import { GLOBAL_COLOR } from './globals-node';
import { DEBUG_COLOR } from './module-node';

/** A module as the overview layer paints it: its card's place and size, colours and marks. */
export interface PaintedModule {
  id: string;
  x: number;
  y: number;
  layout: ModuleLayout;
  color: string;
  border: string;
  /** A halo around the card (selected, pinned tag, the debugger is here). */
  ring?: { color: string; width: number };
  here: boolean;
  name: string;
  /** How long each line of content is, from 0 to 1 of the card's width (drawn as bars). */
  lineLengths: number[];
}

export interface PaintedConnection {
  id: string;
  curve: Curve;
  bounds: Bounds;
  color: string;
  width: number;
  opacity: number;
  /** Global connections are dashed. */
  dashed: boolean;
  /** Module connections can be clicked to select them; global ones cannot (as on the canvas). */
  selectable: boolean;
}

/** What the overview layer paints: modules, and connections bottom to top (strong ones last). */
export interface OverviewScene {
  modules: PaintedModule[];
  connections: PaintedConnection[];
}

export interface SceneLooks {
  selected: Set<string>;
  problems: Map<string, ModuleProblems>;
  pinnedTags: string[];
  hereId: string | null;
}

export interface SceneGlobals {
  show: boolean;
  travelled: Set<string>;
  /** Where a global connection's output is on the canvas (the globals node is measured by React Flow). */
  anchorOf(globalId: string): Point | undefined;
}

const DEFAULT_BORDER = '#cbd5e1';
const ERROR_BORDER = '#ef4444';
const alpha = (color: string, opacity: string) => `${color}${opacity}`;

// Scenes are rebuilt at every drag step: what did not change is taken from the previous one.
const paintedModules = new WeakMap<FlowModule, { key: string; painted: PaintedModule }>();
const paintedConnections = new WeakMap<
  Connection,
  { source: FlowModule; target: FlowModule; key: string; painted: PaintedConnection }
>();

function paintedModule(module: FlowModule, flow: Flow, looks: SceneLooks): PaintedModule {
  const isSelected = looks.selected.has(module.id);
  const here = module.id === looks.hereId;
  const error = looks.problems.get(module.id)?.severity === 'error';
  const pinned =
    module.tags.length > 0 && looks.pinnedTags.length > 0
      ? flow.tags.find((tag) => module.tags.includes(tag.id) && looks.pinnedTags.includes(tag.id))
      : undefined;
  const key = `${isSelected}|${here}|${error}|${pinned?.color}`;
  const known = paintedModules.get(module);
  if (known?.key === key) return known.painted;
  const { color } = moduleLooks[module.type];
  const layout = moduleLayout(module);
  const border = here
    ? DEBUG_COLOR
    : isSelected
      ? color
      : error
        ? ERROR_BORDER
        : (pinned?.color ?? DEFAULT_BORDER);
  const ring = here
    ? { color: alpha(DEBUG_COLOR, '55'), width: 8 }
    : isSelected
      ? { color: alpha(color, '55'), width: 6 }
      : pinned
        ? { color: alpha(pinned.color, '66'), width: 6 }
        : undefined;
  const painted = {
    id: module.id,
    x: module.position.x,
    y: module.position.y,
    layout,
    color,
    border,
    ring,
    here,
    name: module.name || module.id,
    lineLengths: layout.lines.map((line) => Math.min(1, 0.25 + line.length / 48)),
  };
  paintedModules.set(module, { key, painted });
  return painted;
}

function paintedConnection(
  source: FlowModule,
  connection: Connection,
  target: FlowModule,
  state: ConnectionState,
): PaintedConnection | undefined {
  const look = connectionLook(source, connection, state);
  const key = `${look.color}|${look.width}|${look.opacity}`;
  const known = paintedConnections.get(connection);
  if (known?.source === source && known.target === target && known.key === key) return known.painted;
  const from = anchorOf(source, connection.port);
  const to = anchorOf(target);
  if (!from || !to) return undefined;
  const curve = connectionCurve(from, to);
  const painted = {
    id: connection.id,
    curve,
    bounds: curveBounds(curve),
    color: look.color,
    width: look.width,
    opacity: look.opacity,
    dashed: false,
    selectable: true,
  };
  paintedConnections.set(connection, { source, target, key, painted });
  return painted;
}

/** Everything the overview paints, worked out once per change of the document or the looks. */
export function overviewScene(
  flow: Flow,
  looks: SceneLooks,
  state: ConnectionState,
  globals: SceneGlobals,
): OverviewScene {
  const byId = new Map(flow.modules.map((module) => [module.id, module]));
  const layers: PaintedConnection[][] = [[], [], []];
  for (const module of flow.modules) {
    for (const connection of module.connections) {
      const target = byId.get(connection.target);
      const painted = target && paintedConnection(module, connection, target, state);
      if (!painted) continue;
      layers[painted.opacity < 1 ? 0 : painted.width > 2 ? 2 : 1]?.push(painted);
    }
  }
  if (globals.show)
    for (const global of flow.globalConnections) {
      const target = byId.get(global.target);
      const from = globals.anchorOf(global.id);
      const to = target && anchorOf(target);
      if (!from || !to) continue;
      const curve = connectionCurve(from, to);
      const took = globals.travelled.has(global.id);
      layers[2]?.push({
        id: `global:${global.id}`,
        curve,
        bounds: curveBounds(curve),
        color: GLOBAL_COLOR,
        width: took ? 3.5 : 1.75,
        opacity: global.enabled ? 1 : 0.4,
        dashed: true,
        selectable: false,
      });
    }
  return {
    modules: flow.modules.map((module) => paintedModule(module, flow, looks)),
    connections: layers.flat(),
  };
}

/** The selectable connection under a point (within `tolerance` flow units), topmost first. */
export function connectionAt(scene: OverviewScene, point: Point, tolerance: number): string | undefined {
  let best: { id: string; distance: number } | undefined;
  for (let index = scene.connections.length - 1; index >= 0; index--) {
    const connection = scene.connections[index];
    if (!connection?.selectable) continue;
    const { bounds } = connection;
    if (
      point.x < bounds.minX - tolerance ||
      point.x > bounds.maxX + tolerance ||
      point.y < bounds.minY - tolerance ||
      point.y > bounds.maxY + tolerance
    )
      continue;
    const distance = distanceToCurve(point, connection.curve);
    if (distance <= tolerance && (!best || distance < best.distance)) best = { id: connection.id, distance };
  }
  return best?.id;
}
