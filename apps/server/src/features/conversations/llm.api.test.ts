import type { AddressInfo } from 'node:net';
import type { BotDetail, Deployment, StartConversationResponse } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import { authHeader, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

async function llmBot(t: TestApp): Promise<string> {
  const headers = authHeader((await registerOwner(t)).auth.token);
  const bot = (
    await t.request({
      method: 'POST',
      url: '/api/bots',
      headers,
      payload: { name: 'Advisor', language: 'en' },
    })
  ).json<BotDetail>();
  const flow = {
    ...bot.flow,
    modules: [
      {
        id: 'start',
        type: 'llm',
        content: { userPrompt: 'Recommend a tea.' },
        connections: [{ id: 'c1', port: 'failure', target: 'sorry' }],
      },
      { id: 'sorry', type: 'text', content: { text: 'Our advisor is not available right now.' } },
    ],
  };
  await t.request({ method: 'PUT', url: `/api/bots/${bot.id}/flow`, headers, payload: { flow } });
  return (
    await t.request({ method: 'GET', url: `/api/bots/${bot.id}/test-deployment`, headers })
  ).json<Deployment>().key;
}

const start = async (t: TestApp, deploymentKey: string) =>
  (
    await t.request({ method: 'POST', url: '/api/chat/conversations', payload: { deploymentKey } })
  ).json<StartConversationResponse>();

describe('LLM modules in live conversations', () => {
  const fake = fakeOpenAi();
  let configured: TestApp;
  let unconfigured: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
    [configured, unconfigured] = await Promise.all([
      createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseUrl }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([configured.close(), unconfigured.close()]);
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  it('answers with the configured model', async () => {
    const conversation = await start(configured, await llmBot(configured));
    expect(conversation.messages.map((message) => message.message)).toEqual([
      { type: 'text', text: 'Green tea.' },
    ]);
  });

  it('without a configured model, records a clear error and takes the failure path instead of failing the turn', async () => {
    const conversation = await start(unconfigured, await llmBot(unconfigured));
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
});
