import { Box } from '@mui/material';
import type { Flow } from '@parley/flow';
import { moduleLooks } from '@parley/modules/panels';
import { MiniMap, Panel, type ReactFlowState, useStore as useReactFlowStore } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import { moduleLayout } from '../model/module-layout';
import { GLOBAL_COLOR, GLOBALS_NODE_ID, type GlobalsNode } from './globals-node';
import type { ModuleNode } from './module-node';

type Size = { width: number; height: number };

/** React Flow's minimap size (its defaults), in the canvas's corner. */
export const MINIMAP = { width: 200, height: 150 } as const;
/** Bots with more modules draw only what is in view, and paint their minimap. */
export const BIG_BOT = 300;
/** React Flow's room around its panels (its stylesheet's margin). */
const PANEL_MARGIN = 15;
/** The minimap docked under the module editor: as wide as the editor's column allows. */
export const DOCKED_MINIMAP = { width: 388, height: 132 } as const;

const globalsBox = (state: ReactFlowState) => {
  const node = state.nodeLookup.get(GLOBALS_NODE_ID);
  if (!node?.measured.width || !node.measured.height) return undefined;
  const { x, y } = node.internals.positionAbsolute;
  return `${x} ${y} ${node.measured.width} ${node.measured.height}`;
};

/** Paints each module as a rectangle in its type's colour over the minimap's `viewBox`. */
function paintMinimap(
  canvas: HTMLCanvasElement,
  size: Size,
  flow: Flow,
  viewBox: string,
  globals: string | undefined,
) {
  const context = canvas.getContext('2d');
  const [x = 0, y = 0, width = 1, height = 1] = viewBox.split(/[\s,]+/).map(Number);
  if (!context || !width || !height) return;
  const pixelRatio = window.devicePixelRatio || 1;
  const pixels = {
    width: Math.round(size.width * pixelRatio),
    height: Math.round(size.height * pixelRatio),
  };
  if (canvas.width !== pixels.width || canvas.height !== pixels.height) Object.assign(canvas, pixels);
  // The minimap's svg keeps its viewBox's proportions (preserveAspectRatio: meet, centred).
  const scale = Math.min(size.width / width, size.height / height);
  const left = (size.width - width * scale) / 2;
  const top = (size.height - height * scale) / 2;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.setTransform(
    pixelRatio * scale,
    0,
    0,
    pixelRatio * scale,
    pixelRatio * (left - x * scale),
    pixelRatio * (top - y * scale),
  );
  const byColour = new Map<string, Path2D>();
  for (const module of flow.modules) {
    const { color } = moduleLooks[module.type];
    let path = byColour.get(color);
    if (!path) {
      path = new Path2D();
      byColour.set(color, path);
    }
    const { width: cardWidth, height: cardHeight } = moduleLayout(module);
    path.rect(module.position.x, module.position.y, cardWidth, cardHeight);
  }
  if (globals) {
    const [gx = 0, gy = 0, gw = 0, gh = 0] = globals.split(' ').map(Number);
    const path = byColour.get(GLOBAL_COLOR) ?? new Path2D();
    path.rect(gx, gy, gw, gh);
    byColour.set(GLOBAL_COLOR, path);
  }
  for (const [color, path] of byColour) {
    context.fillStyle = color;
    context.fill(path);
  }
}

/**
 * For big bots, the minimap's modules painted on one <canvas> under React Flow's minimap (which
 * then draws only the view's frame, and keeps its panning and zooming): thousands of SVG
 * rectangles, redrawn at every frame of a pan, cost more than the canvas itself.
 */
function MinimapLayer({ flow, size }: { flow: Flow; size: Size }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const globals = useReactFlowStore(globalsBox);
  const latest = useRef({ flow, globals, size });
  const schedulePaint = useRef(() => {});
  useEffect(() => {
    const element = canvas.current;
    const svg = element?.closest('[data-canvas-minimap]')?.querySelector('.react-flow__minimap-svg');
    if (!element || !svg) return;
    let frame = 0;
    const paint = () => {
      frame = 0;
      const { flow, size, globals } = latest.current;
      paintMinimap(element, size, flow, svg.getAttribute('viewBox') ?? '', globals);
    };
    schedulePaint.current = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    // The minimap reframes (its viewBox) when the view or the modules move past its edges.
    const observer = new MutationObserver(() => schedulePaint.current());
    observer.observe(svg, { attributes: true, attributeFilter: ['viewBox'] });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  useEffect(() => {
    latest.current = { flow, globals, size };
    schedulePaint.current();
  }, [flow, globals, size]);
  return (
    <Panel position="bottom-right" style={{ ...size, background: '#fff', pointerEvents: 'none' }}>
      <canvas ref={canvas} style={{ display: 'block', ...size }} />
    </Panel>
  );
}

/** The minimap's own rectangle for a node, when the layer paints them instead. */
const NoMinimapNode = () => null;

const minimapColor = (node: ModuleNode | GlobalsNode) =>
  node.type === 'globals' ? GLOBAL_COLOR : moduleLooks[node.data.module.type].color;

/**
 * The canvas's minimap (pannable and zoomable), at the bottom right of whatever holds it: the
 * canvas, or the dock under the module editor. It sets its own colours, which React Flow otherwise
 * takes from its canvas's stylesheet.
 */
export function CanvasMinimap({ flow, size = MINIMAP }: { flow: Flow; size?: Size }) {
  const big = flow.modules.length > BIG_BOT;
  return (
    <div data-canvas-minimap style={{ display: 'contents' }}>
      {big && <MinimapLayer flow={flow} size={size} />}
      <MiniMap
        pannable
        zoomable
        style={size}
        nodeColor={minimapColor}
        bgColor={big ? 'transparent' : '#fff'}
        maskColor="rgba(240, 240, 240, 0.6)"
        {...(big ? { nodeComponent: NoMinimapNode } : {})}
      />
    </div>
  );
}

/**
 * While a module's editor is open beside the canvas, the minimap sits under the editor instead of
 * on the canvas, which is narrower then: it hides none of the modules and none of the editor.
 */
export function MinimapDock({ store }: { store: BuilderStore }) {
  const flow = useStore(store, (state) => state.flow);
  return (
    <Box
      data-minimap-dock
      sx={{
        position: 'relative',
        flexShrink: 0,
        height: DOCKED_MINIMAP.height + PANEL_MARGIN * 2,
        borderTop: '1px solid',
        borderColor: 'divider',
        bgcolor: '#f8fafc',
        display: { xs: 'none', sm: 'block' },
        '& .react-flow__minimap': {
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1.5,
          overflow: 'hidden',
        },
      }}
    >
      <CanvasMinimap flow={flow} size={DOCKED_MINIMAP} />
    </Box>
  );
}
