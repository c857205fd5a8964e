import type { BotDetail, CompletionResponse } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, claimsOf, registerOwner, teammate } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { usageOf } from './llm-usage.repository';

describe('POST /api/llm/completions', () => {
  const model = fakeOpenAi({ tokens: ['Green', ' tea', '.'] });
  const refusing = fakeOpenAi({
    refuse: { status: 429, message: 'You exceeded your quota', type: 'insufficient_quota' },
  });
  let t: TestApp;
  let failing: TestApp;
  let unconfigured: TestApp;

  beforeAll(async () => {
    const [modelUrl, refusingUrl] = await Promise.all([model.listen(), refusing.listen()]);
    [t, failing, unconfigured] = await Promise.all([
      createTestApp({
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: modelUrl,
        LLM_COMPLETIONS_PER_COMPANY: '3',
      }),
      createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: refusingUrl }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), failing.close(), unconfigured.close()]);
    await Promise.all([model.close(), refusing.close()]);
  });

  const complete = (app: TestApp, headers: Record<string, string>, payload: object) =>
    app.request({ method: 'POST', url: '/api/llm/completions', headers, payload });

  it('completes the prompt with the default model and counts the tokens under the company and the bot', async () => {
    const owner = await registerOwner(t);
    const headers = authHeader(owner.auth.token);
    const bot = (
      await t.request({ method: 'POST', url: '/api/bots', headers, payload: { name: 'Tea', language: 'en' } })
    ).json<BotDetail>();
    const response = await complete(t, headers, { prompt: 'Which tea?', botId: bot.id, maxTokens: 50 });
    expect(response.statusCode).toBe(200);
    const body = response.json<CompletionResponse>();
    expect(body).toMatchObject({ text: 'Green tea.', model: 'gpt-4o-mini', usage: { completionTokens: 3 } });
    expect(model.requests.at(-1)?.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Which tea?' }],
    });
    await complete(t, headers, { prompt: 'And for the evening?', model: 'gpt-4.1-mini' });
    const usage = await usageOf(t.database.db, claimsOf(owner.auth.token).companyId);
    expect(usage).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ botId: bot.id, purpose: 'completion', calls: 1, completionTokens: 3 }),
        expect.objectContaining({ botId: null, purpose: 'completion', calls: 1, completionTokens: 3 }),
      ]),
    );

    // The company's third call is its last in the window; another company still has its own.
    expect((await complete(t, headers, { prompt: 'Third' })).statusCode).toBe(200);
    const limited = await complete(t, headers, { prompt: 'Fourth' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { name: 'RateLimitException' } });
    const other = authHeader((await registerOwner(t, { company_name: 'Other' })).auth.token);
    expect((await complete(t, other, { prompt: 'Hi' })).statusCode).toBe(200);
    // Another company's bot is not found.
    expect((await complete(t, other, { prompt: 'Hi', botId: bot.id })).json()).toMatchObject({
      error: { name: 'NotFoundException' },
    });
  });

  it('lets the people who build bots complete prompts, and refuses viewers, analysts and agents', async () => {
    const owner = await registerOwner(t);
    const company = { companyId: claimsOf(owner.auth.token).companyId };
    const person = (role: 'builder' | 'viewer' | 'analyst' | 'agent') =>
      teammate(t, company, {
        email: `${role}-${company.companyId}@example.com`,
        first_name: role,
        last_name: 'T',
        role,
      });
    const builder = await complete(t, await person('builder'), { prompt: 'Which tea?' });
    expect(builder.statusCode).toBe(200);
    const calls = model.requests.length;
    for (const role of ['viewer', 'analyst', 'agent'] as const) {
      const refused = await complete(t, await person(role), { prompt: 'Which tea?' });
      expect({ role, status: refused.statusCode, body: refused.json() }).toMatchObject({
        role,
        status: 403,
        body: { error: { name: 'ForbiddenException', details: { permission: 'bots:manage' } } },
      });
    }
    // A refused caller never reaches the model.
    expect(model.requests).toHaveLength(calls);
  });

  it('names bad input, a missing model, a failing provider, and a caller not signed in', async () => {
    const headers = authHeader((await registerOwner(failing)).auth.token);
    expect((await complete(failing, headers, { prompt: '  ' })).json()).toMatchObject({
      error: { name: 'ValidationException' },
    });
    expect((await complete(failing, headers, { prompt: 'Hi', temperature: 3 })).statusCode).toBe(400);
    const upstream = await complete(failing, headers, { prompt: 'Hi' });
    expect(upstream.statusCode).toBe(502);
    expect(upstream.json()).toMatchObject({
      error: { name: 'UpstreamException', message: expect.stringContaining('You exceeded your quota') },
    });
    const plain = authHeader((await registerOwner(unconfigured)).auth.token);
    const missing = await complete(unconfigured, plain, { prompt: 'Hi' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({ error: { name: 'NotConfiguredException' } });
    expect((await complete(unconfigured, {}, { prompt: 'Hi' })).statusCode).toBe(401);
  });
});
