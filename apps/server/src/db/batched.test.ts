import { describe, expect, it } from 'vitest';
import { batched } from './batched';

/** A run whose batches finish when the test says, recording what each batch held. */
function controlledRun() {
  const batches: string[][] = [];
  const finishers: (() => void)[] = [];
  const run = (items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      finishers.push(() =>
        items.includes('bad')
          ? reject(new Error('bad item'))
          : resolve(items.map((item) => item.toUpperCase())),
      );
    });
  const finishNext = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, run, finishNext };
}

const byItself = (item: string) => item.split(':')[0] ?? item;

describe('batched', () => {
  it('sends a call at once when nothing is in flight, and gathers the calls that come meanwhile', async () => {
    const { batches, run, finishNext } = controlledRun();
    const send = batched(run, { maxInFlight: 1, maxBatch: 10, keyOf: byItself });
    const first = send('a');
    const rest = ['b', 'c', 'd'].map(send);
    expect(batches).toEqual([['a']]);
    await finishNext();
    expect(await first).toBe('A');
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    await finishNext();
    expect(await Promise.all(rest)).toEqual(['B', 'C', 'D']);
  });

  it('never puts two calls with one key in a batch, and keeps batches under their size', async () => {
    const { batches, run, finishNext } = controlledRun();
    const send = batched(run, { maxInFlight: 1, maxBatch: 2, keyOf: byItself });
    const all = ['x', 'a:1', 'a:2', 'b', 'c'].map(send);
    await finishNext();
    await finishNext();
    await finishNext();
    await finishNext();
    expect(batches).toEqual([['x'], ['a:1', 'b'], ['a:2', 'c']]);
    expect(await Promise.all(all)).toEqual(['X', 'A:1', 'A:2', 'B', 'C']);
  });

  it('runs a failed batch again item by item, so only the bad item fails', async () => {
    const { batches, run, finishNext } = controlledRun();
    const send = batched(run, { maxInFlight: 1, maxBatch: 10, keyOf: byItself });
    const first = send('a');
    const good = send('b');
    const bad = send('bad');
    const badOutcome = bad.catch((error: Error) => error.message);
    await finishNext();
    await finishNext();
    await finishNext();
    await finishNext();
    expect(batches).toEqual([['a'], ['b', 'bad'], ['b'], ['bad']]);
    expect(await first).toBe('A');
    expect(await good).toBe('B');
    expect(await badOutcome).toBe('bad item');
  });

  it('keeps as many batches in flight as it may', async () => {
    const { batches, run } = controlledRun();
    const send = batched(run, { maxInFlight: 3, maxBatch: 10, keyOf: byItself });
    for (const item of ['a', 'b', 'c', 'd', 'e']) void send(item);
    expect(batches).toEqual([['a'], ['b'], ['c']]);
  });

  it('gathering by round, sends what came in one round of the event loop together', async () => {
    const { batches, run, finishNext } = controlledRun();
    const send = batched(run, { maxInFlight: 1, maxBatch: 10, keyOf: byItself, gatherEachRound: true });
    const firstRound = ['a', 'b', 'c'].map(send);
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['a', 'b', 'c']]);
    const nextRound = send('d');
    await finishNext();
    expect(await Promise.all(firstRound)).toEqual(['A', 'B', 'C']);
    expect(batches).toEqual([['a', 'b', 'c'], ['d']]);
    await finishNext();
    expect(await nextRound).toBe('D');
  });
});
