import type { Connection, Finding, Flow, FlowModule } from '@parley/flow';
import {
  Background,
  Controls,
  type Edge,
  type EdgeChange,
  MarkerType,
  MiniMap,
  type NodeChange,
  type OnConnectEnd,
  ReactFlow,
  type Connection as ReactFlowConnection,
  useNodesInitialized,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import { useDebugger } from '../model/debugger';
import { addModule, connect, moveModules } from '../model/flow-edits';
import { type ModuleProblems, problemsByModule } from '../model/insights';
import { triggerSummary } from '../model/triggers';
import { GLOBAL_COLOR, GLOBALS_NODE_ID, type GlobalsNode, GlobalsNodeView } from './globals-node';
import { ModuleIconSprite, moduleLooks } from './module-icons';
import { DEBUG_COLOR, type ModuleNode, ModuleNodeView } from './module-node';
import { ModuleTypeMenu } from './module-palette';

const nodeTypes = { module: ModuleNodeView, globals: GlobalsNodeView };

type Size = { width: number; height: number };

/**
 * Node objects stay the same while their module, selection and measured size do, so React Flow
 * re-renders only what changed. Sizes are the canvas's own (the minimap and fit-view need them),
 * not part of the document.
 */
function useModuleNodes(
  flow: Flow,
  selected: Set<string>,
  sizes: Record<string, Size>,
  problems: Map<string, ModuleProblems>,
  pinnedTags: string[],
  hereId: string | null,
): ModuleNode[] {
  const cache = useMemo(() => new WeakMap<FlowModule, ModuleNode>(), []);
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
        const cached = cache.get(module);
        if (
          cached &&
          cached.data.isHere === isHere &&
          cached.selected === isSelected &&
          cached.measured === measured &&
          cached.data.problemKey === problemKey &&
          cached.data.tagKey === tagKey
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
          },
          selected: isSelected,
          deletable: module.id !== flow.startModuleId,
          ...(measured ? { measured } : {}),
        };
        cache.set(module, node);
        return node;
      }),
    [flow, selected, sizes, problems, pinnedTags, hereId, cache],
  );
}

/**
 * Connections as edges. While modules are selected or hovered (`focus`), their incoming and
 * outgoing connections stand out and the rest step back; those the debugger's last turn took
 * (`travelled`) are drawn in its colour.
 */
function useConnectionEdges(
  flow: Flow,
  selected: Set<string>,
  focus: Set<string>,
  travelled: Set<string>,
): Edge[] {
  // Edges stay the same objects while their connection and look do (moving a module keeps its
  // connections), so React Flow redraws only the edges that changed.
  const cache = useMemo(() => new WeakMap<Connection, { look: string; edge: Edge }>(), []);
  return useMemo(
    () =>
      flow.modules.flatMap((module) =>
        module.connections.map((connection) => {
          const touched = focus.has(module.id) || focus.has(connection.target);
          const took = travelled.has(connection.id);
          const strong = selected.has(connection.id) || touched || took;
          const dimmed = focus.size > 0 && !strong;
          const look = `${module.id}|${module.type}|${selected.has(connection.id)}|${touched}|${dimmed}|${took}`;
          const cached = cache.get(connection);
          if (cached?.look === look) return cached.edge;
          const color = took ? DEBUG_COLOR : moduleLooks[module.type].color;
          const edge = {
            id: connection.id,
            source: module.id,
            sourceHandle: connection.port,
            target: connection.target,
            selected: selected.has(connection.id),
            animated: touched || took,
            className: took ? 'is-travelled' : touched ? 'is-highlighted' : undefined,
            style: { stroke: color, strokeWidth: strong ? 3 : 1.75, opacity: dimmed ? 0.3 : 1 },
            markerEnd: { type: MarkerType.ArrowClosed, color },
          } satisfies Edge;
          cache.set(connection, { look, edge });
          return edge;
        }),
      ),
    [flow, selected, focus, travelled, cache],
  );
}

type DropMenu = {
  screen: { x: number; y: number };
  flow: { x: number; y: number };
  source: string;
  port: string;
};

/** Where the canvas is on the screen (read when asked: never per pointer move). */
const paneBox = () => document.querySelector('.react-flow')?.getBoundingClientRect();

/** Lets commands ask the canvas where to paste and how big modules are. */
function useCanvasBridge(store: BuilderStore, sizes: Record<string, Size>) {
  const { screenToFlowPosition } = useReactFlow();
  const sizesRef = useRef(sizes);
  sizesRef.current = sizes;
  useEffect(() => {
    // Only remembered here (no layout read per move); whether it is over the canvas is asked on paste.
    let pointer = { x: Number.NaN, y: Number.NaN };
    const onMove = (event: PointerEvent) => {
      pointer = { x: event.clientX, y: event.clientY };
    };
    const centreOf = (box: DOMRect | undefined) =>
      box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : { x: 0, y: 0 };
    window.addEventListener('pointermove', onMove);
    store.setState({
      canvas: {
        viewCentre: () => screenToFlowPosition(centreOf(paneBox())),
        pastePosition: () => {
          const box = paneBox();
          const over =
            box &&
            pointer.x >= box.left &&
            pointer.x <= box.right &&
            pointer.y >= box.top &&
            pointer.y <= box.bottom;
          return screenToFlowPosition(over ? pointer : centreOf(box));
        },
        sizeOf: (id) => sizesRef.current[id],
      },
    });
    return () => {
      window.removeEventListener('pointermove', onMove);
      store.setState({ canvas: null });
    };
  }, [store, screenToFlowPosition]);
}

/** Centres the canvas on a module someone asked to see (a problem, the way back from its page). */
function useFocusRequests(store: BuilderStore, sizes: Record<string, Size>, initialized: boolean) {
  const { setCenter, getZoom, getViewport } = useReactFlow();
  const request = useStore(store, (state) => state.focusRequest);
  const shown = useRef<number | null>(null);
  // Centring needs the canvas ready (its pan and zoom) and its nodes measured.
  const ready = useNodesInitialized() && initialized;
  useEffect(() => {
    if (!ready || !request || shown.current === request.serial) return;
    const module = store.getState().flow.modules.find((candidate) => candidate.id === request.moduleId);
    if (!module) return;
    shown.current = request.serial;
    const size = sizes[module.id] ?? { width: 260, height: 140 };
    if (request.gently) {
      const pane = paneBox();
      const { x, y, zoom } = getViewport();
      const left = module.position.x * zoom + x;
      const top = module.position.y * zoom + y;
      const inView =
        pane !== undefined &&
        left >= 0 &&
        top >= 0 &&
        left + size.width * zoom <= pane.width &&
        top + size.height * zoom <= pane.height;
      if (inView) return;
    }
    void setCenter(module.position.x + size.width / 2, module.position.y + size.height / 2, {
      zoom: request.gently ? getZoom() : Math.max(getZoom(), 0.9),
      duration: 300,
    });
  }, [ready, request, store, sizes, setCenter, getZoom, getViewport]);
}

/**
 * Global connections, when shown: a node of their own left of the start module, and a dashed edge
 * in their colour from it to each one's target.
 */
function useGlobals(
  flow: Flow,
  show: boolean,
  travelled: Set<string>,
): { nodes: GlobalsNode[]; edges: Edge[] } {
  const start = flow.modules.find((module) => module.id === flow.startModuleId);
  const globals = flow.globalConnections;
  const x = start?.position.x ?? 0;
  const y = start?.position.y ?? 0;
  return useMemo(() => {
    if (!show) return { nodes: [], edges: [] };
    const node: GlobalsNode = {
      id: GLOBALS_NODE_ID,
      type: 'globals',
      position: { x: x - 360, y: y + 160 },
      data: { globals },
      draggable: false,
      selectable: false,
      deletable: false,
      connectable: false,
    };
    const edges = globals.map(
      (global): Edge => ({
        id: `global:${global.id}`,
        animated: travelled.has(global.id),
        source: GLOBALS_NODE_ID,
        sourceHandle: global.id,
        target: global.target,
        deletable: false,
        selectable: false,
        className: travelled.has(global.id) ? 'is-global is-travelled' : 'is-global',
        label: global.name || triggerSummary(global.trigger),
        labelStyle: { fill: GLOBAL_COLOR, fontWeight: 600, fontSize: 11 },
        labelBgStyle: { fill: '#fdf2f8' },
        style: {
          stroke: GLOBAL_COLOR,
          strokeWidth: travelled.has(global.id) ? 3.5 : 1.75,
          strokeDasharray: '6 4',
          opacity: global.enabled ? 1 : 0.4,
        },
        markerEnd: { type: MarkerType.ArrowClosed, color: GLOBAL_COLOR },
      }),
    );
    return { nodes: [node], edges };
  }, [show, globals, x, y, travelled]);
}

/** The canvas: modules as nodes, connections as edges; moves, connects and deletes edit the flow. */
export function FlowCanvas({ store, findings }: { store: BuilderStore; findings: Finding[] }) {
  const flow = useStore(store, (state) => state.flow);
  const apply = useStore(store, (state) => state.apply);
  const selectedIds = useStore(store, (state) => state.selected);
  const selectedNodes = useMemo(() => new Set(selectedIds), [selectedIds]);
  const selectedConnectionIds = useStore(store, (state) => state.selectedConnections);
  const selectedEdges = useMemo(() => new Set(selectedConnectionIds), [selectedConnectionIds]);
  const [sizes, setSizes] = useState<Record<string, Size>>({});
  const problems = useMemo(() => problemsByModule(findings), [findings]);
  const pinnedTags = useStore(store, (state) => state.pinnedTags);
  // The debugger's position shows while its panel is open.
  const debug = useDebugger();
  const debugging = useStore(store, (state) => state.tool === 'debug');
  const hereId = useStore(debug, (state) => (debugging ? state.currentModuleId : null));
  const travelledIds = useStore(debug, (state) => state.travelled);
  const travelled = useMemo(() => new Set(debugging ? travelledIds : []), [debugging, travelledIds]);
  const nodes = useModuleNodes(flow, selectedNodes, sizes, problems, pinnedTags, hereId);
  const [initialized, setInitialized] = useState(false);
  useCanvasBridge(store, sizes);
  const [dropMenu, setDropMenu] = useState<DropMenu | null>(null);
  const { screenToFlowPosition } = useReactFlow();
  // A connection dropped on empty canvas offers a new module there, already connected.
  const onConnectEnd = useCallback<OnConnectEnd>(
    (event, state) => {
      if (state.isValid || !state.fromNode || !state.fromHandle?.id || state.fromHandle.type !== 'source')
        return;
      if (state.fromNode.id === GLOBALS_NODE_ID) return;
      const point = 'changedTouches' in event ? event.changedTouches[0] : event;
      if (!point) return;
      setDropMenu({
        screen: { x: point.clientX, y: point.clientY },
        flow: screenToFlowPosition({ x: point.clientX, y: point.clientY }),
        source: state.fromNode.id,
        port: state.fromHandle.id,
      });
    },
    [screenToFlowPosition],
  );
  useFocusRequests(store, sizes, initialized);
  const [startsFocused] = useState(() => store.getState().focusRequest !== null);
  const [hovered, setHovered] = useState<string | null>(null);
  const focus = useMemo(
    () => (hovered ? new Set([...selectedNodes, hovered]) : selectedNodes),
    [selectedNodes, hovered],
  );
  const connectionEdges = useConnectionEdges(flow, selectedEdges, focus, travelled);
  const showGlobals = useStore(store, (state) => state.showGlobals);
  const globals = useGlobals(flow, showGlobals, travelled);
  const allNodes = useMemo<(ModuleNode | GlobalsNode)[]>(
    () => (globals.nodes.length > 0 ? [...globals.nodes, ...nodes] : nodes),
    [globals.nodes, nodes],
  );
  const edges = useMemo(
    () => (globals.edges.length > 0 ? [...connectionEdges, ...globals.edges] : connectionEdges),
    [connectionEdges, globals.edges],
  );

  const onNodesChange = useCallback(
    (allChanges: NodeChange<ModuleNode | GlobalsNode>[]) => {
      // The global connections' node is the canvas's own, not a module.
      const changes = allChanges.filter((change) => !('id' in change) || change.id !== GLOBALS_NODE_ID);
      const positions: Record<string, { x: number; y: number }> = {};
      // Removing is the Delete command's (deleteKeyCode is off), so no remove changes come here.
      let selection: string[] | undefined;
      let measured: Record<string, Size> | undefined;
      let dragging = false;
      for (const change of changes) {
        if (change.type === 'position' && change.dragging) dragging = true;
        if (change.type === 'dimensions' && change.dimensions) {
          measured ??= {};
          measured[change.id] = change.dimensions;
        }
        if (change.type === 'position' && change.position) positions[change.id] = change.position;
        if (change.type === 'select') {
          selection ??= [...store.getState().selected];
          selection = selection.filter((id) => id !== change.id);
          if (change.selected) selection.push(change.id);
        }
      }
      // A drag is one undo step.
      if (Object.keys(positions).length > 0)
        apply((current) => moveModules(current, positions), dragging ? 'drag' : undefined);
      if (selection) store.getState().select(selection);
      if (measured) {
        const fresh = measured;
        setSizes((old) => ({ ...old, ...fresh }));
      }
    },
    [apply, store],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const selects = changes.filter((change) => change.type === 'select');
      if (selects.length > 0) {
        const next = new Set(store.getState().selectedConnections);
        for (const change of selects) change.selected ? next.add(change.id) : next.delete(change.id);
        store.getState().selectConnections([...next]);
      }
    },
    [store],
  );

  const onConnect = useCallback(
    (connection: ReactFlowConnection) => {
      if (!connection.sourceHandle) return;
      apply((current) =>
        connect(current, {
          source: connection.source,
          port: connection.sourceHandle as string,
          target: connection.target,
        }),
      );
    },
    [apply],
  );

  return (
    <ReactFlow
      nodes={allNodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onConnectEnd={onConnectEnd}
      onInit={() => setInitialized(true)}
      onNodeDragStop={() => store.getState().endGesture()}
      onNodeMouseEnter={(_, node) => setHovered(node.id)}
      onNodeMouseLeave={() => setHovered(null)}
      // Delete is a builder command (it also knows the start module stays).
      deleteKeyCode={null}
      multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
      // Returning to the canvas to see a module centres on it instead.
      fitView={!startsFocused}
      // Big bots draw only what is in view.
      onlyRenderVisibleElements={flow.modules.length > 300}
      fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
      minZoom={0.1}
      proOptions={{ hideAttribution: true }}
    >
      <ModuleIconSprite />
      <Background gap={20} color="#e2e8f0" />
      <MiniMap
        pannable
        zoomable
        nodeColor={(node) =>
          node.type === 'globals' ? GLOBAL_COLOR : moduleLooks[(node as ModuleNode).data.module.type].color
        }
      />
      <Controls />
      <ModuleTypeMenu
        anchor={dropMenu?.screen ?? null}
        onClose={() => setDropMenu(null)}
        onChoose={(type) => {
          if (!dropMenu) return;
          const { source, port, flow: at } = dropMenu;
          const added = addModule(store.getState().flow, type, { x: at.x, y: at.y - 22 });
          apply(() => connect(added.flow, { source, port, target: added.id }));
          store.getState().select([added.id]);
          setDropMenu(null);
        }}
      />
    </ReactFlow>
  );
}
