import type { Finding } from '@parley/flow';
import {
  Background,
  Controls,
  type EdgeChange,
  type NodeChange,
  type OnConnectEnd,
  ReactFlow,
  type Connection as ReactFlowConnection,
  type ReactFlowState,
  useReactFlow,
  useStore as useReactFlowStore,
  type Viewport,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './flow-canvas.css';
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { currentUserQuery } from '../../../shared/session/current-user';
import type { BuilderStore } from '../model/builder-store';
import { useDebugger } from '../model/debugger';
import { addModule, connect, moveModules } from '../model/flow-edits';
import { problemsByModule } from '../model/insights';
import { moduleLayout } from '../model/module-layout';
import { FIT, MAX_ZOOM, openingViewport, rememberedViewport, rememberViewport } from '../model/viewport';
import { type Size, useConnectionEdges, useGlobals, useModuleNodes } from './canvas-elements';
import { useCanvasBridge, useFocusRequests } from './canvas-hooks';
import { GlobalEdgeView, useGlobalLabelPlaces } from './global-edge';
import { GLOBALS_NODE_ID, type GlobalsNode, GlobalsNodeView } from './globals-node';
import { BIG_BOT, CanvasMinimap } from './minimap-layer';
import { ModuleIconSprite } from './module-icons';
import { type ModuleNode, ModuleNodeView } from './module-node';
import { ModuleTypeMenu } from './module-palette';
import { OverviewLayer } from './overview-layer';
import { connectionAt, overviewScene } from './overview-scene';

const nodeTypes = { module: ModuleNodeView, globals: GlobalsNodeView };
const edgeTypes = { global: GlobalEdgeView };

const FIT_VIEW = { padding: FIT.padding, maxZoom: FIT.maxZoom };
const PRO_OPTIONS = { hideAttribution: true };
const MULTI_SELECT_KEYS = ['Shift', 'Meta', 'Control'];
/** Below this zoom the overview layer paints modules and connections (the text is too small to read). */
export const OVERVIEW_BELOW_ZOOM = 0.45;
const zoomedOut = (state: ReactFlowState) => state.transform[2] < OVERVIEW_BELOW_ZOOM;
const connectingFrom = (state: ReactFlowState) =>
  state.connection.inProgress ? state.connection.fromNode.id : null;
/** The globals node as React Flow measured it (the overview paints its connections from it). */
const globalsNode = (state: ReactFlowState) => state.nodeLookup.get(GLOBALS_NODE_ID);

type DropMenu = {
  screen: { x: number; y: number };
  flow: { x: number; y: number };
  source: string;
  port: string;
};

/**
 * The canvas: modules as nodes, connections as edges; moves, connects and deletes edit the flow.
 * It opens at its first view (openingViewport: where this person left the bot last time, else a
 * readable fit) once it knows how much room it has, and remembers each pan and zoom. Its minimap
 * is in its corner unless docked elsewhere (MinimapDock, under the module editor).
 */
export function FlowCanvas({
  store,
  findings,
  minimapInCorner,
}: {
  store: BuilderStore;
  findings: Finding[];
  minimapInCorner: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const userId = useQuery(currentUserQuery).data?.id;
  const [opening, setOpening] = useState<Viewport | null>(null);
  useLayoutEffect(() => {
    const box = host.current?.getBoundingClientRect();
    const { flow, focusRequest, botId } = store.getState();
    const focus = flow.modules.find((module) => module.id === focusRequest?.moduleId);
    const remembered = userId ? rememberedViewport(userId, botId) : null;
    setOpening(
      (current) =>
        current ??
        openingViewport(
          flow.modules,
          { width: box?.width ?? 0, height: box?.height ?? 0 },
          { focus, remembered, startModuleId: flow.startModuleId },
        ),
    );
  }, [store, userId]);
  const onMoveEnd = useCallback(
    (_event: unknown, viewport: Viewport) => {
      if (userId) rememberViewport(userId, store.getState().botId, viewport);
    },
    [store, userId],
  );
  return (
    <div ref={host} style={{ width: '100%', height: '100%' }}>
      {opening && (
        <Canvas
          store={store}
          findings={findings}
          opening={opening}
          minimapInCorner={minimapInCorner}
          onMoveEnd={onMoveEnd}
        />
      )}
    </div>
  );
}

function Canvas({
  store,
  findings,
  opening,
  minimapInCorner,
  onMoveEnd,
}: {
  store: BuilderStore;
  findings: Finding[];
  opening: Viewport;
  minimapInCorner: boolean;
  onMoveEnd(event: unknown, viewport: Viewport): void;
}) {
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
  const overview = useReactFlowStore(zoomedOut);
  const big = flow.modules.length > BIG_BOT;
  const [hovered, setHovered] = useState<string | null>(null);
  const from = useReactFlowStore(connectingFrom);
  const focus = useMemo(
    () => (hovered ? new Set([...selectedNodes, hovered]) : selectedNodes),
    [selectedNodes, hovered],
  );
  // Zoomed out, only the modules being worked on keep their handles (thousands of them cost frames).
  const active = useMemo(() => (from ? new Set([...focus, from]) : focus), [focus, from]);
  const looks = useMemo(
    () => ({ selected: selectedNodes, problems, pinnedTags, hereId, overview, active }),
    [selectedNodes, problems, pinnedTags, hereId, overview, active],
  );
  const nodes = useModuleNodes(flow, looks, sizes);
  const [initialized, setInitialized] = useState(false);
  useCanvasBridge(store, sizes);
  const [dropMenu, setDropMenu] = useState<DropMenu | null>(null);
  const { screenToFlowPosition, getZoom } = useReactFlow();
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
  const connectionState = useMemo(
    () => ({ selected: selectedEdges, focus, travelled }),
    [selectedEdges, focus, travelled],
  );
  const connectionEdges = useConnectionEdges(flow, connectionState, overview);
  const showGlobals = useStore(store, (state) => state.showGlobals);
  const globalLabels = useGlobalLabelPlaces(flow, showGlobals && !overview, sizes);
  const globals = useGlobals(flow, showGlobals, travelled, overview, globalLabels);
  const allNodes = useMemo<(ModuleNode | GlobalsNode)[]>(
    () => (globals.nodes.length > 0 ? [...globals.nodes, ...nodes] : nodes),
    [globals.nodes, nodes],
  );
  const edges = useMemo(
    () => (globals.edges.length > 0 ? [...connectionEdges, ...globals.edges] : connectionEdges),
    [connectionEdges, globals.edges],
  );
  const measuredGlobals = useReactFlowStore(globalsNode);
  const scene = useMemo(() => {
    if (!overview) return null;
    const globalsAnchor = (globalId: string) => {
      const handle = measuredGlobals?.internals.handleBounds?.source?.find((bound) => bound.id === globalId);
      if (!measuredGlobals || !handle) return undefined;
      const { x, y } = measuredGlobals.internals.positionAbsolute;
      return { x: x + handle.x + handle.width, y: y + handle.y + handle.height / 2 };
    };
    return overviewScene(flow, { selected: selectedNodes, problems, pinnedTags, hereId }, connectionState, {
      show: showGlobals,
      travelled,
      anchorOf: globalsAnchor,
    });
  }, [
    overview,
    flow,
    selectedNodes,
    problems,
    pinnedTags,
    hereId,
    connectionState,
    showGlobals,
    travelled,
    measuredGlobals,
  ]);
  const sceneRef = useRef(scene);
  sceneRef.current = scene;

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
        const fresh = differingSizes(store, measured);
        if (Object.keys(fresh).length > 0) setSizes((old) => ({ ...old, ...fresh }));
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

  // Zoomed out, connections are painted: a click on the canvas selects the one under it, as a click
  // on a drawn one does (React Flow then deselects the modules, as for any click on the canvas).
  const onPaneClick = useCallback(
    (event: MouseEvent) => {
      const painted = sceneRef.current;
      if (!painted) return;
      const point = screenToFlowPosition({ x: event.clientX, y: event.clientY });
      const hit = connectionAt(painted, point, 6 / getZoom());
      const adding = event.shiftKey || event.metaKey || event.ctrlKey;
      const current = store.getState().selectedConnections;
      if (!hit) store.getState().selectConnections(adding ? current : []);
      else if (!adding) store.getState().selectConnections([hit]);
      else
        store
          .getState()
          .selectConnections(current.includes(hit) ? current.filter((id) => id !== hit) : [...current, hit]);
    },
    [store, screenToFlowPosition, getZoom],
  );

  // React Flow hands these to every node as props: new functions each render would re-render every
  // node on screen at every drag step, so they stay the same.
  const onInit = useCallback(() => setInitialized(true), []);
  const onNodeDragStop = useCallback(() => store.getState().endGesture(), [store]);
  const onNodeMouseEnter = useCallback((_: unknown, node: { id: string }) => setHovered(node.id), []);
  const onNodeMouseLeave = useCallback(() => setHovered(null), []);

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
      className={overview ? 'is-overview' : undefined}
      nodes={allNodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onConnectEnd={onConnectEnd}
      onInit={onInit}
      onPaneClick={onPaneClick}
      onNodeDragStop={onNodeDragStop}
      onNodeMouseEnter={onNodeMouseEnter}
      onNodeMouseLeave={onNodeMouseLeave}
      onMoveEnd={onMoveEnd}
      // Delete is a builder command (it also knows the start module stays).
      deleteKeyCode={null}
      multiSelectionKeyCode={MULTI_SELECT_KEYS}
      defaultViewport={opening}
      // Big bots draw only what is in view.
      onlyRenderVisibleElements={big}
      fitViewOptions={FIT_VIEW}
      minZoom={FIT.minZoom}
      maxZoom={MAX_ZOOM}
      proOptions={PRO_OPTIONS}
    >
      <ModuleIconSprite />
      <Background gap={20} color="#e2e8f0" />
      <OverviewLayer scene={scene} />
      {minimapInCorner && <CanvasMinimap flow={flow} />}
      <Controls />
      <ModuleTypeMenu
        anchor={dropMenu?.screen ?? null}
        onClose={() => setDropMenu(null)}
        onChoose={(type, fresh) => {
          if (!dropMenu) return;
          const { source, port, flow: at } = dropMenu;
          const added = addModule(store.getState().flow, type, { x: at.x, y: at.y - 22 }, fresh);
          apply(() => connect(added.flow, { source, port, target: added.id }));
          store.getState().select([added.id]);
          setDropMenu(null);
        }}
      />
    </ReactFlow>
  );
}

/** What React Flow measured where it differs from the module's card (moduleLayout). */
function differingSizes(store: BuilderStore, measured: Record<string, Size>): Record<string, Size> {
  const byId = new Map(store.getState().flow.modules.map((module) => [module.id, module]));
  const differing: Record<string, Size> = {};
  for (const [id, size] of Object.entries(measured)) {
    const module = byId.get(id);
    const card = module && moduleLayout(module);
    if (!card || card.width !== size.width || card.height !== size.height) differing[id] = size;
  }
  return differing;
}
