import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { createOpenAiLlm } from './openai-llm';

describe('the OpenAI-compatible LLM port', () => {
  const fake = fakeOpenAi();
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await fake.listen();
  });
  afterAll(() => fake.close());

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
    // The usage OpenAI sends in its last chunk when asked (stream_options.include_usage).
    expect(result).toEqual({
      text: 'Green tea.',
      usage: { promptTokens: expect.any(Number), completionTokens: 3 },
    });
    expect(tokens).toEqual(['Green', ' tea', '.']);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer test-key',
      body: {
        model: 'gpt-3.5-turbo',
        stream: true,
        stream_options: { include_usage: true },
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
    ).rejects.toMatchObject({
      failure: { reason: 'error_status', status: 401, message: 'Incorrect API key provided' },
    });
  });

  it('asks a model that refuses max_tokens and temperature again without them, once per model', async () => {
    const reasoning = fakeOpenAi({ reasoningModels: ['thinker-1', 'o4-mini'] });
    const reasoningUrl = await reasoning.listen();
    try {
      const llm = createOpenAiLlm({
        apiKey: 'test-key',
        baseUrl: reasoningUrl,
        defaultModel: 'gpt-default',
        timeoutMs: 10_000,
      });
      const ask = (model: string) =>
        llm.complete({
          model,
          system: '',
          messages: [{ role: 'user', content: 'Which tea?' }],
          temperature: 0.2,
          maxTokens: 100,
        });
      const sent = () =>
        reasoning.requests.map(({ body }) => [body.max_tokens, body.max_completion_tokens, body.temperature]);
      // A model of unknown name: the API's refusals say, one at a time, what it takes.
      expect(await ask('thinker-1')).toMatchObject({ text: 'Green tea.' });
      expect(sent()).toEqual([
        [100, undefined, 0.2],
        [undefined, 100, 0.2],
        [undefined, 100, undefined],
      ]);
      // Learnt: the next call is right the first time, by any client of the same API.
      reasoning.requests.length = 0;
      const again = createOpenAiLlm({
        apiKey: 'test-key',
        baseUrl: reasoningUrl,
        defaultModel: 'thinker-1',
        timeoutMs: 10_000,
      });
      expect(
        await again.complete({
          model: '',
          system: '',
          messages: [{ role: 'user', content: 'hi' }],
          temperature: 0.7,
          maxTokens: 50,
        }),
      ).toMatchObject({ text: 'Green tea.' });
      expect(sent()).toEqual([[undefined, 50, undefined]]);
      // OpenAI's reasoning models are sent max_completion_tokens from the start.
      reasoning.requests.length = 0;
      expect(await ask('o4-mini')).toMatchObject({ text: 'Green tea.' });
      expect(sent()).toEqual([
        [undefined, 100, 0.2],
        [undefined, 100, undefined],
      ]);
      // Other models of the same API keep both.
      reasoning.requests.length = 0;
      await ask('gpt-test');
      expect(sent()).toEqual([[100, undefined, 0.2]]);
    } finally {
      await reasoning.close();
    }
  });

  it("fails with the API's own message when a refused parameter cannot be left out", async () => {
    const strict = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              message: "Unsupported parameter: 'stream_options' is not supported with this model.",
              type: 'invalid_request_error',
              param: 'stream_options',
              code: 'unsupported_parameter',
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    try {
      const llm = createOpenAiLlm({
        apiKey: 'test-key',
        baseUrl: `http://127.0.0.1:${(strict.address() as AddressInfo).port}/v1`,
        defaultModel: 'gpt-default',
        timeoutMs: 5_000,
      });
      await expect(
        llm.complete({
          model: 'x',
          system: '',
          messages: [{ role: 'user', content: 'hi' }],
          temperature: 1,
          maxTokens: 10,
        }),
      ).rejects.toMatchObject({
        failure: { reason: 'error_status', status: 400, message: expect.stringMatching(/stream_options/) },
      });
    } finally {
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });

  it('gives up on an answer that is still being written when its time is up', async () => {
    const slow = fakeOpenAi({ tokens: ['One', ' word', ' a', ' second'], tokenDelayMs: 1_000 });
    const slowUrl = await slow.listen();
    try {
      const llm = createOpenAiLlm({
        apiKey: 'test-key',
        baseUrl: slowUrl,
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
      ).rejects.toMatchObject({ failure: { reason: 'timeout', message: 'timed out after 300 ms' } });
      expect(tokens.length).toBeLessThan(4);
    } finally {
      slow.server.closeAllConnections();
      await slow.close();
    }
  });

  it('tries once more when the API is busy or failing, never after a wrong key', async () => {
    let calls = 0;
    const flaky = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        calls++;
        if (calls === 1) {
          response.writeHead(503, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { message: 'The server is overloaded' } }));
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(
          `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Oolong.' } }] })}\n\ndata: [DONE]\n\n`,
        );
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const llm = createOpenAiLlm({
        apiKey: 'test-key',
        baseUrl: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/v1`,
        defaultModel: 'gpt-default',
        timeoutMs: 5_000,
      });
      const ask = {
        model: 'x',
        system: '',
        messages: [{ role: 'user' as const, content: 'hi' }],
        temperature: 1,
        maxTokens: 10,
      };
      expect(await llm.complete(ask)).toEqual({ text: 'Oolong.' });
      expect(calls).toBe(2);
    } finally {
      await new Promise<void>((resolve) => flaky.close(() => resolve()));
    }
    const before = fake.requests.length;
    const wrong = createOpenAiLlm({
      apiKey: 'wrong',
      baseUrl,
      defaultModel: 'gpt-default',
      timeoutMs: 5_000,
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
    expect(fake.requests.length - before).toBe(1);
  });

  it('names a spent quota (429) and an API it cannot reach', async () => {
    const quota = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(429, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: { message: 'You exceeded your current quota', type: 'insufficient_quota' },
          }),
        );
      });
    });
    const closed = createServer();
    await Promise.all([
      new Promise<void>((resolve) => quota.listen(0, '127.0.0.1', resolve)),
      new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve)),
    ]);
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const ask = {
      model: 'x',
      system: '',
      messages: [{ role: 'user' as const, content: 'hi' }],
      temperature: 1,
      maxTokens: 10,
    };
    const settings = { apiKey: 'test-key', defaultModel: 'gpt-default', timeoutMs: 5_000 };
    try {
      const port = (quota.address() as AddressInfo).port;
      await expect(
        createOpenAiLlm({ ...settings, baseUrl: `http://127.0.0.1:${port}/v1` }).complete(ask),
      ).rejects.toMatchObject({
        failure: { reason: 'rate_limited', status: 429, message: 'You exceeded your current quota' },
      });
      await expect(
        createOpenAiLlm({ ...settings, baseUrl: `http://127.0.0.1:${closedPort}/v1` }).complete(ask),
      ).rejects.toMatchObject({
        failure: {
          reason: 'unreachable',
          message: expect.stringMatching(/^could not reach the model's API/),
        },
      });
    } finally {
      await new Promise<void>((resolve) => quota.close(() => resolve()));
    }
  });
});
