import { NluEngine } from '@parley/engine';
import { DEFAULT_NLU_LIMITS } from '@parley/flow';
import { afterEach, describe, expect, it } from 'vitest';
import { trainedModelStore } from './nlu-model-store';
import { type NluTrainer, TrainingSuperseded, workerTrainer } from './nlu-trainer';

const intents = [
  { name: 'track', utterances: ['where is my order', 'track my package', 'has my parcel shipped'] },
  { name: 'refund', utterances: ['I want my money back', 'refund please', 'give me a refund'] },
];

/** Intents that take the training thread a while (a few seconds of CPU here). */
function manyIntents(count: number, each: number) {
  const words = [
    'order',
    'parcel',
    'refund',
    'ship',
    'track',
    'invoice',
    'price',
    'address',
    'cancel',
    'size',
  ];
  return Array.from({ length: count }, (_, index) => ({
    name: `intent_${index}`,
    utterances: Array.from(
      { length: each },
      (_, n) => `${words[index % 10]} ${words[(index * 3 + n) % 10]} topic${index} case${n}`,
    ),
  }));
}

describe('training intent models in a worker thread', () => {
  let trainer: NluTrainer | undefined;
  afterEach(async () => {
    await trainer?.close();
    trainer = undefined;
  });

  it('trains a model the engine can load, and refuses intents over the limits', async () => {
    trainer = workerTrainer();
    const model = await trainer.train({ botId: 'b', language: 'en', intents, limits: DEFAULT_NLU_LIMITS });
    const nlu = new NluEngine({ model: async () => ({ status: 'ready', model }) });
    expect((await nlu.predict('en', intents, 'refund please')).predictions[0]?.intent).toBe('refund');

    await expect(
      trainer.train({
        botId: 'b',
        language: 'en',
        intents,
        limits: { maxUtterances: 5, maxUtteranceLength: 200 },
      }),
    ).rejects.toThrow('The intents have 6 utterances in all; the limit is 5 utterances per bot');
  });

  it('keeps the event loop free while it trains, and keeps one waiting training per bot', async () => {
    trainer = workerTrainer();
    const limits = DEFAULT_NLU_LIMITS;
    const big = trainer.train({ botId: 'big', language: 'en', intents: manyIntents(100, 45), limits });
    const older = trainer.train({ botId: 'small', language: 'en', intents: intents.slice(0, 1), limits });
    const newer = trainer.train({ botId: 'small', language: 'en', intents, limits });
    await expect(older).rejects.toBeInstanceOf(TrainingSuperseded);

    // A timer every 10 ms: its longest gap shows how long the event loop was held.
    let last = performance.now();
    let longestGap = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    await big;
    const took = performance.now() - started;
    clearInterval(timer);
    expect(took).toBeGreaterThan(300);
    expect(ticks).toBeGreaterThan(took / 10 / 4);
    expect(longestGap).toBeLessThan(500);
    await expect(newer).resolves.toContain('refund');
  });

  it('answers "training" without waiting longer than asked, then the model', async () => {
    trainer = workerTrainer();
    const store = trainedModelStore({ trainer, limits: DEFAULT_NLU_LIMITS, waitMs: 0 });
    const request = { key: 'k1', botId: 'b', language: 'en', intents: manyIntents(60, 20) };
    expect(await store.model(request)).toEqual({ status: 'training' });
    const eventually = async () => {
      for (;;) {
        const state = await store.model(request);
        if (state.status !== 'training') return state;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    expect((await eventually()).status).toBe('ready');

    const waiting = trainedModelStore({ trainer, limits: DEFAULT_NLU_LIMITS, waitMs: 20_000 });
    expect((await waiting.model({ ...request, key: 'k2', intents })).status).toBe('ready');
    expect(
      await waiting.model({
        ...request,
        key: 'k3',
        intents: [{ name: 'long', utterances: ['x'.repeat(201)] }],
      }),
    ).toEqual({
      status: 'refused',
      reason:
        'An utterance of the intent “long” has 201 characters; the limit is 200 characters per utterance',
    });
  });
});
