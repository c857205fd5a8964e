import type { BotDetail, PromptTestResponse } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const prompt = {
  model: 'gpt-4o-mini',
  systemPrompt: 'You sell tea to {{ name }}.',
  userPrompt: '{{ (parley.transcript | last).utterance }}',
  temperature: 0.3,
  maxTokens: 200,
  variables: { name: 'Ada' },
  userMessage: 'Which tea is best in the morning?',
};

describe('trying an LLM prompt from the AI Manager', () => {
  const fake = fakeOpenAi();
  let configured: TestApp;
  let unconfigured: TestApp;
  let wrongKey: TestApp;
  beforeAll(async () => {
    const baseUrl = await fake.listen();
    [configured, unconfigured, wrongKey] = await Promise.all([
      createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseUrl }),
      createTestApp(),
      createTestApp({ OPENAI_API_KEY: 'wrong-key', OPENAI_BASE_URL: baseUrl }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([configured.close(), unconfigured.close(), wrongKey.close()]);
    await fake.close();
  });

  const botOf = async (t: TestApp) => {
    const headers = authHeader((await registerOwner(t)).auth.token);
    const bot = (
      await t.request({
        method: 'POST',
        url: '/api/bots',
        headers,
        payload: { name: 'Advisor', language: 'en' },
      })
    ).json<BotDetail>();
    return { headers, botId: bot.id };
  };
  const test = (
    t: TestApp,
    botId: string,
    headers: Record<string, string>,
    payload: Record<string, unknown>,
  ) => t.request({ method: 'POST', url: `/api/bots/${botId}/llm/prompt-tests`, headers, payload });

  it('renders the prompts with the sample values and answers what the model wrote', async () => {
    const { headers, botId } = await botOf(configured);
    const response = await test(configured, botId, headers, prompt);
    expect(response.statusCode).toBe(200);
    expect(response.json<PromptTestResponse>()).toMatchObject({
      system: 'You sell tea to Ada.',
      prompt: 'Which tea is best in the morning?',
      model: 'gpt-4o-mini',
      answer: 'Green tea.',
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.3,
      max_tokens: 200,
      messages: [
        { role: 'system', content: 'You sell tea to Ada.' },
        { role: 'user', content: 'Which tea is best in the morning?' },
      ],
    });
  });

  it('names what went wrong: a template, no model configured, the provider refusing, someone else’s bot', async () => {
    const { headers, botId } = await botOf(configured);
    const broken = await test(configured, botId, headers, { ...prompt, systemPrompt: 'Hi {{ name' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      error: { name: 'TemplateException', message: /^System prompt: / },
    });
    const empty = await test(configured, botId, headers, { ...prompt, userPrompt: '' });
    expect(empty.json()).toMatchObject({ error: { name: 'ValidationException' } });

    const none = await botOf(unconfigured);
    const notConfigured = await test(unconfigured, none.botId, none.headers, prompt);
    expect(notConfigured.statusCode).toBe(503);
    expect(notConfigured.json()).toMatchObject({
      error: { name: 'NotConfiguredException', message: /OPENAI_API_KEY/ },
    });

    const refused = await botOf(wrongKey);
    const upstream = await test(wrongKey, refused.botId, refused.headers, prompt);
    expect(upstream.statusCode).toBe(502);
    expect(upstream.json()).toMatchObject({
      error: { name: 'UpstreamException', message: /Incorrect API key/ },
    });

    const stranger = authHeader((await registerOwner(configured)).auth.token);
    expect((await test(configured, botId, stranger, prompt)).statusCode).toBe(404);
  });
});
