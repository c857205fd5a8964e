import type { ChatMessage, StartConversationResponse } from '@parley/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, startChat } from '../../../test/fixtures';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app';

describe('a turn is one transaction', () => {
  let t: TestApp;
  let key: string;
  let loopKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    const headers = authHeader((await registerOwner(t)).auth.token);
    const modules = [
      {
        id: 'start',
        type: 'input',
        content: { prompt: 'Your name?', variable: 'name', validator: { type: 'text' } },
        connections: [{ id: 'c1', port: 'next', target: 'hello' }],
      },
      {
        id: 'hello',
        type: 'set_variable',
        content: { assignments: [{ variable: 'greeted', value: '(greeted or 0) + 1' }] },
        connections: [{ id: 'c2', port: 'next', target: 'say' }],
      },
      {
        id: 'say',
        type: 'text',
        content: { text: 'Hi {{ name }}' },
        connections: [{ id: 'c3', port: 'next', target: 'wait' }],
      },
      {
        id: 'wait',
        type: 'delay',
        content: { seconds: 60 },
        connections: [{ id: 'c4', port: 'next', target: 'later' }],
      },
      { id: 'later', type: 'text', content: { text: 'Still there?' } },
    ];
    key = (await deployedBot(t, headers, 'Atomic', (flow) => ({ ...flow, modules }))).key;

    // A loop that walks three modules a turn and never queues anything.
    const loopModules = [
      {
        id: 'start',
        type: 'input',
        content: { prompt: 'Say something', variable: 'said', validator: { type: 'text' } },
        connections: [{ id: 'c1', port: 'next', target: 'count' }],
      },
      {
        id: 'count',
        type: 'set_variable',
        content: { assignments: [{ variable: 'turns', value: '(turns or 0) + 1' }] },
        connections: [{ id: 'c2', port: 'next', target: 'echo' }],
      },
      {
        id: 'echo',
        type: 'text',
        content: { text: '{{ turns }}: {{ said }}' },
        connections: [{ id: 'c3', port: 'next', target: 'start' }],
      },
    ];
    loopKey = (await deployedBot(t, headers, 'Loop', (flow) => ({ ...flow, modules: loopModules }))).key;
  });
  afterAll(() => t.close());

  const start = (deploymentKey = key) => startChat(t, deploymentKey);
  const send = (conversation: StartConversationResponse, text: string) =>
    t.request({
      method: 'POST',
      url: `/api/chat/conversations/${conversation.conversationId}/messages`,
      headers: { authorization: `Bearer ${conversation.token}` },
      payload: { text },
    });
  const snapshot = async (conversationId: string) => {
    const { db } = t.database;
    const conversation = await db
      .selectFrom('conversations')
      .select(['state', 'status', 'expires_at'])
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    const messages = await db
      .selectFrom('conversation_messages')
      .select('seq')
      .where('conversation_id', '=', conversationId)
      .execute();
    const events = await db
      .selectFrom('conversation_events')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .execute();
    return { conversation, messages: messages.length, events: events.length };
  };

  it('a failure mid-turn (after the turn’s write, queueing its delayed move) leaves the conversation as it was', async () => {
    const conversation = await start();
    const before = await snapshot(conversation.conversationId);

    // The queue's table is gone for a moment: the turn writes its state and messages, then fails.
    await sql`alter table pgboss.job rename to job_away`.execute(t.database.db);
    let failed: Awaited<ReturnType<typeof send>>;
    try {
      failed = await send(conversation, 'Ana');
    } finally {
      await sql`alter table pgboss.job_away rename to job`.execute(t.database.db);
    }
    expect(failed.statusCode).toBe(500);
    expect(await snapshot(conversation.conversationId)).toEqual(before);

    // Nothing was half done: the same message now runs the turn once.
    const retried = await send(conversation, 'Ana');
    expect(retried.statusCode).toBe(200);
    const texts = retried
      .json<{ messages: ChatMessage[] }>()
      .messages.map((message) =>
        message.message.type === 'text' ? message.message.text : message.message.type,
      );
    expect(texts).toEqual(['Ana', 'Hi Ana']);
    const after = await snapshot(conversation.conversationId);
    expect((after.conversation.state as { variables: { greeted: number } }).variables.greeted).toBe(1);
    expect(after.messages).toBe(before.messages + 2);
  });

  it.runIf(testEngine === 'postgres')(
    'takes exactly one commit and four round trips on PostgreSQL, BEGIN and COMMIT included, token check and all',
    async () => {
      const conversation = await start(loopKey);
      await send(conversation, 'warm the flow cache');

      // Every statement sent on every pooled connection, with the connection that sent it.
      const calls: { client: unknown; text: string }[] = [];
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const query = args[0] as string | { text?: string };
        calls.push({
          client: this,
          text: (typeof query === 'string' ? query : (query.text ?? '')).trim().toLowerCase(),
        });
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        expect((await send(conversation, 'and again')).statusCode).toBe(200);
      } finally {
        pg.Client.prototype.query = original;
      }

      // Every statement of the request (the queue's own polling aside): BEGIN to COMMIT, nothing else.
      const turn = calls.map((call) => call.text).filter((text) => !text.includes('pgboss'));
      expect(turn[0]).toBe('begin');
      expect(turn[1]).toMatch(/for update/);
      expect(turn.filter((text) => text === 'commit')).toHaveLength(1);
      // BEGIN, the locked read (which also checks the visitor's token), the one-statement write, COMMIT.
      expect(turn).toHaveLength(4);
      expect(turn.at(-1)).toBe('commit');
      // No flow document read per turn (compiled flows are cached by version).
      expect(turn.some((text) => text.includes('bot_versions') || text.includes('draft_flow'))).toBe(false);
    },
  );
});
