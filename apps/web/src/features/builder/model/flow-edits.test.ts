import { type Flow, type GlobalConnection, loadFlow, starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import {
  addGlobalConnection,
  cloneGlobalConnection,
  connect,
  disconnect,
  moveModules,
  removeGlobalConnection,
  removeModules,
  updateGlobalConnection,
  updateModule,
} from './flow-edits';

const flow: Flow = loadFlow({
  ...starterFlow('en'),
  modules: [
    {
      id: 'start',
      type: 'buttons',
      content: {
        text: 'Pick one',
        buttons: [
          { id: 'a', label: 'A', action: { type: 'goto' } },
          { id: 'b', label: 'B', action: { type: 'goto' } },
        ],
      },
      connections: [{ id: 'c1', port: 'button:a', target: 'one' }],
    },
    {
      id: 'one',
      type: 'text',
      content: { text: 'One' },
      connections: [{ id: 'c2', port: 'next', target: 'two' }],
    },
    { id: 'two', type: 'text', content: { text: 'Two' } },
  ],
});

describe('flow edits', () => {
  it('moves only the modules that moved, keeping the others as they were', () => {
    const moved = moveModules(flow, {
      one: { x: 10.4, y: 20.6 },
      two: flow.modules[2]?.position ?? { x: 0, y: 0 },
    });
    expect(moved.modules[1]?.position).toEqual({ x: 10, y: 21 });
    expect(moved.modules[0]).toBe(flow.modules[0]);
    expect(moved.modules[2]).toBe(flow.modules[2]);
  });

  it('removes modules with the connections into them, never the start', () => {
    const removed = removeModules(flow, ['one', 'start']);
    expect(removed.modules.map((module) => module.id)).toEqual(['start', 'two']);
    expect(removed.modules[0]?.connections).toEqual([]);
    expect(removed.modules[1]).toBe(flow.modules[2]);
  });

  it('connects a port to one module at a time, with ids that stay unique', () => {
    const once = connect(flow, { source: 'start', port: 'button:b', target: 'two' });
    expect(once.modules[0]?.connections.map((connection) => [connection.port, connection.target])).toEqual([
      ['button:a', 'one'],
      ['button:b', 'two'],
    ]);
    const again = connect(once, { source: 'start', port: 'button:b', target: 'one' });
    expect(again.modules[0]?.connections.filter((connection) => connection.port === 'button:b')).toHaveLength(
      1,
    );
    expect(again.modules[0]?.connections.at(-1)?.target).toBe('one');
    const ids = again.modules.flatMap((module) => module.connections.map((connection) => connection.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(loadFlow(again)).toEqual(again);
  });

  it('disconnects by connection id', () => {
    const cut = disconnect(flow, ['c2']);
    expect(cut.modules[1]?.connections).toEqual([]);
    expect(cut.modules[0]).toBe(flow.modules[0]);
  });
});

describe('updateModule', () => {
  const flow = loadFlow({
    ...starterFlow('en'),
    modules: [
      ...starterFlow('en').modules,
      {
        id: 'menu',
        type: 'buttons',
        content: {
          text: 'Pick',
          buttons: [
            { id: 'a', label: 'A', action: { type: 'goto' } },
            { id: 'b', label: 'B', action: { type: 'goto' } },
          ],
        },
        connections: [
          { id: 'ca', port: 'button:a', target: 'menu' },
          { id: 'cb', port: 'button:b', target: 'menu' },
        ],
      },
    ],
  });
  const menu = (of: typeof flow) => of.modules.find((module) => module.id === 'menu');

  it('drops connections from outputs the new content no longer has', () => {
    const content = {
      text: 'Pick',
      buttons: [{ id: 'a', label: 'A', action: { type: 'goto' }, setVariables: [] }],
    };
    const next = updateModule(flow, 'menu', { content });
    expect(menu(next)?.connections.map((connection) => connection.id)).toEqual(['ca']);
    expect(menu(next)?.content).toBe(content);
  });

  it('keeps connections and every other module when only the name changes', () => {
    const next = updateModule(flow, 'menu', { name: 'Main menu' });
    expect(menu(next)?.name).toBe('Main menu');
    expect(menu(next)?.connections).toBe(menu(flow)?.connections);
    expect(next.modules[0]).toBe(flow.modules[0]);
  });
});

describe('global connections', () => {
  it('adds, clones right after the original with a new id, and removes', () => {
    const added = addGlobalConnection(flow, 'start', 'Help');
    const withActions = updateGlobalConnection(added.flow, added.id, {
      ...(added.flow.globalConnections[0] as GlobalConnection),
      actions: [{ type: 'set_variable', variable: 'asked', value: 'true' }],
    });
    const second = addGlobalConnection(withActions, 'start', 'Other');
    const clone = cloneGlobalConnection(second.flow, added.id, '(copy)');
    expect(clone.flow.globalConnections.map((global) => global.name)).toEqual([
      'Help',
      'Help (copy)',
      'Other',
    ]);
    const copy = clone.flow.globalConnections[1];
    expect(copy?.id).toBe(clone.id);
    expect(new Set(clone.flow.globalConnections.map((global) => global.id)).size).toBe(3);
    expect(copy?.actions).toEqual([{ type: 'set_variable', variable: 'asked', value: 'true' }]);
    // The copy is its own: changing it leaves the original alone.
    expect(copy?.actions).not.toBe(clone.flow.globalConnections[0]?.actions);
    expect(
      removeGlobalConnection(clone.flow, added.id).globalConnections.map((global) => global.name),
    ).toEqual(['Help (copy)', 'Other']);
  });
});
