import { useNodesInitialized, useReactFlow } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { BuilderStore } from '../model/builder-store';
import { moduleLayout } from '../model/module-layout';
import type { Size } from './canvas-elements';

/** Where the canvas is on the screen (read when asked: never per pointer move). */
export const paneBox = () => document.querySelector('.react-flow')?.getBoundingClientRect();

/** A module's size on the canvas: its card's, or what React Flow measured where they differ. */
function sizeOf(store: BuilderStore, sizes: Record<string, Size>, id: string): Size | undefined {
  if (sizes[id]) return sizes[id];
  const module = store.getState().flow.modules.find((candidate) => candidate.id === id);
  return module && moduleLayout(module).size;
}

/** Room kept between pasted modules and the canvas's edges, in pixels on screen. */
const PASTE_MARGIN = 24;

/**
 * Where the canvas's bottom panels (its zoom buttons, its minimap) begin, on screen: pasted modules
 * stay above them, where nothing hides them.
 */
function overlaysTop(pane: DOMRect): number {
  const panels = document.querySelectorAll('.react-flow .react-flow__panel.bottom');
  return Math.min(pane.bottom, ...[...panels].map((panel) => panel.getBoundingClientRect().top));
}

/** Lets commands ask the canvas where to paste and how big modules are. */
export function useCanvasBridge(store: BuilderStore, sizes: Record<string, Size>) {
  const { screenToFlowPosition } = useReactFlow();
  const sizesRef = useRef(sizes);
  sizesRef.current = sizes;
  useEffect(() => {
    // Only remembered here (no layout read per move). Over the canvas means over it, not over a
    // menu or dialog that happens to lie above it.
    let pointer: { x: number; y: number } | null = null;
    const onMove = (event: PointerEvent) => {
      const overCanvas = event.target instanceof Element && event.target.closest('.react-flow') !== null;
      pointer = overCanvas ? { x: event.clientX, y: event.clientY } : null;
    };
    const centreOf = (box: DOMRect | undefined) =>
      box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : { x: 0, y: 0 };
    window.addEventListener('pointermove', onMove);
    store.setState({
      canvas: {
        viewCentre: () => screenToFlowPosition(centreOf(paneBox())),
        pasteSpot: () => {
          const box = paneBox();
          if (!box) return { view: { x: 0, y: 0, width: 0, height: 0 }, pointer: null };
          const margin = Math.min(PASTE_MARGIN, box.width / 4, box.height / 4);
          const topLeft = screenToFlowPosition({ x: box.left + margin, y: box.top + margin });
          const bottomRight = screenToFlowPosition({
            x: box.right - margin,
            y: Math.max(box.top + box.height / 2, overlaysTop(box)) - margin,
          });
          return {
            view: { ...topLeft, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y },
            pointer: pointer ? screenToFlowPosition(pointer) : null,
          };
        },
        sizeOf: (id) => sizeOf(store, sizesRef.current, id),
      },
    });
    return () => {
      window.removeEventListener('pointermove', onMove);
      store.setState({ canvas: null });
    };
  }, [store, screenToFlowPosition]);
}

/** Centres the canvas on a module someone asked to see (a problem, the way back from its page). */
export function useFocusRequests(store: BuilderStore, sizes: Record<string, Size>, initialized: boolean) {
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
    const size = sizes[module.id] ?? moduleLayout(module).size;
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
