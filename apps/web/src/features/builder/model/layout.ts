import { Graph, layout } from '@dagrejs/dagre';
import type { Flow } from '@parley/flow';
import { moveModules, topLeftOf } from './flow-edits';

export type Size = { width: number; height: number };
const DEFAULT_SIZE: Size = { width: 260, height: 140 };

/**
 * Lays the flow out left to right (dagre): each module one column after the modules leading to
 * it. Modules in `only`, when given, move; the rest stay. Positions are top-left corners.
 */
export function autoLayout(flow: Flow, sizeOf: (id: string) => Size | undefined, only?: Set<string>): Flow {
  const graph = new Graph();
  graph.setGraph({ rankdir: 'LR', nodesep: 48, ranksep: 140, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  const included = flow.modules.filter((module) => !only || only.has(module.id));
  if (included.length < 2) return flow;
  for (const module of included) graph.setNode(module.id, { ...(sizeOf(module.id) ?? DEFAULT_SIZE) });
  for (const module of included)
    for (const connection of module.connections)
      if (graph.hasNode(connection.target) && connection.target !== module.id)
        graph.setEdge(module.id, connection.target);
  layout(graph);
  // Keep the group where it was: its top-left corner stays put.
  const corner = topLeftOf(included);
  const placed = included.map((module) => {
    const node = graph.node(module.id);
    const size = sizeOf(module.id) ?? DEFAULT_SIZE;
    return { id: module.id, x: node.x - size.width / 2, y: node.y - size.height / 2 };
  });
  const placedLeft = Math.min(...placed.map((place) => place.x));
  const placedTop = Math.min(...placed.map((place) => place.y));
  return moveModules(
    flow,
    Object.fromEntries(
      placed.map((place) => [
        place.id,
        { x: place.x - placedLeft + corner.x, y: place.y - placedTop + corner.y },
      ]),
    ),
  );
}

/** Lines the modules up on their left edges or their tops (on the first one's). */
export function alignModules(flow: Flow, ids: string[], edge: 'left' | 'top'): Flow {
  const chosen = flow.modules.filter((module) => ids.includes(module.id));
  if (chosen.length < 2) return flow;
  const line = Math.min(...chosen.map((module) => (edge === 'left' ? module.position.x : module.position.y)));
  return moveModules(
    flow,
    Object.fromEntries(
      chosen.map((module) => [
        module.id,
        edge === 'left' ? { x: line, y: module.position.y } : { x: module.position.x, y: line },
      ]),
    ),
  );
}
