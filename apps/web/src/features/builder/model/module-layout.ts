import type { FlowModule } from '@parley/flow';
import { definitionOf, type Port } from '@parley/modules';
import { type NodeHandle, Position } from '@xyflow/react';

/**
 * A module card's geometry on the canvas, in flow units (pixels at 100 %). module-node.css draws
 * the card with exactly these sizes (every row has a fixed height), so the canvas knows each card's
 * size and where its connections attach without measuring thousands of elements in the page; the
 * zoomed-out painting (overview-paint) uses the same numbers.
 */
export const CARD = {
  width: 260,
  // Whole pixels: browsers round borders down to device pixels, so 1.5 would be drawn as 1.
  border: 1,
  /** Icon, type and name. */
  head: 50,
  /** One row of tag chips (more tags than fit stay in the editor and the tags panel). */
  tags: 24,
  /** A line of the module's content at a glance; up to three, with space under them. */
  line: 18,
  maxLines: 3,
  linesBottom: 8,
  /** The rule above the outputs, and one row per output. */
  portsRule: 1,
  port: 28,
  /** Where the input's centre is, from the top of the card's inside. */
  inputTop: 22,
  inputSize: 12,
  outputSize: 14,
} as const;

export interface ModuleLayout {
  width: number;
  height: number;
  /** The same, as one object (what React Flow keeps as a node's measured size). */
  size: { width: number; height: number };
  /** The lines the card shows, in English (the card says them in the user's language). */
  lines: string[];
  /** Its outputs, named in English (likewise). */
  ports: Port[];
  /** Where each row starts, from the card's top (outer edge). */
  linesTop: number;
  portsTop: number;
  /** The input's and each output's handle, as React Flow keeps them (relative to the card). */
  handles: NodeHandle[];
}

const layouts = new WeakMap<FlowModule, ModuleLayout>();

/** The lines of a module's summary its card shows (in whichever language the summary was said). */
export const cardLines = (summary: string[]) => summary.filter(Boolean).slice(0, CARD.maxLines);

/** The card of a module (remembered per module object: edits replace the objects they change). */
export function moduleLayout(module: FlowModule): ModuleLayout {
  const known = layouts.get(module);
  if (known) return known;
  const definition = definitionOf(module.type);
  // English words: the geometry counts lines and outputs, which are the same in every language.
  const lines = cardLines(definition.summary(module.content));
  const ports = definition.ports(module.content);
  const inside = CARD.border;
  const linesTop = inside + CARD.head + (module.tags.length > 0 ? CARD.tags : 0);
  const portsTop = linesTop + (lines.length > 0 ? lines.length * CARD.line + CARD.linesBottom : 0);
  const height = portsTop + (ports.length > 0 ? CARD.portsRule + ports.length * CARD.port : 0) + CARD.border;
  // Handles are centred on the card's inner edges (React Flow's handle style translates them by
  // half their size): the input on the left at inputTop, each output on the right of its row.
  const input: NodeHandle = {
    id: null,
    type: 'target',
    position: Position.Left,
    x: inside - CARD.inputSize / 2,
    y: inside + CARD.inputTop - CARD.inputSize / 2,
    width: CARD.inputSize,
    height: CARD.inputSize,
  };
  const outputs = ports.map(
    (port, index): NodeHandle => ({
      id: port.id,
      type: 'source',
      position: Position.Right,
      x: CARD.width - inside - CARD.outputSize / 2,
      y: portsTop + CARD.portsRule + index * CARD.port + CARD.port / 2 - CARD.outputSize / 2,
      width: CARD.outputSize,
      height: CARD.outputSize,
    }),
  );
  const layout = {
    width: CARD.width,
    height,
    size: { width: CARD.width, height },
    lines,
    ports,
    linesTop,
    portsTop,
    handles: [input, ...outputs],
  };
  layouts.set(module, layout);
  return layout;
}

/** Where a connection leaves a module's output (`port`) or enters its input (no port). */
export function anchorOf(module: FlowModule, port?: string): { x: number; y: number } | undefined {
  const handle = moduleLayout(module).handles.find((candidate) =>
    port === undefined ? candidate.type === 'target' : candidate.id === port,
  );
  if (!handle) return undefined;
  const size = handle.height ?? 0;
  // React Flow's edges start at a handle's outer side, halfway down.
  return {
    x: module.position.x + handle.x + (handle.position === Position.Right ? (handle.width ?? 0) : 0),
    y: module.position.y + handle.y + size / 2,
  };
}

export type Rect = { x: number; y: number; width: number; height: number };

/** The box around a group of modules' cards (flow units); an empty box for none. */
export function groupBox(modules: readonly FlowModule[]): Rect {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const module of modules) {
    const { width, height } = moduleLayout(module);
    minX = Math.min(minX, module.position.x);
    minY = Math.min(minY, module.position.y);
    maxX = Math.max(maxX, module.position.x + width);
    maxY = Math.max(maxY, module.position.y + height);
  }
  if (modules.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}
