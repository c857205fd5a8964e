import { type Bounds, overlaps } from '../model/connection-geometry';
import { CARD } from '../model/module-layout';
import type { OverviewScene, PaintedConnection, PaintedModule } from './overview-scene';

/** The canvas's viewport (React Flow's transform) and the layer's size in CSS pixels. */
export interface View {
  x: number;
  y: number;
  zoom: number;
  width: number;
  height: number;
  pixelRatio: number;
}

const RADIUS = 12;
const NAME_SIZE = 22;
const NAME_FONT = `700 ${NAME_SIZE}px "Inter Variable", Inter, system-ui, sans-serif`;
const BADGE_FONT = '700 11px "Inter Variable", Inter, system-ui, sans-serif';
const LINE_BAR = '#e2e8f0';

/**
 * Paints the zoomed-out canvas: every connection and module card in view, in one pass over one
 * <canvas> (thousands of SVG paths and elements cost a software-rendered frame far more). Cards
 * keep their full size (moduleLayout): the name in large type, lines of content as bars, outputs
 * as dots. Details grow in as there are pixels for them.
 */
export function paintOverview(
  context: CanvasRenderingContext2D,
  scene: OverviewScene,
  view: View,
  labels: { here: string },
): void {
  const { x, y, zoom, width, height, pixelRatio } = view;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  context.setTransform(pixelRatio * zoom, 0, 0, pixelRatio * zoom, pixelRatio * x, pixelRatio * y);
  const inView: Bounds = {
    minX: -x / zoom,
    minY: -y / zoom,
    maxX: (width - x) / zoom,
    maxY: (height - y) / zoom,
  };
  // One screen pixel in flow units: lines never get thinner than that.
  const pixel = 1 / zoom;
  paintConnections(context, scene.connections, inView, pixel);
  const modules = scene.modules.filter(
    (module) =>
      module.x - 12 <= inView.maxX &&
      module.x + module.layout.width + 12 >= inView.minX &&
      module.y - 30 <= inView.maxY &&
      module.y + module.layout.height + 12 >= inView.minY,
  );
  paintCards(context, modules, zoom, pixel);
  if (zoom * NAME_SIZE >= 4) paintNames(context, modules);
  paintBadges(context, modules, labels.here, zoom);
}

/** Connections with the same look share one path: a handful of strokes for thousands of curves. */
function paintConnections(
  context: CanvasRenderingContext2D,
  connections: PaintedConnection[],
  inView: Bounds,
  pixel: number,
) {
  const batches = new Map<string, { look: PaintedConnection; line: Path2D; arrows: Path2D }>();
  for (const connection of connections) {
    if (!overlaps(connection.bounds, inView)) continue;
    const key = `${connection.color}|${connection.width}|${connection.opacity}|${connection.dashed}`;
    let batch = batches.get(key);
    if (!batch) {
      batch = { look: connection, line: new Path2D(), arrows: new Path2D() };
      batches.set(key, batch);
    }
    const { from, c1, c2, to } = connection.curve;
    batch.line.moveTo(from.x, from.y);
    batch.line.bezierCurveTo(c1.x, c1.y, c2.x, c2.y, to.x, to.y);
    // React Flow's closed arrow: as long as 3.1 stroke widths, 5 wide, its tip on the input.
    const stroke = Math.max(connection.width, pixel);
    // (Filling closes each triangle: closePath costs more the more the path already holds.)
    batch.arrows.moveTo(to.x, to.y);
    batch.arrows.lineTo(to.x - 3.1 * stroke, to.y - 2.5 * stroke);
    batch.arrows.lineTo(to.x - 3.1 * stroke, to.y + 2.5 * stroke);
  }
  context.lineCap = 'round';
  for (const { look, line, arrows } of batches.values()) {
    context.globalAlpha = look.opacity;
    context.strokeStyle = look.color;
    context.fillStyle = look.color;
    context.lineWidth = Math.max(look.width, pixel);
    context.setLineDash(look.dashed ? [6 * Math.max(1, pixel), 4 * Math.max(1, pixel)] : []);
    context.stroke(line);
    context.setLineDash([]);
    context.fill(arrows);
  }
  context.globalAlpha = 1;
}

function cardPath(path: Path2D, module: PaintedModule, rounded: boolean) {
  if (rounded) path.roundRect(module.x, module.y, module.layout.width, module.layout.height, RADIUS);
  else path.rect(module.x, module.y, module.layout.width, module.layout.height);
}

const group = <T>(items: T[], keyOf: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

/** Halo, card, tinted head, content bars, border and handles: each a few fills and strokes. */
function paintCards(
  context: CanvasRenderingContext2D,
  modules: PaintedModule[],
  zoom: number,
  pixel: number,
) {
  const rounded = RADIUS * zoom >= 1.5;
  for (const module of modules) {
    if (!module.ring) continue;
    const halo = new Path2D();
    const { width } = module.ring;
    halo.roundRect(
      module.x - width,
      module.y - width,
      module.layout.width + 2 * width,
      module.layout.height + 2 * width,
      RADIUS + width,
    );
    context.fillStyle = module.ring.color;
    context.fill(halo);
  }
  const cards = new Path2D();
  for (const module of modules) cardPath(cards, module, rounded);
  context.fillStyle = '#fff';
  context.fill(cards);
  for (const [color, tinted] of group(modules, (module) => module.color)) {
    const heads = new Path2D();
    for (const module of tinted)
      if (rounded)
        heads.roundRect(module.x, module.y, module.layout.width, CARD.head, [RADIUS, RADIUS, 0, 0]);
      else heads.rect(module.x, module.y, module.layout.width, CARD.head);
    // Far out the head is most of what shows of a card: a stronger tint keeps the types apart.
    context.fillStyle = `${color}${zoom < 0.3 ? '40' : '1f'}`;
    context.fill(heads);
  }
  if (zoom >= 0.15) {
    const bars = new Path2D();
    for (const module of modules)
      module.lineLengths.forEach((length, index) => {
        bars.rect(
          module.x + 14,
          module.y + module.layout.linesTop + index * CARD.line + 5,
          (module.layout.width - 28) * length,
          8,
        );
      });
    context.fillStyle = LINE_BAR;
    context.fill(bars);
  }
  for (const [border, outlined] of group(modules, (module) => module.border)) {
    const outlines = new Path2D();
    for (const module of outlined) cardPath(outlines, module, rounded);
    context.strokeStyle = border;
    context.lineWidth = Math.max(border === '#cbd5e1' ? 1.5 : 3, pixel);
    context.stroke(outlines);
  }
  if (zoom >= 0.15) paintHandles(context, modules);
}

/** The input and output dots, where the handles are when the module is drawn in full. */
function paintHandles(context: CanvasRenderingContext2D, modules: PaintedModule[]) {
  for (const [color, coloured] of group(modules, (module) => module.color)) {
    const inputs = new Path2D();
    const outputs = new Path2D();
    for (const module of coloured)
      for (const handle of module.layout.handles) {
        const size = handle.width ?? 0;
        const cx = module.x + handle.x + size / 2;
        const cy = module.y + handle.y + size / 2;
        const path = handle.type === 'target' ? inputs : outputs;
        const radius = size / 2 - 1;
        path.moveTo(cx + radius, cy);
        path.arc(cx, cy, radius, 0, 2 * Math.PI);
      }
    context.fillStyle = color;
    context.fill(inputs);
    context.fillStyle = '#fff';
    context.fill(outputs);
    context.strokeStyle = color;
    context.lineWidth = 2;
    context.stroke(outputs);
  }
}

const fitted = new Map<string, string>();

/** The name cut with an ellipsis to the card's head (the font is in flow units, so once per name). */
function fitName(context: CanvasRenderingContext2D, name: string, room: number): string {
  const known = fitted.get(name);
  if (known !== undefined) return known;
  let text = name;
  if (context.measureText(text).width > room) {
    let low = 0;
    let high = name.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (context.measureText(`${name.slice(0, middle)}…`).width <= room) low = middle;
      else high = middle - 1;
    }
    text = `${name.slice(0, low)}…`;
  }
  if (fitted.size > 5_000) fitted.clear();
  fitted.set(name, text);
  return text;
}

function paintNames(context: CanvasRenderingContext2D, modules: PaintedModule[]) {
  context.font = NAME_FONT;
  context.textBaseline = 'middle';
  for (const [color, named] of group(modules, (module) => module.color)) {
    context.fillStyle = color;
    for (const module of named)
      context.fillText(
        fitName(context, module.name, module.layout.width - 28),
        module.x + 14,
        module.y + CARD.border + CARD.head / 2,
      );
  }
}

/** Where the debugger's conversation is, as on the full card. */
function paintBadges(
  context: CanvasRenderingContext2D,
  modules: PaintedModule[],
  label: string,
  zoom: number,
) {
  for (const module of modules) {
    if (!module.here) continue;
    // Kept readable: at least 11 screen pixels tall.
    const scale = Math.max(1, 1 / zoom);
    context.font = BADGE_FONT;
    const width = (context.measureText(label).width + 16) * scale;
    const badge = new Path2D();
    badge.roundRect(module.x + 10, module.y - 24 * scale, width, 20 * scale, 4 * scale);
    context.fillStyle = '#059669';
    context.fill(badge);
    context.save();
    context.translate(module.x + 10 + 8 * scale, module.y - 14 * scale);
    context.scale(scale, scale);
    context.fillStyle = '#fff';
    context.textBaseline = 'middle';
    context.fillText(label, 0, 0);
    context.restore();
  }
}
