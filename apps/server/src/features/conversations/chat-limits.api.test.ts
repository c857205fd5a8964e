import type { StartConversationResponse } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, visitorSends } from '../../../test/fixtures';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app';

describe('visitors’ messages per minute on the public chat API', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ CHAT_RATE_LIMIT_PER_CONVERSATION: '3', CHAT_RATE_LIMIT_PER_IP: '5' });
    const owner = authHeader((await registerOwner(t)).auth.token);
    ({ key } = await deployedBot(t, owner, 'Limits', (flow) => flow));
  });
  afterAll(() => t.close());

  const start = async (remoteAddress: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        remoteAddress,
        payload: { deploymentKey: key },
      })
    ).json<StartConversationResponse>();
  const say = (chat: StartConversationResponse, remoteAddress: string) =>
    visitorSends(t, chat, 'hello', { remoteAddress });

  it('refuses a conversation’s messages past its limit, with Retry-After, and its neighbours’ past the IP’s', async () => {
    const first = await start('203.0.113.7');
    for (let sent = 0; sent < 3; sent++) expect((await say(first, '203.0.113.7')).statusCode).toBe(200);
    const refused = await say(first, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      name: 'RateLimitException',
      message: expect.stringMatching(/^Too many messages; wait \d+ seconds and send again$/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another conversation from the same address: its fifth message of the minute is the last.
    const second = await start('203.0.113.7');
    expect((await say(second, '203.0.113.7')).statusCode).toBe(200);
    expect((await say(second, '203.0.113.7')).statusCode).toBe(429);

    // Another visitor, elsewhere, chats as usual.
    const elsewhere = await start('198.51.100.20');
    expect((await say(elsewhere, '198.51.100.20')).statusCode).toBe(200);
  });
});

describe.runIf(testEngine === 'postgres')('visitors’ messages per minute across server processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CHAT_RATE_LIMIT_PER_CONVERSATION: '4', CHAT_RATE_LIMIT_PER_IP: '100' });
  });
  afterAll(() => t.close());

  it('counts a conversation’s messages once, whichever process each reaches', async () => {
    const owner = authHeader((await registerOwner(t)).auth.token);
    const { key } = await deployedBot(t, owner, 'Shared limits', (flow) => flow);
    const other = await t.secondInstance();
    const processes = [t.app, other];
    const chat = (
      await t.request({ method: 'POST', url: '/api/chat/conversations', payload: { deploymentKey: key } })
    ).json<StartConversationResponse>();
    const statuses: number[] = [];
    for (let sent = 0; sent < 6; sent++) {
      const process = processes[sent % 2];
      const response = process && (await visitorSends(process, chat, `message ${sent}`));
      statuses.push(response?.statusCode ?? 0);
      // As a quarter second passing would: the process adds its count to the shared one.
      await process?.ctx.conversations.messageCounts.share();
    }
    // Counted per process, each would have let all six through. Shared, a process knows what the
    // others counted up to its last exchange: the one message the other took since goes over.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
