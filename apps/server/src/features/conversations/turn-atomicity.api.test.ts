import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, deployedBot, registerOwner, startChat, visitorSends } from '../../../test/fixtures';
import { orderLookupFlow } from '../../../test/flows';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app';

/** The one statement that stores a turn: its state, messages and events (see persistTurns). */
const TURN_WRITE = /^with input as \(.*\bconversation as \(\s*update conversations c set/s;

describe('a turn is one transaction, worked out from the conversation as it is', () => {
  let t: TestApp;
  let key: string;
  let loopKey: string;
  let hookKey: string;
  let headers: Record<string, string>;
  let hook: Server;
  /** Every call the fake order service received, by the text it was sent. */
  const hookCalls: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    hook = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        hookCalls.push(body);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ status: 'shipped' }));
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/orders`;
    headers = authHeader((await registerOwner(t)).auth.token);
    const atomic = flowFixture()
      .module(
        'start',
        'input',
        { prompt: 'Your name?', variable: 'name', validator: { type: 'text' } },
        { next: 'hello' },
      )
      .module(
        'hello',
        'set_variable',
        { assignments: [{ variable: 'greeted', value: '(greeted or 0) + 1' }] },
        { next: 'say' },
      )
      .module('say', 'text', { text: 'Hi {{ name }}' }, { next: 'wait' })
      .module('wait', 'delay', { seconds: 60 }, { next: 'later' })
      .module('later', 'text', { text: 'Still there?' });
    key = (await deployedBot(t, headers, 'Atomic', atomic)).key;

    // A loop that walks three modules a turn and never queues anything.
    const loop = flowFixture()
      .module(
        'start',
        'input',
        { prompt: 'Say something', variable: 'said', validator: { type: 'text' } },
        { next: 'count' },
      )
      .module(
        'count',
        'set_variable',
        { assignments: [{ variable: 'turns', value: '(turns or 0) + 1' }] },
        { next: 'echo' },
      )
      .module('echo', 'text', { text: '{{ turns }}: {{ said }}' }, { next: 'start' });
    loopKey = (await deployedBot(t, headers, 'Loop', loop)).key;

    // Each message calls an outside service once: the call must never be made twice.
    const orders = orderLookupFlow(
      { method: 'POST', url: hookUrl, body: '{{ order }}', responseVariable: 'found' },
      { status: '{{ found.status }}' },
    );
    hookKey = (await deployedBot(t, headers, 'Orders', orders)).key;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => hook.close(resolve));
  });

  const start = (deploymentKey = key) => startChat(t, deploymentKey);
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
      .select(['log_id', 'position'])
      .where('conversation_id', '=', conversationId)
      .execute();
    return { conversation, messages: messages.length, events: events.length };
  };

  it('a failure mid-turn (after the turn’s write, queueing its delayed move) leaves the conversation as it was', async () => {
    const conversation = await start();
    const before = await snapshot(conversation.conversationId);

    // The queue's table is gone for a moment: the turn writes its state and messages, then fails.
    await sql`alter table pgboss.job rename to job_away`.execute(t.database.db);
    let failed: LightMyRequestResponse;
    try {
      failed = await visitorSends(t, conversation, 'Ana');
    } finally {
      await sql`alter table pgboss.job_away rename to job`.execute(t.database.db);
    }
    expect(failed.statusCode).toBe(500);
    expect(await snapshot(conversation.conversationId)).toEqual(before);

    // Nothing was half done: the same message now runs the turn once.
    const retried = await visitorSends(t, conversation, 'Ana');
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

  /**
   * Every statement sent on any pooled connection while `action` runs (the queue's own polling
   * aside), and apart from them the notices to other processes' streams.
   */
  const statementsOf = async (action: () => Promise<unknown>) => {
    const texts: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const query = args[0] as string | { text?: string };
      texts.push((typeof query === 'string' ? query : (query.text ?? '')).trim().toLowerCase());
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await action();
    } finally {
      pg.Client.prototype.query = original;
    }
    // The job queue's polling and the shared rate-limit counts' quarter-second exchange run on
    // their own timers, not as part of any turn.
    const own = texts.filter((text) => !text.includes('pgboss') && !text.includes('rate_limits'));
    return {
      turn: own.filter((text) => !text.includes('pg_notify')),
      notices: own.filter((text) => text.includes('pg_notify')),
    };
  };

  it.runIf(testEngine === 'postgres')(
    'takes one statement on PostgreSQL when the turn calls nothing outside (two when another process ran the last turn): one commit, token check and all',
    async () => {
      const conversation = await start(loopKey);
      await visitorSends(t, conversation, 'warm the flow cache');
      const sendMeasured = async (text: string) => {
        let status = 0;
        const statements = await statementsOf(async () => {
          status = (await visitorSends(t, conversation, text)).statusCode;
          await new Promise((resolve) => setTimeout(resolve, 50));
        });
        expect(status).toBe(200);
        return statements;
      };

      // This process ran the last turn: the one-statement write, which commits by itself and
      // lands only if no other turn came in between and the flow is still the deployment's.
      const { turn, notices } = await sendMeasured('and again');
      expect(turn).toHaveLength(1);
      expect(turn[0]).toMatch(TURN_WRITE);
      // Other processes hear of it after the commit, by a notice that does not wait for the disk.
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/set_config\('synchronous_commit', 'off', true\)/);

      // Another process ran the last turn: a read (which also checks the visitor's token) first.
      t.app.ctx.conversations.cache.forget(conversation.conversationId);
      const afterOther = (await sendMeasured('once more')).turn;
      expect(afterOther).toHaveLength(2);
      expect(afterOther[0]).toMatch(/^select/);
      expect(afterOther[0]).not.toMatch(/for update/);
      expect(afterOther[1]).toMatch(/update conversations/);
      for (const statements of [turn, afterOther]) {
        expect(statements).not.toContain('begin');
        // No flow document read per turn (compiled flows are cached by version).
        expect(statements.some((text) => text.includes('bot_versions') || text.includes('draft_flow'))).toBe(
          false,
        );
      }
    },
  );

  it('stores the turns of many conversations that come together in fewer statements, each turn whole and its own', async () => {
    const conversations = await Promise.all(Array.from({ length: 24 }, () => start(loopKey)));
    await Promise.all(conversations.map((conversation) => visitorSends(t, conversation, 'warm')));
    const before = (await snapshot(conversations[0]?.conversationId ?? '')).messages;
    const sendAll = () =>
      Promise.all(
        conversations.map((conversation, index) => visitorSends(t, conversation, `visitor ${index}`)),
      );
    let replies: Awaited<ReturnType<typeof sendAll>> = [];
    const { turn } = await statementsOf(async () => {
      replies = await sendAll();
    });
    replies.forEach((reply, index) => {
      expect(reply.statusCode).toBe(200);
      const texts = reply
        .json<{ messages: ChatMessage[] }>()
        .messages.map((message) => (message.message.type === 'text' ? message.message.text : ''));
      expect(texts).toEqual([`visitor ${index}`, `2: visitor ${index}`, 'Say something']);
    });
    for (const conversation of conversations) {
      const after = await snapshot(conversation.conversationId);
      expect(after.messages).toBe(before + 3);
      expect((after.conversation.state as { variables: { turns: number } }).variables.turns).toBe(2);
    }
    // PostgreSQL: the writes that came while others were in flight went together (pglite: one connection, not counted).
    if (testEngine === 'postgres') {
      const writes = turn.filter((text) => TURN_WRITE.test(text));
      expect(writes.length).toBeGreaterThan(0);
      expect(writes.length).toBeLessThan(conversations.length);
    }
  });

  it.runIf(testEngine === 'postgres')(
    'makes a turn’s webhook call with no transaction or lock open: a claim, the call, then the write',
    async () => {
      const conversation = await start(hookKey);
      hookCalls.length = 0;
      let reply: LightMyRequestResponse | undefined;
      const { turn } = await statementsOf(async () => {
        reply = await visitorSends(t, conversation, 'A-17');
      });
      expect(
        reply?.json<{ messages: ChatMessage[] }>().messages.map((message) => message.message),
      ).toContainEqual({
        type: 'text',
        text: 'Order A-17: shipped',
      });
      expect(hookCalls).toEqual(['A-17']);
      // Worked out without the call, the turn claims the conversation (recording the call it is
      // about to make, and listing it for the sweep), makes the call holding nothing, and stores
      // the turn, ending the claim.
      expect(turn).toHaveLength(2);
      expect(turn[0]).toMatch(
        /^with claimed as \(\s*update conversations c set\s+pending_turn.*insert into pending_conversations/s,
      );
      expect(turn[1]).toMatch(TURN_WRITE);
      expect(turn).not.toContain('begin');
      expect(turn.some((text) => text.includes('for update'))).toBe(false);
    },
  );

  it.runIf(testEngine === 'postgres')(
    'looks up the conversations a claim or a store is about by their key, however many there are',
    async () => {
      const conversation = await start(hookKey);
      // A few thousand conversations: few enough that, for the 100 rows it guesses a batch holds,
      // the planner would rather read the whole table than look each conversation up.
      const { db } = t.database;
      await sql`
        insert into conversations (company_id, bot_id, deployment_id, token_hash, status, state, channel, user_info, context)
        select company_id, bot_id, deployment_id, md5(random()::text), status, state, channel, user_info, context
        from conversations, generate_series(1, 3000)
        where id = ${conversation.conversationId}`.execute(db);
      await sql`analyze conversations`.execute(db);

      const writes: { text: string; values: unknown[] }[] = [];
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        // Named prepared statements come as { name, text, values }.
        const query = args[0] as string | { text: string; values?: unknown[] };
        const [text, values] =
          typeof query === 'string' ? [query, args[1] as unknown[]] : [query.text, query.values ?? []];
        if (/update conversations c set/.test(text)) writes.push({ text, values });
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        expect((await visitorSends(t, conversation, 'A-18')).statusCode).toBe(200);
      } finally {
        pg.Client.prototype.query = original;
      }
      expect(writes).toHaveLength(2);
      for (const { text, values } of writes) {
        const { rows } = await t.database.executeSql(`explain ${text}`, values);
        const plan = (rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).not.toMatch(/Seq Scan on conversations/);
        expect(plan).toMatch(/Index Cond: \(id = ANY/);
      }
    },
  );

  it('calls the webhook exactly once per message when messages race, and keeps every answer', async () => {
    const conversation = await start(hookKey);
    hookCalls.length = 0;
    const orders = Array.from({ length: 20 }, (_, index) => `B-${index + 1}`);
    const replies = await Promise.all(orders.map((order) => visitorSends(t, conversation, order)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(orders.map(() => 200));
    expect([...hookCalls].sort()).toEqual([...orders].sort());
    const answers = replies.flatMap((reply) =>
      reply
        .json<{ messages: ChatMessage[] }>()
        .messages.flatMap((message) =>
          message.message.type === 'text' && /: shipped$/.test(message.message.text)
            ? [message.message.text]
            : [],
        ),
    );
    expect(answers.sort()).toEqual(orders.map((order) => `Order ${order}: shipped`).sort());
  });

  const textsOf = (reply: LightMyRequestResponse) =>
    reply
      .json<{ messages: ChatMessage[] }>()
      .messages.flatMap((message) =>
        message.role === 'bot' && message.message.type === 'text' ? [message.message.text] : [],
      );

  it.runIf(testEngine === 'postgres')(
    'works a turn out again when another server process moved the conversation on since this one last saw it',
    async () => {
      const other = await t.secondInstance();
      const conversation = await start(loopKey);
      expect(textsOf(await visitorSends(t, conversation, 'a'))).toContain('1: a');
      expect(textsOf(await visitorSends(other, conversation, 'b'))).toContain('2: b');
      // This process last saw the conversation after "a": its turn must not be built on that.
      expect(textsOf(await visitorSends(t, conversation, 'c'))).toContain('3: c');
      expect(textsOf(await visitorSends(other, conversation, 'd'))).toContain('4: d');
      const { messages } = (
        await t.request({
          method: 'GET',
          url: `/api/chat/v3/conversations/${conversation.conversationId}/history`,
          headers: { authorization: `Bearer ${conversation.token}` },
        })
      ).json<{ messages: ChatMessage[] }>();
      expect(messages.map((message) => message.seq)).toEqual(messages.map((_, index) => index + 1));
    },
  );

  it('answers with the draft saved since the last turn when the deployment follows the draft', async () => {
    const echo = (reply: string) =>
      flowFixture()
        .module(
          'start',
          'input',
          { prompt: 'Say something', variable: 'said', validator: { type: 'text' } },
          { next: 'echo' },
        )
        .module('echo', 'text', { text: `${reply} {{ said }}` }, { next: 'start' });
    const { bot, key: testKey } = await deployedBot(t, headers, 'Draft', echo('Before:'), 'test');
    const conversation = await start(testKey);
    expect(textsOf(await visitorSends(t, conversation, 'one'))).toContain('Before: one');
    const saved = await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/flow`,
      headers,
      payload: { flow: echo('After:').onto(bot.flow) },
    });
    expect(saved.statusCode).toBe(200);
    expect(textsOf(await visitorSends(t, conversation, 'two'))).toContain('After: two');
  });
});
