import type { FlowModule } from '@parley/flow';
import { getViewportForBounds, type Viewport } from '@xyflow/react';
import { z } from 'zod';
import { groupBox, moduleLayout } from './module-layout';

/** How the canvas fits a whole bot in view (React Flow's fitView with these options). */
export const FIT = { padding: 0.2, minZoom: 0.1, maxZoom: 1 } as const;
/** The canvas's zoom range (its zoom buttons and wheel). */
export const MAX_ZOOM = 2;

/**
 * The least zoom a first visit opens at: the cards' words are still readable. A bot too big to
 * fit at this zoom opens on its start module instead (the minimap and zoom show the rest).
 */
export const READABLE_ZOOM = 0.7;

/** A module centred in `box` at `zoom`. */
function centredOn(module: FlowModule, box: { width: number; height: number }, zoom: number): Viewport {
  const { width, height } = moduleLayout(module);
  return {
    x: box.width / 2 - (module.position.x + width / 2) * zoom,
    y: box.height / 2 - (module.position.y + height / 2) * zoom,
    zoom,
  };
}

/**
 * The view the canvas opens with, worked out before anything is drawn: centred on `focus` at
 * 100 % (a module someone asked to see); else where this person last left this bot
 * (`remembered`); else the whole bot fitted into `box` if it is readable so, or else its start
 * module centred at READABLE_ZOOM. Card sizes are known (moduleLayout), so the first frame is
 * already the right one: nothing is drawn at a zoom the canvas then leaves.
 */
export function openingViewport(
  modules: readonly FlowModule[],
  box: { width: number; height: number },
  {
    focus,
    remembered,
    startModuleId,
  }: { focus?: FlowModule; remembered?: Viewport | null; startModuleId?: string } = {},
): Viewport {
  if (focus) return centredOn(focus, box, 1);
  if (remembered) return remembered;
  if (modules.length === 0) return { x: 0, y: 0, zoom: 1 };
  const fit = getViewportForBounds(
    groupBox(modules),
    box.width,
    box.height,
    FIT.minZoom,
    FIT.maxZoom,
    FIT.padding,
  );
  if (fit.zoom >= READABLE_ZOOM) return fit;
  const start = modules.find((module) => module.id === startModuleId) ?? modules[0];
  return start ? centredOn(start, box, READABLE_ZOOM) : fit;
}

const viewportSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  zoom: z.number().min(FIT.minZoom).max(MAX_ZOOM),
});

/** Per person and bot: two people on one browser, or one person's two bots, keep their own. */
const viewportKey = (userId: string, botId: string) => `parley.builder.viewport.${userId}.${botId}`;

/** Where this person last left this bot's canvas (pan and zoom), if this browser remembers it. */
export function rememberedViewport(userId: string, botId: string): Viewport | null {
  try {
    const text = localStorage.getItem(viewportKey(userId, botId));
    if (!text) return null;
    const parsed = viewportSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage refused (private mode) or a value that is not JSON: open as on a first visit.
    return null;
  }
}

/** Remembers the canvas's pan and zoom for this person and bot (the next visit opens there). */
export function rememberViewport(userId: string, botId: string, viewport: Viewport): void {
  const parsed = viewportSchema.safeParse(viewport);
  if (!parsed.success) return;
  const { x, y, zoom } = parsed.data;
  try {
    localStorage.setItem(
      viewportKey(userId, botId),
      JSON.stringify({ x: Math.round(x), y: Math.round(y), zoom: Math.round(zoom * 1000) / 1000 }),
    );
  } catch {
    // A full or refused storage only costs the next visit its view.
  }
}
