import { setImmediate } from 'node:timers/promises';
import type { BotDetail } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createdBot, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app';

/** `count` intents of `each` utterances of about `length` characters. */
const intentSet = (count: number, each: number, length: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `intent_${i}`,
    utterances: Array.from({ length: each }, (_, j) => `how do I ask ${j} of ${i} `.padEnd(length, 'x')),
  }));

/** A held event loop shows in every other request; a request here takes a few milliseconds. */
const ANSWER_WITHIN_MS = 200;

describe(`saving large flows (${testEngine})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let bot: BotDetail;

  beforeAll(async () => {
    t = await createTestApp();
    headers = authHeader((await registerOwner(t)).auth.token);
    bot = await createdBot(t, headers);
  });
  afterAll(() => t.close());

  /** Saves `intents` into the bot's flow while another client asks for health: the save, and the slowest health answer. */
  const saveBesideHealth = async (intents: ReturnType<typeof intentSet>) => {
    const save = t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers,
      payload: { flow: { ...bot.flow, intents } },
    });
    let saved = false;
    void save.finally(() => {
      saved = true;
    });
    let slowest = 0;
    while (!saved) {
      const started = performance.now();
      const health = await t.request({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      // A client on the network asks again after a turn of the loop, not within the same one.
      await setImmediate();
    }
    return { response: await save, slowest };
  };

  it('refuses 2.5 MB of intents, more than a bot may learn, with the limit named, saving nothing, while others are answered', async () => {
    const { response, slowest } = await saveBesideHealth(intentSet(500, 50, 95));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      name: 'PayloadTooLargeException',
      message:
        'The intents hold 2,375,000 characters of utterances, more than the 1,000,000 of the largest set a bot may learn (5,000 utterances of 200 characters). Remove some utterances and save again (nothing was saved).',
      details: { characters: 2_375_000, limit: 1_000_000 },
    });
    expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);
    const stored = await t.request({ method: 'GET', url: `/api/bots/${bot.id}`, headers });
    expect(stored.json<BotDetail>().flow.intents).toEqual(bot.flow.intents);
  });

  it('saves the largest intent set a bot may train, answering others between its steps', async () => {
    const { response, slowest } = await saveBesideHealth(intentSet(25, 200, 199));
    expect(response.statusCode).toBe(200);
    expect(response.json<{ bot: BotDetail }>().bot.flow.intents).toHaveLength(25);
    expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);
  });
});
