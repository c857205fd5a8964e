import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { createOpenAiLlm } from './openai-llm';

describe('the OpenAI-compatible LLM port', () => {
  const fake = fakeOpenAi();
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('sends the prompt as chat completions and streams the answer token by token', async () => {
    const llm = createOpenAiLlm({
      apiKey: 'test-key',
      baseUrl,
      defaultModel: 'gpt-default',
      timeoutMs: 10_000,
    });
    const tokens: string[] = [];
    const result = await llm.complete(
      {
        model: 'gpt-3.5-turbo',
        system: 'You sell tea.',
        messages: [{ role: 'user', content: 'Which tea?' }],
        temperature: 0.2,
        maxTokens: 100,
      },
      (token) => tokens.push(token),
    );
    expect(result).toEqual({ text: 'Green tea.' });
    expect(tokens).toEqual(['Green', ' tea', '.']);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer test-key',
      body: {
        model: 'gpt-3.5-turbo',
        stream: true,
        temperature: 0.2,
        max_tokens: 100,
        messages: [
          { role: 'system', content: 'You sell tea.' },
          { role: 'user', content: 'Which tea?' },
        ],
      },
    });
  });

  it('uses the default model when the module names none, and surfaces API errors', async () => {
    const llm = createOpenAiLlm({
      apiKey: 'test-key',
      baseUrl,
      defaultModel: 'gpt-default',
      timeoutMs: 10_000,
    });
    await llm.complete({
      model: '',
      system: '',
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 1,
      maxTokens: 10,
    });
    expect(fake.requests.at(-1)?.body.model).toBe('gpt-default');
    const wrong = createOpenAiLlm({
      apiKey: 'wrong',
      baseUrl,
      defaultModel: 'gpt-default',
      timeoutMs: 10_000,
    });
    await expect(
      wrong.complete({
        model: 'x',
        system: '',
        messages: [{ role: 'user', content: 'hi' }],
        temperature: 1,
        maxTokens: 10,
      }),
    ).rejects.toThrow(/Incorrect API key/);
  });

  it('gives up on an answer that is still being written when its time is up', async () => {
    const slow = fakeOpenAi({ tokens: ['One', ' word', ' a', ' second'], tokenDelayMs: 1_000 });
    await new Promise<void>((resolve) => slow.server.listen(0, '127.0.0.1', resolve));
    try {
      const llm = createOpenAiLlm({
        apiKey: 'test-key',
        baseUrl: `http://127.0.0.1:${(slow.server.address() as AddressInfo).port}/v1`,
        defaultModel: 'gpt-default',
        timeoutMs: 300,
      });
      const tokens: string[] = [];
      await expect(
        llm.complete(
          {
            model: 'x',
            system: '',
            messages: [{ role: 'user', content: 'hi' }],
            temperature: 1,
            maxTokens: 10,
          },
          (token) => tokens.push(token),
        ),
      ).rejects.toThrow();
      expect(tokens.length).toBeLessThan(4);
    } finally {
      slow.server.closeAllConnections();
      await new Promise<void>((resolve) => slow.server.close(() => resolve()));
    }
  });
});
