import type { ChatMessage, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, startChat } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp, testEngine } from '../../../test/test-app';
import { expireDueConversations } from './server-turns';
import { EXPIRY_GAP_MS } from './turn-runner';

describe('delayed moves and expiry', () => {
  let t: TestApp;
  let token: string;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerOwner(t)).auth.token;
    const headers = authHeader(token);
    const waiter = flowFixture()
      .settings({ expiryMinutes: 30 })
      .module('start', 'text', { text: 'One moment…' }, { next: 'wait' })
      .module('wait', 'delay', { seconds: 1 }, { next: 'later' })
      .module('later', 'text', { text: 'Here it is!' })
      .module('bonus', 'text', { text: 'A surprise.' });
    key = (await deployedBot(t, headers, 'Waiter', waiter)).key;
  });
  afterAll(() => t.close());

  const start = () => startChat(t, key);
  const history = async (conversation: StartConversationResponse) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/chat/v3/conversations/${conversation.conversationId}/history`,
        headers: { authorization: `Bearer ${conversation.token}` },
      })
    ).json<{ messages: ChatMessage[] }>().messages;
  const texts = (messages: ChatMessage[]) =>
    messages.map((message) =>
      message.message.type === 'text' ? message.message.text : message.message.type,
    );

  it('a delay module sends its next message later, through the job queue', async () => {
    const conversation = await start();
    expect(texts(conversation.messages)).toEqual(['One moment…']);
    const later = await eventually(async () => {
      const messages = await history(conversation);
      return messages.length === 2 ? messages : undefined;
    });
    expect(texts(later)).toEqual(['One moment…', 'Here it is!']);
  });

  it('the trigger-delayed-response endpoint moves a conversation to any module, for its own company only', async () => {
    const conversation = await start();
    const response = await t.request({
      method: 'POST',
      url: `/api/conversations/${conversation.conversationId}/delayed-move`,
      headers: authHeader(token),
      payload: { moduleId: 'bonus', delaySeconds: 0 },
    });
    expect(response.statusCode).toBe(202);
    await eventually(async () =>
      (await history(conversation)).some(
        (message) => message.message.type === 'text' && message.message.text === 'A surprise.',
      )
        ? true
        : undefined,
    );
    const stranger = (await registerOwner(t)).auth.token;
    const refused = await t.request({
      method: 'POST',
      url: `/api/conversations/${conversation.conversationId}/delayed-move`,
      headers: authHeader(stranger),
      payload: { moduleId: 'bonus', delaySeconds: 0 },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('stores the expiry time from now with a one-minute gap, and expires exactly once', async () => {
    const before = Date.now();
    const conversation = await start();
    const row = await t.database.db
      .selectFrom('conversations')
      .select(['expires_at'])
      .where('id', '=', conversation.conversationId)
      .executeTakeFirstOrThrow();
    const expected = before + 30 * 60_000 + EXPIRY_GAP_MS;
    expect(Math.abs((row.expires_at?.getTime() ?? 0) - expected)).toBeLessThan(5_000);

    const past = new Date(Date.now() - 1000);
    await t.database.db
      .updateTable('conversations')
      .set({ expires_at: past })
      .where('id', '=', conversation.conversationId)
      .execute();
    // Two sweeps at once (two processes, or a retried job): the conversation expires once.
    await Promise.all([expireDueConversations(t.app.ctx), expireDueConversations(t.app.ctx)]);
    await expireDueConversations(t.app.ctx);
    const events = await t.database.db
      .selectFrom('conversation_events')
      .select('name')
      .where('conversation_id', '=', conversation.conversationId)
      .where('name', '=', 'Conversation Expired')
      .execute();
    expect(events).toHaveLength(1);
    const expired = await t.database.db
      .selectFrom('conversations')
      .select(['expires_at', 'expired_at', 'status'])
      .where('id', '=', conversation.conversationId)
      .executeTakeFirstOrThrow();
    expect(expired.status).toBe('ended');
    expect(expired.expired_at).toBeInstanceOf(Date);
    expect(expired.expires_at?.getTime()).toBe(past.getTime());
  });

  it.runIf(testEngine === 'postgres')(
    'expires each conversation exactly once with two server instances sweeping at the same time',
    async () => {
      const other = await t.secondInstance();
      const conversations = await Promise.all(Array.from({ length: 20 }, () => start()));
      const ids = conversations.map((conversation) => conversation.conversationId);
      await t.database.db
        .updateTable('conversations')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', 'in', ids)
        .execute();
      await Promise.all([
        expireDueConversations(t.app.ctx),
        expireDueConversations(other.ctx),
        expireDueConversations(t.app.ctx),
        expireDueConversations(other.ctx),
      ]);
      const events = await t.database.db
        .selectFrom('conversation_events')
        .select('conversation_id')
        .where('conversation_id', 'in', ids)
        .where('name', '=', 'Conversation Expired')
        .execute();
      expect(events.map((event) => event.conversation_id).sort()).toEqual([...ids].sort());
    },
  );
});
