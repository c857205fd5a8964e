import type { FlowModule } from '@parley/flow';
import { Position } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { anchorOf, CARD, moduleLayout } from './module-layout';

const text = {
  id: 'hello',
  type: 'text',
  name: 'Hello',
  position: { x: 100, y: 50 },
  tags: [],
  connections: [],
  isGoal: false,
  content: { text: 'Hi there!' },
} as unknown as FlowModule;

const menu = {
  ...text,
  id: 'menu',
  type: 'buttons',
  tags: ['sales'],
  content: {
    text: 'What would you like?',
    buttons: [
      { id: 'order', label: 'Track my order', action: { type: 'goto' }, setVariables: [] },
      { id: 'person', label: 'Talk to a person', action: { type: 'goto' }, setVariables: [] },
    ],
  },
} as unknown as FlowModule;

describe('a module card on the canvas', () => {
  it('is as tall as its rows: head, content lines, outputs', () => {
    const layout = moduleLayout(text);
    expect(layout.lines).toEqual(['Hi there!']);
    expect(layout.ports.map((port) => port.id)).toEqual(['next']);
    expect(layout.size).toEqual({ width: 260, height: 1 + 50 + (18 + 8) + (1 + 28) + 1 });
  });

  it('gives tags one row and each output its own row', () => {
    const layout = moduleLayout(menu);
    expect(layout.linesTop).toBe(CARD.border + CARD.head + CARD.tags);
    expect(layout.height).toBe(1 + 50 + 24 + 26 + 1 + 2 * 28 + 1);
  });

  it('puts the input on the left edge and each output on the right edge of its row', () => {
    const { handles, portsTop } = moduleLayout(menu);
    expect(handles).toEqual([
      { id: null, type: 'target', position: Position.Left, x: -5, y: 17, width: 12, height: 12 },
      {
        id: 'button:order',
        type: 'source',
        position: Position.Right,
        x: 252,
        y: portsTop + 1 + 14 - 7,
        width: 14,
        height: 14,
      },
      {
        id: 'button:person',
        type: 'source',
        position: Position.Right,
        x: 252,
        y: portsTop + 1 + 28 + 14 - 7,
        width: 14,
        height: 14,
      },
    ]);
  });

  it('is worked out once per module object', () => {
    expect(moduleLayout(menu)).toBe(moduleLayout(menu));
    expect(moduleLayout({ ...menu, tags: [] } as FlowModule).height).toBe(moduleLayout(menu).height - 24);
  });

  it('says where connections leave an output and enter the input, on the canvas', () => {
    const { portsTop } = moduleLayout(text);
    expect(anchorOf(text, 'next')).toEqual({ x: 100 + 266, y: 50 + portsTop + 1 + 14 });
    expect(anchorOf(text)).toEqual({ x: 100 - 5, y: 50 + 23 });
    expect(anchorOf(text, 'nowhere')).toBeUndefined();
  });
});
