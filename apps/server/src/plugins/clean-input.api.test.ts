import type { ChatMessage } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, startChat } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cleanInput, MAX_INPUT_DEPTH } from './clean-input';

describe('cleaning input before validation', () => {
  it('replaces lone surrogates, keeps pairs, strips NULs, in keys too', () => {
    expect(cleanInput({ 'k\ud800': ['hello \ud800', '\udc00 x', 'a\0b', 'ok 😀'] })).toEqual({
      'k\uFFFD': ['hello \uFFFD', '\uFFFD x', 'ab', 'ok 😀'],
    });
  });

  it('refuses values nested deeper than the limit', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < MAX_INPUT_DEPTH; level++) deep = [deep];
    expect(() => cleanInput(deep)).not.toThrow();
    expect(() => cleanInput([deep])).toThrow(/nested too deeply/);
  });
});

describe('bodies that used to fail on the server', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = authHeader((await registerOwner(t)).auth.token);
  });
  afterAll(() => t.close());

  it('answers 400 to JSON nested 4 000 levels deep, on any body route', async () => {
    const deep = `${'['.repeat(4000)}${']'.repeat(4000)}`;
    for (const [url, headers] of [
      ['/api/auth/login', {}],
      ['/api/bots', owner],
    ] as const) {
      const response = await t.request({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        body: deep,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        name: 'ValidationException',
        message: `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`,
      });
    }
  });

  it('stores a visitor’s lone surrogate as U+FFFD instead of failing', async () => {
    const { key } = await deployedBot(t, owner, 'Surrogates', (flow) => flow);
    const chat = await startChat(t, key);
    const visitor = authHeader(chat.token, 'Bearer');
    const sent = await t.request({
      method: 'POST',
      url: `/api/chat/conversations/${chat.conversationId}/messages`,
      headers: { ...visitor, 'content-type': 'application/json' },
      body: '{"text":"hello \\ud800"}',
    });
    expect(sent.statusCode).toBe(200);
    const history = await t.request({
      method: 'GET',
      url: `/api/chat/v3/conversations/${chat.conversationId}/history`,
      headers: visitor,
    });
    const said = history
      .json<{ messages: ChatMessage[] }>()
      .messages.filter((message) => message.role === 'user');
    expect(said.map((message) => message.message)).toContainEqual(
      expect.objectContaining({ text: 'hello \uFFFD' }),
    );
  });
});
