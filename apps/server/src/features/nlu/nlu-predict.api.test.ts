import type { BotDetail, PredictIntentResponse } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner, teammate } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app';

const intents = [
  {
    name: 'track_order',
    utterances: ['where is my order', 'track my package', 'has my parcel shipped', 'order status'],
  },
  { name: 'refund', utterances: ['I want my money back', 'refund please', 'how do I get a refund'] },
  { name: 'greeting', utterances: ['hello', 'hi there', 'good morning', 'hey'] },
];

describe('the builder’s try-it box predicts with the draft’s intents', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let strangerHeaders: Record<string, string>;
  let companyId: string;
  let bot: BotDetail;

  const save = async (flow: BotDetail['flow']) => {
    const saved = await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers,
      payload: { flow },
    });
    expect(saved.statusCode).toBe(200);
  };
  const predict = (payload: Record<string, unknown>, as = headers, botId = bot.id) =>
    t.request({ method: 'POST', url: `/api/bots/${botId}/nlu/predictions`, headers: as, payload });
  /** Asks until the model is trained: the first asks may find it still training. */
  const predicted = (text: string) =>
    eventually(async () => {
      const response = await predict({ text });
      expect(response.statusCode).toBe(200);
      const body = response.json<PredictIntentResponse>();
      return body.status === 'training' ? undefined : body;
    }, 30_000);

  beforeAll(async () => {
    // No waiting for training inside a request: the answer says "training" instead.
    t = await createTestApp({ NLU_TRAINING_WAIT_MS: '0' });
    const owner = await registerOwner(t);
    headers = authHeader(owner.auth.token);
    companyId = claimsOf(owner.auth.token).companyId;
    strangerHeaders = authHeader((await registerOwner(t)).auth.token);
    const created = await t.request({
      method: 'POST',
      url: '/api/bots',
      headers,
      payload: { name: 'Shop', language: 'en' },
    });
    bot = created.json<BotDetail>();
  });
  afterAll(() => t.close());

  it('says when the draft has no intent with training phrases', async () => {
    const response = await predict({ text: 'hello' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'no-intents', draftRevision: bot.draft_revision });
    await save({ ...bot.flow, intents: [{ name: 'empty', utterances: [] }] });
    expect((await predict({ text: 'hello' })).json()).toMatchObject({ status: 'no-intents' });
  });

  it('answers the predicted intent with its confidence once the model of the draft is trained', async () => {
    await save({ ...bot.flow, intents });
    const first = (await predict({ text: 'where is my parcel?' })).json<PredictIntentResponse>();
    // Saving started the training; the first ask may or may not find it done.
    expect(['training', 'ready']).toContain(first.status);
    const result = await predicted('where is my parcel?');
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    expect(result.predictions[0]?.intent).toBe('track_order');
    expect(result.predictions[0]?.confidence).toBeGreaterThan(0.5);
    expect(result.predictions.length).toBeLessThanOrEqual(5);
    for (const prediction of result.predictions) {
      expect(prediction.confidence).toBeGreaterThanOrEqual(0);
      expect(prediction.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('follows the draft as it changes: a renamed intent is predicted by its new name', async () => {
    const renamed = intents.map((intent) =>
      intent.name === 'refund' ? { ...intent, name: 'money_back' } : intent,
    );
    await save({ ...bot.flow, intents: renamed });
    const result = await eventually(async () => {
      const body = await predicted('refund please');
      return body.status === 'ready' && body.predictions[0]?.intent === 'money_back' ? body : undefined;
    }, 30_000);
    expect(result.status).toBe('ready');
  });

  it('says why a draft over the limits cannot be learned', async () => {
    const limited = await createTestApp({ NLU_MAX_UTTERANCES: '3' });
    try {
      const owner = authHeader((await registerOwner(limited)).auth.token);
      const created = (
        await limited.request({
          method: 'POST',
          url: '/api/bots',
          headers: owner,
          payload: { name: 'Big', language: 'en' },
        })
      ).json<BotDetail>();
      await limited.request({
        method: 'PUT',
        url: `/api/bots/${created.id}/flow`,
        headers: owner,
        payload: { flow: { ...created.flow, intents } },
      });
      const response = await limited.request({
        method: 'POST',
        url: `/api/bots/${created.id}/nlu/predictions`,
        headers: owner,
        payload: { text: 'hello' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'refused',
        reason: 'The intents have 11 utterances in all; the limit is 3 utterances per bot',
      });
    } finally {
      await limited.close();
    }
  });

  it('refuses bad bodies with a named error', async () => {
    for (const payload of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(2001) },
      { text: 3 },
      { text: 'hi', extra: 1 },
    ]) {
      const response = await predict(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.name).toBe('ValidationException');
    }
    const empty = await predict({ text: ' ' });
    expect(empty.json().error.details.issues).toEqual([
      { path: 'body.text', message: 'Type a message to try' },
    ]);
  });

  it('keeps another company’s bots out of reach (404), and needs the permission to build bots (403)', async () => {
    const stranger = await predict({ text: 'hello' }, strangerHeaders);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.name).toBe('NotFoundException');
    expect((await predict({ text: 'hello' }, headers, 'not-a-bot')).statusCode).toBe(404);
    const agent = await teammate(
      t,
      { companyId },
      { email: 'agent@shop.example', first_name: 'Al', last_name: 'Gent' },
    );
    const refused = await predict({ text: 'hello' }, agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.name).toBe('ForbiddenException');
    expect((await predict({ text: 'hello' }, {})).statusCode).toBe(401);
  });
});
