import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app';
import type { Database } from '../db/database';
import { type JobQueue, startJobQueue } from './job-queue';

const quiet = {
  level: 'silent',
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => quiet,
} as unknown as Parameters<typeof startJobQueue>[1];

describe('jobs of a stopping process', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('go back to the queue when they outlast the stop, and another process runs them', async () => {
    // Two processes' queues on one database.
    const stopping = await startJobQueue(database, quiet, { pollingIntervalSeconds: 0.5 });
    const staying: JobQueue = await startJobQueue(database, quiet, { pollingIntervalSeconds: 0.5 });
    let release = () => {};
    const started = new Promise<number>((resolve) => {
      void stopping.work('abandoned-turns', async (_data, { attempt }) => {
        resolve(attempt);
        // A job far longer than the stop allows (its process is gone before it ends).
        await new Promise<void>((done) => {
          release = done;
        });
      });
    });
    await stopping.send(database.db, 'abandoned-turns', {});
    stopping.wake('abandoned-turns');
    expect(await started).toBe(1);

    const before = Date.now();
    await stopping.stop(1_000);
    expect(Date.now() - before).toBeLessThan(5_000);
    const retried = new Promise<number>((resolve) => {
      void staying.work('abandoned-turns', async (_data, { attempt }) => resolve(attempt));
    });
    expect(await retried).toBe(2);
    release();
    await staying.stop(1_000);
  }, 30_000);

  it('run a backlog one job after another without waiting the polling interval between them', async () => {
    const queue = await startJobQueue(database, quiet, { pollingIntervalSeconds: 5 });
    for (let n = 0; n < 10; n++) await queue.send(database.db, 'conversation-expiry', {});
    let done = 0;
    const allDone = new Promise<void>((resolve) => {
      void queue.work('conversation-expiry', async () => {
        done += 1;
        if (done === 10) resolve();
      });
    });
    // One job per polling interval would take 45 s; the backlog drains as fast as its jobs run.
    await Promise.race([
      allDone,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${done} of 10 ran`)), 12_000)),
    ]);
    await queue.stop(1_000);
  }, 30_000);
});
