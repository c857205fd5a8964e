import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding, fakeOpenAi } from '../../../test/fake-openai';
import { createOpenAiEmbedder } from './openai-embeddings';

describe('the OpenAI-compatible embeddings client', () => {
  const fake = fakeOpenAi();
  const refusing = fakeOpenAi({
    refuseEmbeddings: { status: 429, message: 'You exceeded your current quota' },
  });
  let baseUrl = '';
  let refusingUrl = '';
  beforeAll(async () => {
    baseUrl = await fake.listen();
    refusingUrl = await refusing.listen();
  });
  afterAll(async () => {
    for (const each of [fake, refusing]) await each.close();
  });
  const settings = { apiKey: 'test-key', model: 'text-embedding-test', timeoutMs: 5_000 };

  it('sends the texts to /embeddings and answers unit-length vectors in their order', async () => {
    const embedder = createOpenAiEmbedder({ ...settings, baseUrl, dimensions: 256 });
    const vectors = await embedder.embed(['red shoes', 'blue rain jacket']);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/embeddings',
      authorization: 'Bearer test-key',
      body: {
        model: 'text-embedding-test',
        input: ['red shoes', 'blue rain jacket'],
        encoding_format: 'float',
        dimensions: 256,
      },
    });
    expect(vectors).toHaveLength(2);
    for (const [index, text] of ['red shoes', 'blue rain jacket'].entries()) {
      const raw = fakeEmbedding(text);
      const norm = Math.hypot(...raw);
      expect(vectors[index]?.map((value) => Number(value.toFixed(6)))).toEqual(
        raw.map((value) => Number((value / norm).toFixed(6))),
      );
    }
    expect(await embedder.embed([])).toEqual([]);
  });

  it('names what went wrong: the API’s own message, an unreachable host, a timeout', async () => {
    await expect(
      createOpenAiEmbedder({ ...settings, baseUrl: refusingUrl, dimensions: undefined }).embed(['x']),
    ).rejects.toMatchObject({
      failure: { reason: 'rate_limited', status: 429, message: 'You exceeded your current quota' },
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      createOpenAiEmbedder({
        ...settings,
        baseUrl: `http://127.0.0.1:${closedPort}/v1`,
        dimensions: undefined,
      }).embed(['x']),
    ).rejects.toMatchObject({
      failure: {
        reason: 'unreachable',
        message: expect.stringMatching(/^could not reach the embeddings API/),
      },
    });
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await expect(
        createOpenAiEmbedder({
          ...settings,
          timeoutMs: 200,
          baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`,
          dimensions: undefined,
        }).embed(['x']),
      ).rejects.toMatchObject({ failure: { reason: 'timeout', message: 'timed out after 200 ms' } });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
