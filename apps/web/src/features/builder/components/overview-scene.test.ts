import { type Flow, starterFlow } from '@parley/flow';
import { moduleLooks } from '@parley/modules/panels';
import { describe, expect, it } from 'vitest';
import { pointOnCurve } from '../model/connection-geometry';
import { addModule, addTag, connect, updateModule } from '../model/flow-edits';
import { anchorOf } from '../model/module-layout';
import { GLOBAL_COLOR } from './globals-node';
import { DEBUG_COLOR } from './module-node';
import { connectionAt, overviewScene } from './overview-scene';

/** start → ask → done, and start → done, with a global connection into `ask`. */
function threeModules(): Flow {
  let flow = starterFlow('en');
  const ask = addModule(flow, 'input', { x: 400, y: 0 });
  const done = addModule(ask.flow, 'end', { x: 800, y: 300 });
  flow = connect(done.flow, { source: 'start', port: 'next', target: ask.id });
  flow = connect(flow, { source: ask.id, port: 'next', target: done.id });
  flow = connect(flow, { source: ask.id, port: 'invalid', target: done.id });
  return {
    ...flow,
    globalConnections: [
      {
        id: 'help',
        name: 'Help',
        trigger: { type: 'keyword', keywords: ['help'], match: 'exact' },
        target: ask.id,
        actions: [],
        enabled: true,
        priority: 0,
      },
    ],
  };
}

const none = new Set<string>();
const looks = { selected: none, problems: new Map(), pinnedTags: [], hereId: null };
const state = { selected: none, focus: none, travelled: none };
const noGlobals = { show: false, travelled: none, anchorOf: () => undefined };

describe('the zoomed-out canvas', () => {
  it('paints every connection from its output to the input it leads to', () => {
    const flow = threeModules();
    const scene = overviewScene(flow, looks, state, noGlobals);
    expect(scene.modules.map((module) => module.id)).toEqual(flow.modules.map((module) => module.id));
    expect(scene.connections).toHaveLength(3);
    const [ask, done] = flow.modules.slice(1);
    if (!ask || !done) throw new Error('modules expected');
    const invalid = scene.connections.find((connection) => connection.id === ask.connections[1]?.id);
    expect(invalid?.curve.from).toEqual(anchorOf(ask, 'invalid'));
    expect(invalid?.curve.to).toEqual(anchorOf(done));
    expect(invalid).toMatchObject({ color: moduleLooks.input.color, width: 1.75, opacity: 1 });
  });

  it('brings out the connections of a focused module, on top, and steps the others back', () => {
    const flow = threeModules();
    const scene = overviewScene(flow, looks, { ...state, focus: new Set(['start']) }, noGlobals);
    const last = scene.connections.at(-1);
    expect(last).toMatchObject({ width: 3, opacity: 1 });
    expect(flow.modules[0]?.connections.map((connection) => connection.id)).toContain(last?.id);
    expect(scene.connections.slice(0, 2).map((connection) => connection.opacity)).toEqual([0.3, 0.3]);
  });

  it('paints global connections dashed, when shown, and never selects them by a click', () => {
    const flow = threeModules();
    const scene = overviewScene(flow, looks, state, {
      show: true,
      travelled: none,
      anchorOf: () => ({ x: -200, y: 200 }),
    });
    const global = scene.connections.find((connection) => connection.id === 'global:help');
    expect(global).toMatchObject({ dashed: true, color: GLOBAL_COLOR, selectable: false });
    if (!global) throw new Error('global connection expected');
    expect(connectionAt(scene, pointOnCurve(global.curve, 0.5), 4)).toBeUndefined();
  });

  it('finds the connection under a click', () => {
    const flow = threeModules();
    const scene = overviewScene(flow, looks, state, noGlobals);
    const target = scene.connections[1];
    if (!target) throw new Error('connection expected');
    const point = pointOnCurve(target.curve, 0.6);
    expect(connectionAt(scene, { x: point.x + 2, y: point.y }, 6)).toBe(target.id);
    expect(connectionAt(scene, { x: -5000, y: -5000 }, 6)).toBeUndefined();
  });

  it('marks selected modules, errors, pinned tags and the debugger’s place', () => {
    const tagged = addTag(threeModules(), 'Sales', '#10b981');
    const [start, ask, done] = tagged.flow.modules;
    if (!start || !ask || !done) throw new Error('modules expected');
    const flow = updateModule(tagged.flow, done.id, { tags: [tagged.id] });
    const scene = overviewScene(
      flow,
      {
        selected: new Set([start.id]),
        problems: new Map([[ask.id, { severity: 'error', messages: ['Broken'] }]]),
        pinnedTags: [tagged.id],
        hereId: null,
      },
      state,
      noGlobals,
    );
    const [painted, broken, pinned] = scene.modules;
    expect(painted).toMatchObject({ border: moduleLooks.text.color, ring: { width: 6 } });
    expect(broken).toMatchObject({ border: '#ef4444', ring: undefined });
    expect(pinned).toMatchObject({ border: '#10b981', ring: { color: '#10b98166' } });
    const here = overviewScene(flow, { ...looks, hereId: ask.id }, state, noGlobals).modules[1];
    expect(here).toMatchObject({ border: DEBUG_COLOR, here: true });
  });
});
