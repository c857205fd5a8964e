import type { Flow } from '@parley/flow';
import { Panel, type ReactFlowState, useStore as useReactFlowStore } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { moduleLayout } from '../model/module-layout';
import { GLOBAL_COLOR, GLOBALS_NODE_ID } from './globals-node';
import { moduleLooks } from './module-icons';

/** React Flow's minimap size (its defaults, which the canvas keeps). */
export const MINIMAP = { width: 200, height: 150 } as const;

const globalsBox = (state: ReactFlowState) => {
  const node = state.nodeLookup.get(GLOBALS_NODE_ID);
  if (!node?.measured.width || !node.measured.height) return undefined;
  const { x, y } = node.internals.positionAbsolute;
  return `${x} ${y} ${node.measured.width} ${node.measured.height}`;
};

/** Paints each module as a rectangle in its type's colour over the minimap's `viewBox`. */
function paintMinimap(canvas: HTMLCanvasElement, flow: Flow, viewBox: string, globals: string | undefined) {
  const context = canvas.getContext('2d');
  const [x = 0, y = 0, width = 1, height = 1] = viewBox.split(/[\s,]+/).map(Number);
  if (!context || !width || !height) return;
  const pixelRatio = window.devicePixelRatio || 1;
  const pixels = {
    width: Math.round(MINIMAP.width * pixelRatio),
    height: Math.round(MINIMAP.height * pixelRatio),
  };
  if (canvas.width !== pixels.width || canvas.height !== pixels.height) Object.assign(canvas, pixels);
  // The minimap's svg keeps its viewBox's proportions (preserveAspectRatio: meet, centred).
  const scale = Math.min(MINIMAP.width / width, MINIMAP.height / height);
  const left = (MINIMAP.width - width * scale) / 2;
  const top = (MINIMAP.height - height * scale) / 2;
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
export function MinimapLayer({ flow }: { flow: Flow }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const globals = useReactFlowStore(globalsBox);
  const latest = useRef({ flow, globals });
  const schedulePaint = useRef(() => {});
  useEffect(() => {
    const element = canvas.current;
    const svg = element?.closest('.react-flow')?.querySelector('.react-flow__minimap-svg');
    if (!element || !svg) return;
    let frame = 0;
    const paint = () => {
      frame = 0;
      paintMinimap(element, latest.current.flow, svg.getAttribute('viewBox') ?? '', latest.current.globals);
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
    latest.current = { flow, globals };
    schedulePaint.current();
  }, [flow, globals]);
  return (
    <Panel position="bottom-right" style={{ ...MINIMAP, background: '#fff', pointerEvents: 'none' }}>
      <canvas ref={canvas} style={{ display: 'block', ...MINIMAP }} />
    </Panel>
  );
}

/** The minimap's own rectangle for a node, when the layer paints them instead. */
export const NoMinimapNode = () => null;
