import type { FlowModule } from '@parley/flow';
import { getViewportForBounds, type Viewport } from '@xyflow/react';
import { groupBox, moduleLayout } from './module-layout';

/** How the canvas fits a whole bot in view (React Flow's fitView with these options). */
export const FIT = { padding: 0.2, minZoom: 0.1, maxZoom: 1 } as const;

/**
 * The view the canvas opens with, worked out before anything is drawn: the whole bot fitted into
 * `box`, or centred on `focus` at 100 %. Card sizes are known (moduleLayout), so the first frame
 * is already the right one: nothing is drawn at a zoom the canvas then leaves.
 */
export function openingViewport(
  modules: readonly FlowModule[],
  box: { width: number; height: number },
  focus?: FlowModule,
): Viewport {
  if (focus) {
    const { width, height } = moduleLayout(focus);
    return {
      x: box.width / 2 - (focus.position.x + width / 2),
      y: box.height / 2 - (focus.position.y + height / 2),
      zoom: 1,
    };
  }
  if (modules.length === 0) return { x: 0, y: 0, zoom: 1 };
  return getViewportForBounds(
    groupBox(modules),
    box.width,
    box.height,
    FIT.minZoom,
    FIT.maxZoom,
    FIT.padding,
  );
}
