import type { AddressInfo } from 'node:net';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, deployedBot, registerOwner, startChat } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

async function llmBot(t: TestApp): Promise<string> {
  const headers = authHeader((await registerOwner(t)).auth.token);
  const advisor = flowFixture()
    .module('start', 'llm', { userPrompt: 'Recommend a tea.' }, { failure: 'sorry' })
    .module('sorry', 'text', { text: 'Our advisor is not available right now.' });
  return (await deployedBot(t, headers, 'Advisor', advisor, 'test')).key;
}

describe('LLM modules in live conversations', () => {
  const fake = fakeOpenAi();
  let configured: TestApp;
  let unconfigured: TestApp;
  beforeAll(async () => {
    const baseUrl = await fake.listen();
    [configured, unconfigured] = await Promise.all([
      createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseUrl }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([configured.close(), unconfigured.close()]);
    await fake.close();
  });

  it('answers with the configured model', async () => {
    const conversation = await startChat(configured, await llmBot(configured));
    expect(conversation.messages.map((message) => message.message)).toEqual([
      { type: 'text', text: 'Green tea.' },
    ]);
  });

  it('without a configured model, records a clear error and takes the failure path instead of failing the turn', async () => {
    const conversation = await startChat(unconfigured, await llmBot(unconfigured));
    expect(conversation.messages.map((message) => message.message)).toEqual([
      { type: 'text', text: 'Our advisor is not available right now.' },
    ]);
    const events = await unconfigured.database.db
      .selectFrom('conversation_events')
      .select(['name', 'data'])
      .where('conversation_id', '=', conversation.conversationId)
      .where('name', '=', 'LLM Failed')
      .execute();
    expect(events[0]?.data).toMatchObject({
      error: expect.stringContaining('No language model is configured'),
    });
  });

  /** What the conversation's event stream receives while the bot answers one message with the model. */
  async function streamedWhileAnswering(tokenDelayMs: number) {
    const model = fakeOpenAi({ tokens: ['Try', ' a', ' smoky', ' lapsang', ' souchong', '.'], tokenDelayMs });
    const t = await createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: await model.listen() });
    try {
      const headers = authHeader((await registerOwner(t)).auth.token);
      const sommelier = flowFixture()
        .module(
          'start',
          'input',
          { prompt: 'What do you like?', variable: 'taste', validator: { type: 'text' } },
          { next: 'advise' },
        )
        .module('advise', 'llm', { userPrompt: 'Recommend a tea for {{ taste }}.' });
      const { key } = await deployedBot(t, headers, 'Sommelier', sommelier, 'test');
      const conversation = await startChat(t, key);

      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const controller = new AbortController();
      const stream = await fetch(
        `${base}/api/chat/conversations/${conversation.conversationId}/events?token=${conversation.token}&after=1`,
        { signal: controller.signal },
      );
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let received = '';
      const sending = fetch(`${base}/api/chat/conversations/${conversation.conversationId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${conversation.token}` },
        body: JSON.stringify({ text: 'smoky' }),
      });
      while (!/event: message\ndata: [^\n]*souchong\./.test(received)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
      await sending;
      controller.abort();
      const chunks = received.split('\n\n');
      const drafts = chunks
        .filter((chunk) => chunk.startsWith('event: draft'))
        .map((chunk) => JSON.parse(chunk.split('data: ')[1] ?? '{}') as { moduleId: string; text: string });
      return { received, chunks, drafts };
    } finally {
      await t.close();
      await model.close();
    }
  }

  it('streams the answer to the conversation’s event stream while it is written, then stores it', async () => {
    const { received, chunks, drafts } = await streamedWhileAnswering(80);
    // Growing text, before the stored message.
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    expect(drafts.every((draft) => draft.moduleId === 'advise')).toBe(true);
    expect(drafts.map((draft) => draft.text.length)).toEqual(
      [...drafts.map((draft) => draft.text.length)].sort((a, b) => a - b),
    );
    expect('Try a smoky lapsang souchong.'.startsWith(drafts[0]?.text ?? 'x')).toBe(true);
    const stored = chunks.filter((chunk) => chunk.includes('event: message'));
    const firstDraft = chunks.findIndex((chunk) => chunk.startsWith('event: draft'));
    const answer = chunks.findIndex((chunk) => chunk.includes('Try a smoky lapsang souchong.'));
    expect(firstDraft).toBeLessThan(answer);
    expect(stored.at(-1)).toContain('"text":"Try a smoky lapsang souchong."');
    expect(received).not.toMatch(/id: \d+\nevent: draft/);
  });

  it('sends no draft of an answer written at once: its stored message follows', async () => {
    const { chunks, drafts } = await streamedWhileAnswering(0);
    expect(drafts).toEqual([]);
    expect(chunks.filter((chunk) => chunk.includes('event: message')).at(-1)).toContain(
      '"text":"Try a smoky lapsang souchong."',
    );
  });
});
