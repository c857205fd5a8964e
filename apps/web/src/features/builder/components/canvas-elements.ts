import type { Connection, Flow, FlowModule } from '@parley/flow';
import { moduleLooks } from '@parley/modules/panels';
import { type Edge, MarkerType } from '@xyflow/react';
import { useMemo, useRef } from 'react';
import type { Point } from '../model/connection-geometry';
import type { ModuleProblems } from '../model/insights';
import { moduleLayout } from '../model/module-layout';
import { sameWiring } from '../model/wiring';
import { type GlobalEdge, globalLabelText } from './global-edge';
import { GLOBAL_COLOR, GLOBALS_NODE_ID, type GlobalsNode } from './globals-node';
import { DEBUG_COLOR, type ModuleNode } from './module-node';

export type Size = { width: number; height: number };

/** What the canvas shows about modules besides the document: selection, findings, pins, the debugger. */
export interface ModuleLooks {
  selected: Set<string>;
  problems: Map<string, ModuleProblems>;
  pinnedTags: string[];
  hereId: string | null;
  /** Zoomed out: the overview layer paints the modules and connections. */
  overview: boolean;
  /** Modules that keep their handles zoomed out: hovered, selected, connecting. */
  active: Set<string>;
}

/**
 * Node objects stay the same while their module and look do, so React Flow re-renders only what
 * changed. Each carries its size and handles from moduleLayout, so React Flow draws connections
 * at once instead of measuring every module first; `sizes` holds what it measured where the page
 * disagreed (then it keeps the handles it measured too).
 */
export function useModuleNodes(flow: Flow, looks: ModuleLooks, sizes: Record<string, Size>): ModuleNode[] {
  const cache = useMemo(() => new WeakMap<FlowModule, ModuleNode>(), []);
  const { selected, problems, pinnedTags, hereId, overview, active } = looks;
  return useMemo(
    () =>
      flow.modules.map((module) => {
        const isSelected = selected.has(module.id);
        const measured = sizes[module.id];
        const problem = problems.get(module.id);
        const problemKey = problem ? `${problem.severity}:${problem.messages.join('|')}` : undefined;
        const tags = module.tags.length > 0 ? flow.tags.filter((tag) => module.tags.includes(tag.id)) : [];
        const pinned = tags.find((tag) => pinnedTags.includes(tag.id));
        const tagKey =
          tags.length > 0 ? `${tags.map((tag) => `${tag.name}${tag.color}`).join()}|${pinned?.id}` : '';
        const isHere = module.id === hereId;
        const handles = !overview || active.has(module.id);
        const layout = moduleLayout(module);
        const cached = cache.get(module);
        if (
          cached &&
          cached.data.isHere === isHere &&
          cached.selected === isSelected &&
          cached.measured === (measured ?? layout.size) &&
          cached.data.problemKey === problemKey &&
          cached.data.tagKey === tagKey &&
          cached.data.overview === overview &&
          cached.data.handles === handles
        )
          return cached;
        const node: ModuleNode = {
          id: module.id,
          type: 'module',
          position: module.position,
          data: {
            module,
            isStart: module.id === flow.startModuleId,
            problem,
            problemKey,
            tags,
            pinnedColor: pinned?.color,
            tagKey,
            isHere,
            overview,
            handles,
          },
          selected: isSelected,
          deletable: module.id !== flow.startModuleId,
          // A new node object hands React Flow these handles again: zoomed out it measured outlines
          // without handles, and the modules coming back need theirs.
          ...(measured ? { measured } : { measured: layout.size, handles: layout.handles }),
        };
        cache.set(module, node);
        return node;
      }),
    [flow, selected, sizes, problems, pinnedTags, hereId, overview, active, cache],
  );
}

/** How a connection looks: its source's colour, stronger when it is selected, focused or travelled. */
export interface ConnectionLook {
  color: string;
  width: number;
  opacity: number;
  /** Into or out of a focused (selected or hovered) module. */
  touched: boolean;
  /** Taken by the debugger's last turn. */
  took: boolean;
  selected: boolean;
}

export interface ConnectionState {
  selected: Set<string>;
  focus: Set<string>;
  travelled: Set<string>;
}

/**
 * While modules are selected or hovered (`focus`), their incoming and outgoing connections stand
 * out and the rest step back; those the debugger's last turn took are drawn in its colour.
 */
export function connectionLook(
  source: FlowModule,
  connection: Connection,
  { selected, focus, travelled }: ConnectionState,
): ConnectionLook {
  const isSelected = selected.has(connection.id);
  const touched = focus.has(source.id) || focus.has(connection.target);
  const took = travelled.has(connection.id);
  const strong = isSelected || touched || took;
  return {
    color: took ? DEBUG_COLOR : moduleLooks[source.type].color,
    width: strong ? 3 : 1.75,
    opacity: focus.size > 0 && !strong ? 0.3 : 1,
    touched,
    took,
    selected: isSelected,
  };
}

/** Connections as edges (none zoomed out: the overview layer paints them). */
export function useConnectionEdges(flow: Flow, state: ConnectionState, overview: boolean): Edge[] {
  // Edges stay the same objects while their connection and look do (moving a module keeps its
  // connections), so React Flow redraws only the edges that changed.
  const cache = useMemo(() => new WeakMap<Connection, { key: string; edge: Edge }>(), []);
  // And the list stays the same while only positions change: React Flow re-indexes every edge
  // whenever it gets a new list, which at every drag step costs milliseconds with thousands.
  const wiring = useWiring(flow.modules);
  return useMemo(
    () =>
      overview
        ? []
        : wiring.flatMap((module) =>
            module.connections.map((connection) => {
              const look = connectionLook(module, connection, state);
              const key = `${module.id}|${look.color}|${look.width}|${look.opacity}|${look.touched}|${look.selected}`;
              const cached = cache.get(connection);
              if (cached?.key === key) return cached.edge;
              const edge = {
                id: connection.id,
                source: module.id,
                sourceHandle: connection.port,
                target: connection.target,
                selected: look.selected,
                animated: look.touched || look.took,
                className: look.took ? 'is-travelled' : look.touched ? 'is-highlighted' : undefined,
                style: { stroke: look.color, strokeWidth: look.width, opacity: look.opacity },
                markerEnd: { type: MarkerType.ArrowClosed, color: look.color },
              } satisfies Edge;
              cache.set(connection, { key, edge });
              return edge;
            }),
          ),
    [wiring, state, overview, cache],
  );
}

/** The modules, or the list given before when it draws the same connections (see sameWiring). */
function useWiring(modules: FlowModule[]): FlowModule[] {
  const last = useRef(modules);
  if (!sameWiring(last.current, modules)) last.current = modules;
  return last.current;
}

/** Where the global connections' node sits: left of the start module. */
export function globalsPosition(flow: Flow): { x: number; y: number } {
  const start = flow.modules.find((module) => module.id === flow.startModuleId);
  return { x: (start?.position.x ?? 0) - 360, y: (start?.position.y ?? 0) + 160 };
}

/**
 * Global connections, when shown: a node of their own left of the start module, and a dashed edge
 * in their colour from it to each one's target, labelled at `labelAt` (see useGlobalLabelPlaces;
 * zoomed out, the overview layer paints them, unlabelled).
 */
export function useGlobals(
  flow: Flow,
  show: boolean,
  travelled: Set<string>,
  overview: boolean,
  labelAt: Map<string, Point> | null,
): { nodes: GlobalsNode[]; edges: GlobalEdge[] } {
  const globals = flow.globalConnections;
  const { x, y } = globalsPosition(flow);
  // The node stays the same object while the labels move: a new one would lose what React Flow
  // measured of it (its outputs, where the lines start) and be hidden until measured again.
  const nodes = useMemo(
    (): GlobalsNode[] =>
      show
        ? [
            {
              id: GLOBALS_NODE_ID,
              type: 'globals',
              position: { x, y },
              data: { globals },
              draggable: false,
              selectable: false,
              deletable: false,
              connectable: false,
            },
          ]
        : [],
    [show, globals, x, y],
  );
  const edges = useMemo(
    () =>
      !show || overview
        ? []
        : globals.map(
            (global): GlobalEdge => ({
              id: `global:${global.id}`,
              type: 'global',
              animated: travelled.has(global.id),
              source: GLOBALS_NODE_ID,
              sourceHandle: global.id,
              target: global.target,
              deletable: false,
              selectable: false,
              className: travelled.has(global.id) ? 'is-global is-travelled' : 'is-global',
              data: {
                globalId: global.id,
                label: globalLabelText(global),
                labelAt: labelAt?.get(global.id) ?? null,
              },
              style: {
                stroke: GLOBAL_COLOR,
                strokeWidth: travelled.has(global.id) ? 3.5 : 1.75,
                strokeDasharray: '6 4',
                opacity: global.enabled ? 1 : 0.4,
              },
              markerEnd: { type: MarkerType.ArrowClosed, color: GLOBAL_COLOR },
            }),
          ),
    [show, globals, travelled, overview, labelAt],
  );
  return { nodes, edges };
}
