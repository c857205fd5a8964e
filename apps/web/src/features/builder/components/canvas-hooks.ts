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

/** Lets commands ask the canvas where to paste and how big modules are. */
export function useCanvasBridge(store: BuilderStore, sizes: Record<string, Size>) {
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
