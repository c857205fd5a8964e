import { loadFlow, starterFlow } from '@parley/flow';
import { describe, expect, it } from 'vitest';
import { copyModules, pasteModules, readClipboard, writeClipboard } from './clipboard';

const source = loadFlow({
  ...starterFlow('en'),
  modules: [
    {
      id: 'start',
      type: 'text',
      content: { text: 'Hi' },
      connections: [{ id: 'c1', port: 'next', target: 'ask' }],
    },
    {
      id: 'ask',
      type: 'buttons',
      position: { x: 400, y: 100 },
      tags: ['sales'],
      content: {
        text: 'Pick',
        buttons: [
          { id: 'a', label: 'A', action: { type: 'goto' } },
          { id: 'b', label: 'B', action: { type: 'goto' } },
        ],
      },
      connections: [
        { id: 'c2', port: 'button:a', target: 'done' },
        { id: 'c3', port: 'button:b', target: 'start' },
      ],
    },
    { id: 'done', type: 'end', position: { x: 800, y: 300 }, content: { message: 'Bye' } },
  ],
  tags: [{ id: 'sales', name: 'Sales', color: '#10b981' }],
});

describe('copy and paste', () => {
  it('pastes with new ids, keeps connections among the copied, drops the rest, offsets under the cursor', () => {
    const clip = copyModules(source, ['ask', 'done'], 'bot-1');
    if (!clip) throw new Error('nothing copied');
    const { flow, ids } = pasteModules(source, clip, { x: 1000, y: 1000 });
    expect(ids).toEqual(['buttons-4', 'end-5']);
    const [ask, done] = flow.modules.slice(3);
    expect(ask?.position).toEqual({ x: 1000, y: 1000 });
    expect(done?.position).toEqual({ x: 1400, y: 1200 });
    // button:a led to a copied module: it follows the new id. button:b led outside: dropped.
    expect(ask?.connections).toEqual([{ id: 'buttons-4-button-a', port: 'button:a', target: 'end-5' }]);
    // The original is untouched and ids stay unique.
    expect(flow.modules.slice(0, 3)).toEqual(source.modules);
    expect(new Set(flow.modules.map((module) => module.id)).size).toBe(5);
    expect(flow.tags).toEqual(source.tags);
  });

  it('brings tags the other bot does not have', () => {
    const clip = copyModules(source, ['ask'], 'bot-1');
    if (!clip) throw new Error('nothing copied');
    const other = loadFlow(starterFlow('en'));
    const { flow, ids } = pasteModules(other, clip, { x: 0, y: 0 });
    expect(flow.tags).toEqual([{ id: 'sales', name: 'Sales', color: '#10b981' }]);
    expect(flow.modules.find((module) => module.id === ids[0])?.tags).toEqual(['sales']);
    expect(flow.modules.find((module) => module.id === ids[0])?.connections).toEqual([]);
  });

  it('pasting twice gives new ids each time', () => {
    const clip = copyModules(source, ['ask', 'done'], 'bot-1');
    if (!clip) throw new Error('nothing copied');
    const once = pasteModules(source, clip, { x: 0, y: 0 });
    const twice = pasteModules(once.flow, clip, { x: 40, y: 40 });
    expect(new Set(twice.flow.modules.map((module) => module.id)).size).toBe(7);
    const connectionIds = twice.flow.modules.flatMap((module) =>
      module.connections.map((connection) => connection.id),
    );
    expect(new Set(connectionIds).size).toBe(connectionIds.length);
  });

  it('keeps the clipboard in local storage and ignores anything else there', () => {
    const clip = copyModules(source, ['done'], 'bot-1');
    if (!clip) throw new Error('nothing copied');
    writeClipboard(clip);
    expect(readClipboard()).toEqual(clip);
    localStorage.setItem('parley.builder.clipboard', '{"kind":"something else"}');
    expect(readClipboard()).toBeNull();
    expect(copyModules(source, [], 'bot-1')).toBeNull();
  });
});
