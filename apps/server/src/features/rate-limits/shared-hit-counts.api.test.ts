import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SharedHitCounts } from './shared-hit-counts';

describe('hit counts shared by server processes', () => {
  let t: TestApp;
  const errors: unknown[] = [];
  /** A counter as one server process holds it (several share the test's database). */
  const processCounter = (windowMs = 60_000) =>
    new SharedHitCounts(
      () => t.database.db,
      windowMs,
      (error) => errors.push(error),
    );
  const storedHits = async (key: string) =>
    (await t.database.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())
      ?.hits;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts at once in the process and adds the hits to the shared count shortly after, in one go', async () => {
    const counts = processCounter();
    expect(counts.hit(['a:1', 'b:1']).map((count) => count.hits)).toEqual([1, 1]);
    expect(counts.hit(['a:1']).map((count) => count.hits)).toEqual([2]);
    expect(await storedHits('a:1')).toBeUndefined();
    // By itself, within the interval.
    await expect.poll(() => storedHits('a:1'), { timeout: 5_000, interval: 50 }).toBe(2);
    expect(await storedHits('b:1')).toBe(1);
    expect(errors).toEqual([]);
  });

  it('learns what the other processes counted, so a limit holds across them', async () => {
    const first = processCounter();
    const second = processCounter();
    for (let hit = 0; hit < 3; hit++) first.hit(['visitor:2']);
    await first.share();
    // The second process has not heard of this key yet: its own hit, until its exchange.
    expect(second.hit(['visitor:2'])[0]?.hits).toBe(1);
    await second.share();
    expect(second.hit(['visitor:2'])[0]?.hits).toBe(5);
    // The first process still knows the 3 it shared, plus its new hit; after its exchange, what
    // the others had shared too (the second's last hit is not shared yet).
    expect(first.hit(['visitor:2'])[0]?.hits).toBe(4);
    await first.share();
    expect(first.hit(['visitor:2'])[0]?.hits).toBe(6);
    await Promise.all([first.share(), second.share()]);
    expect(await storedHits('visitor:2')).toBe(7);
  });

  it('starts a new window when the last one ended, here and in the shared count', async () => {
    const counts = processCounter(700);
    counts.hit(['window:3']);
    counts.hit(['window:3']);
    await counts.share();
    expect(await storedHits('window:3')).toBe(2);
    await sleep(800);
    const [count] = counts.hit(['window:3']);
    expect(count?.hits).toBe(1);
    expect(count?.windowEndsAt.getTime()).toBeGreaterThan(Date.now());
    await counts.share();
    expect(await storedHits('window:3')).toBe(1);
  });
});
