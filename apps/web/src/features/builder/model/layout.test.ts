import { loadFlow, starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { alignModules, autoLayout } from './layout';

const flow = loadFlow({
  ...starterFlow('en'),
  modules: [
    {
      id: 'start',
      type: 'text',
      position: { x: 500, y: 500 },
      content: { text: 'Hi' },
      connections: [{ id: 'c1', port: 'next', target: 'b' }],
    },
    {
      id: 'b',
      type: 'text',
      position: { x: 0, y: 0 },
      content: { text: 'B' },
      connections: [{ id: 'c2', port: 'next', target: 'c' }],
    },
    { id: 'c', type: 'end', position: { x: 100, y: 900 }, content: {} },
  ],
});

describe('layout', () => {
  it('puts each module a column after the one leading to it, keeping the group where it was', () => {
    const laid = autoLayout(flow, () => ({ width: 260, height: 140 }));
    const [start, b, c] = laid.modules;
    expect(start?.position.x).toBeLessThan(b?.position.x ?? 0);
    expect(b?.position.x).toBeLessThan(c?.position.x ?? 0);
    expect((b?.position.x ?? 0) - (start?.position.x ?? 0)).toBeGreaterThanOrEqual(260);
    expect(Math.min(...laid.modules.map((module) => module.position.x))).toBe(0);
    expect(Math.min(...laid.modules.map((module) => module.position.y))).toBe(0);
  });

  it('aligns left edges and tops', () => {
    const left = alignModules(flow, ['start', 'c'], 'left');
    expect(left.modules.map((module) => module.position)).toEqual([
      { x: 100, y: 500 },
      { x: 0, y: 0 },
      { x: 100, y: 900 },
    ]);
    expect(alignModules(flow, ['b', 'c'], 'top').modules[2]?.position).toEqual({ x: 100, y: 0 });
    expect(alignModules(flow, ['b'], 'top')).toBe(flow);
  });
});
