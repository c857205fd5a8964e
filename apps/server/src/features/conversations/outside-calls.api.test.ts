import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import {
  authHeader,
  deployedBot,
  registerOwner,
  type ServerUnderTest,
  startChat,
  visitorSays,
  visitorSends,
} from '../../../test/fixtures';
import { orderLookupFlow } from '../../../test/flows';
import { createTestApp, eventually, type TestApp, testEngine } from '../../../test/test-app';
import { claimTurn } from './conversations.repository';
import { UNKNOWN_OUTCOME } from './pending-turn';
import { finishAbandonedTurns } from './turn-runner';

/** A promise and the function that settles it: a gate a test opens when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Whether a promise has settled yet (without waiting for it). */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.finally(() => {
    state.settled = true;
  });
  return state;
}

/**
 * A local order service: answers `{ status: 'shipped' }` at once, except for orders a test holds
 * (they wait for `release`) and `hang-…` orders (never answered). Records every body it gets.
 */
function orderService() {
  const received: string[] = [];
  const held = new Map<string, ServerResponse>();
  const hung: ServerResponse[] = [];
  const holding = new Set<string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(body);
      if (body.startsWith('hang')) {
        hung.push(response);
        return;
      }
      if (holding.has(body)) {
        held.set(body, response);
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ status: 'shipped' }));
    });
  });
  return {
    server,
    received,
    hold: (order: string) => holding.add(order),
    release(order: string) {
      holding.delete(order);
      const response = held.get(order);
      held.delete(order);
      response?.setHeader('content-type', 'application/json');
      response?.end(JSON.stringify({ status: 'shipped' }));
    },
    close() {
      for (const response of [...held.values(), ...hung]) response.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const listen = async (server: ReturnType<typeof createServer>) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const flows = {
  /** Every message goes to the model, whose answer is said; then the bot listens again. */
  advisor: flowFixture()
    .module(
      'start',
      'input',
      { prompt: 'Ask me', variable: 'said', validator: { type: 'text' } },
      { next: 'advise' },
    )
    .module('advise', 'llm', { userPrompt: '{{ said }}' }, { next: 'start', failure: 'sorry' })
    .module('sorry', 'text', { text: 'The advisor is away.' }, { next: 'start' }),
  echo: flowFixture()
    .module(
      'start',
      'input',
      { prompt: 'Say something', variable: 'said', validator: { type: 'text' } },
      { next: 'echo' },
    )
    .module('echo', 'text', { text: 'You said {{ said }}' }, { next: 'start' }),
  /** The order service is asked about each order; it has `timeoutMs` to answer. */
  orders: (url: string, timeoutMs: number) =>
    orderLookupFlow(
      { method: 'POST', url, body: '{{ order }}', responseVariable: 'found', timeoutMs },
      { status: '{{ found.status }}', failed: 'the order service did not answer' },
    ),
};

/** The bots' questions, asked again after every answer: left out of what tests compare. */
const prompts = new Set(['bot: Ask me', 'bot: Say something', 'bot: Order number?']);

const textsOf = (messages: ChatMessage[]) =>
  messages
    .map((message) =>
      message.message.type === 'text' ? `${message.role}: ${message.message.text}` : message.message.type,
    )
    .filter((text) => !prompts.has(text));

describe('turns that call outside hold nothing while they wait', () => {
  /** Prompts that start with "slow" wait for the test to open `slowModel`. */
  let slowModel = gate();
  const model = fakeOpenAi({
    tokens: (body) => {
      const messages = body.messages as { role: string; content: string }[];
      return ['Answer to ', messages.at(-1)?.content ?? ''];
    },
    beforeAnswer: async (body) => {
      const messages = body.messages as { content: string }[];
      if (messages.at(-1)?.content.startsWith('slow')) await slowModel.opened;
    },
  });
  const orders = orderService();
  let t: TestApp;
  const keys = { advisor: '', echo: '', orders: '' };
  let ordersUrl = '';

  beforeAll(async () => {
    const modelUrl = await model.listen();
    ordersUrl = await listen(orders.server);
    t = await createTestApp({
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: modelUrl,
      // A stopped process's claim ends soon after its call's timeout.
      TURN_LEASE_GRACE_MS: '300',
    });
    const headers = authHeader((await registerOwner(t)).auth.token);
    keys.advisor = (await deployedBot(t, headers, 'Advisor', flows.advisor)).key;
    // Another company's bots: what one slow model must not slow down.
    const other = authHeader((await registerOwner(t)).auth.token);
    keys.echo = (await deployedBot(t, other, 'Echo', flows.echo)).key;
    keys.orders = (await deployedBot(t, other, 'Orders', flows.orders(ordersUrl, 600))).key;
  });
  afterAll(async () => {
    slowModel.open();
    await t.close();
    await Promise.all([orders.close(), model.close()]);
  });

  const history = async (conversation: StartConversationResponse) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/chat/v3/conversations/${conversation.conversationId}/history`,
        headers: { authorization: `Bearer ${conversation.token}` },
      })
    ).json<{ messages: ChatMessage[] }>().messages;
  const modelAsked = (prompt: string) =>
    model.requests.filter((request) => {
      const messages = request.body.messages as { content: string }[];
      return messages.at(-1)?.content === prompt;
    }).length;

  it('answers 50 conversations of other bots while a model keeps one visitor waiting', async () => {
    slowModel = gate();
    const waiting = await startChat(t, keys.advisor);
    const slow = watch(visitorSays(t, waiting, 'slow: which tea?'));
    await eventually(async () => (modelAsked('slow: which tea?') === 1 ? true : undefined));

    const others = await Promise.all(Array.from({ length: 50 }, () => startChat(t, keys.echo)));
    const answers = await Promise.all(
      others.map((conversation, index) => visitorSays(t, conversation, `hi ${index}`)),
    );
    expect(answers.map((messages) => textsOf(messages))).toEqual(
      others.map((_, index) => [`user: hi ${index}`, `bot: You said hi ${index}`]),
    );
    // A webhook turn of another bot makes its call and is answered too.
    const order = await startChat(t, keys.orders);
    expect(textsOf(await visitorSays(t, order, 'A-1')).at(-1)).toBe('bot: Order A-1: shipped');
    expect(slow.settled).toBe(false);

    slowModel.open();
    expect(textsOf(await slow.promise)).toEqual([
      'user: slow: which tea?',
      'bot: Answer to slow: which tea?',
    ]);
    expect(modelAsked('slow: which tea?')).toBe(1);
  });

  it('runs messages sent while a call is pending after it, in order, asking the model once for each', async () => {
    slowModel = gate();
    const conversation = await startChat(t, keys.advisor);
    const first = watch(visitorSays(t, conversation, 'slow first'));
    await eventually(async () => (modelAsked('slow first') === 1 ? true : undefined));
    const second = watch(visitorSays(t, conversation, 'second'));
    const third = watch(visitorSays(t, conversation, 'third'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Nothing overtakes the pending turn: the later messages have not even reached the model.
    expect([first.settled, second.settled, third.settled]).toEqual([false, false, false]);
    expect(modelAsked('second') + modelAsked('third')).toBe(0);

    slowModel.open();
    await Promise.all([first.promise, second.promise, third.promise]);
    expect(textsOf(await history(conversation)).slice(-6)).toEqual([
      'user: slow first',
      'bot: Answer to slow first',
      'user: second',
      'bot: Answer to second',
      'user: third',
      'bot: Answer to third',
    ]);
    expect([modelAsked('slow first'), modelAsked('second'), modelAsked('third')]).toEqual([1, 1, 1]);
  });

  it('gives a conversation whose receiver never answers its failure port after the module’s timeout', async () => {
    const conversation = await startChat(t, keys.orders);
    const answer = await visitorSays(t, conversation, 'hang-7');
    expect(textsOf(answer).at(-1)).toBe('bot: Order hang-7: the order service did not answer');
    const result = await t.database.db
      .selectFrom('conversation_events')
      .select('data')
      .where('conversation_id', '=', conversation.conversationId)
      .where('name', '=', 'Webhook Result')
      .executeTakeFirstOrThrow();
    expect(result.data).toMatchObject({ ok: false, response: 'timed out after 600 ms', reason: 'timeout' });
    // The conversation is free again: the next message is answered.
    expect(textsOf(await visitorSays(t, conversation, 'A-8')).at(-1)).toBe('bot: Order A-8: shipped');
  });

  /** Leaves a turn pending as a process that stopped mid-call leaves it (its lease already over). */
  const abandonTurn = async (
    conversation: StartConversationResponse,
    order: string,
    outcome?: { ok: true; value: unknown },
  ) => {
    const row = await t.database.db
      .selectFrom('conversations')
      .select('state')
      .where('id', '=', conversation.conversationId)
      .executeTakeFirstOrThrow();
    const claimed = await claimTurn(t.database.db, {
      conversationId: conversation.conversationId,
      readTurns: (row.state as { turns: number }).turns,
      owner: 'a-stopped-process',
      leaseMs: 0,
      pending: {
        input: { type: 'text', text: order },
        incoming: { role: 'user', text: order },
        seed: 7,
        calls: [{ kind: 'http', target: `POST ${ordersUrl}`, ...(outcome ? { outcome } : {}) }],
      },
    });
    expect(claimed).toBe(true);
    expect(await listedForSweep(conversation)).toBe(true);
    t.app.ctx.conversations.cache.forget(conversation.conversationId);
  };

  /** Whether the abandoned-turn sweep would look at the conversation (see migration 0049). */
  const listedForSweep = async (conversation: StartConversationResponse) =>
    (await t.database.db
      .selectFrom('pending_conversations')
      .select('conversation_id')
      .where('conversation_id', '=', conversation.conversationId)
      .executeTakeFirst()) !== undefined;

  it('finishes a turn its stopped process left pending without making its call again', async () => {
    const conversation = await startChat(t, keys.orders);
    await abandonTurn(conversation, 'A-20');
    // The minute's sweep finds it (this one, or the server's own when its minute comes first): the
    // call's answer is unknown, so the failure port is taken.
    await finishAbandonedTurns(t.app.ctx);
    await expect
      .poll(async () => textsOf(await history(conversation)).slice(-2), { timeout: 10_000 })
      .toEqual(['user: A-20', 'bot: Order A-20: the order service did not answer']);
    expect(orders.received).not.toContain('A-20');
    const result = await t.database.db
      .selectFrom('conversation_events')
      .select('data')
      .where('conversation_id', '=', conversation.conversationId)
      .where('name', '=', 'Webhook Result')
      .executeTakeFirstOrThrow();
    expect(result.data).toMatchObject({ ok: false, response: UNKNOWN_OUTCOME, reason: 'interrupted' });
    const after = await t.database.db
      .selectFrom('conversations')
      .select(['pending_turn', 'pending_owner', 'pending_until'])
      .where('id', '=', conversation.conversationId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ pending_turn: null, pending_owner: null, pending_until: null });
    expect(await listedForSweep(conversation)).toBe(false);
  });

  it('claims a conversation without changing any column an index of conversations holds (a HOT update)', async () => {
    const { rows } = await t.database.executeSql(
      `select pg_get_indexdef(indexrelid) as definition from pg_index
       where indrelid = 'conversations'::regclass`,
      [],
    );
    const definitions = (rows as { definition: string }[]).map((row) => row.definition);
    expect(definitions.length).toBeGreaterThan(0);
    for (const definition of definitions) expect(definition).not.toMatch(/pending_/);
  });

  it('applies the recorded outcome of a stopped process’s call once, before the visitor’s next message', async () => {
    const conversation = await startChat(t, keys.orders);
    await abandonTurn(conversation, 'A-21', {
      ok: true,
      value: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"status":"packed"}',
        durationMs: 3,
      },
    });
    const reply = await visitorSays(t, conversation, 'A-22');
    expect(textsOf(reply)).toEqual(['user: A-22', 'bot: Order A-22: shipped']);
    expect(textsOf(await history(conversation)).slice(-4)).toEqual([
      'user: A-21',
      'bot: Order A-21: packed',
      'user: A-22',
      'bot: Order A-22: shipped',
    ]);
    expect(orders.received.filter((body) => body === 'A-21')).toEqual([]);
    expect(orders.received.filter((body) => body === 'A-22')).toEqual(['A-22']);
    expect(await listedForSweep(conversation)).toBe(false);
  });

  /** The visitor sends `text` named `clientMessageId` to `server` (this process or another). */
  const sendNamed = (
    server: ServerUnderTest,
    conversation: StartConversationResponse,
    text: string,
    clientMessageId: string,
  ) => visitorSends(server, conversation, { text, clientMessageId });

  /** Sends a held order, retries it (same id) while the first attempt waits, then releases it. */
  async function retriedWhileWaiting(retryTo: ServerUnderTest, order: string) {
    const conversation = await startChat(t, keys.orders);
    orders.hold(order);
    const id = `retry-${order}`;
    const first = watch(sendNamed(t.app, conversation, order, id));
    await eventually(async () => (orders.received.includes(order) ? true : undefined));
    const retry = watch(sendNamed(retryTo, conversation, order, id));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(retry.settled).toBe(false);
    orders.release(order);
    const answers = [
      await first.promise,
      await retry.promise,
      await sendNamed(retryTo, conversation, order, id),
    ];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const [firstMessages, ...retried] = answers.map(
      (answer) => answer.json<{ messages: ChatMessage[] }>().messages,
    );
    expect(textsOf(firstMessages ?? [])).toEqual([`user: ${order}`, `bot: Order ${order}: shipped`]);
    for (const messages of retried) expect(messages).toEqual(firstMessages);
    expect(textsOf(await history(conversation)).filter((text) => text.includes(order))).toEqual([
      `user: ${order}`,
      `bot: Order ${order}: shipped`,
    ]);
    expect(orders.received.filter((body) => body === order)).toEqual([order]);
  }

  it('answers a retry of a message (same client id) with its first answer, running its turn once', async () => {
    await retriedWhileWaiting(t.app, 'R-1');
  });

  it.runIf(testEngine === 'postgres')(
    'answers a retry sent to another process while the first attempt still waits on its call, once',
    async () => {
      await retriedWhileWaiting(await t.secondInstance(), 'R-2');
    },
  );

  it('refuses a client message id that is not one, by name, storing nothing', async () => {
    const conversation = await startChat(t, keys.echo);
    const refused = await sendNamed(t.app, conversation, 'hello', 'no spaces please');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.name).toBe('ValidationException');
    expect(textsOf(await history(conversation))).not.toContain('user: hello');
  });

  it.runIf(testEngine === 'postgres')(
    'keeps order across processes: a message to another process waits for the pending turn',
    async () => {
      const other = await t.secondInstance();
      const conversation = await startChat(t, keys.orders);
      orders.hold('B-1');
      const first = watch(visitorSays(t, conversation, 'B-1'));
      await eventually(async () => (orders.received.includes('B-1') ? true : undefined));
      const second = watch(visitorSends(other, conversation, 'B-2'));
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect([first.settled, second.settled]).toEqual([false, false]);
      expect(orders.received).not.toContain('B-2');
      orders.release('B-1');
      await first.promise;
      expect((await second.promise).statusCode).toBe(200);
      expect(textsOf(await history(conversation)).slice(-4)).toEqual([
        'user: B-1',
        'bot: Order B-1: shipped',
        'user: B-2',
        'bot: Order B-2: shipped',
      ]);
    },
  );

  it.runIf(testEngine === 'postgres')(
    'finishes the turn of a process killed while its call was pending, in another process, calling once',
    async () => {
      let child: ChildProcess | undefined;
      try {
        child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/child-server.ts'], {
          env: {
            ...process.env,
            PARLEY_CHILD_DATABASE_URL: t.databaseUrl,
            PARLEY_CHILD_ENV: JSON.stringify({ TURN_LEASE_GRACE_MS: '300' }),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        const port = await new Promise<string>((resolve, reject) => {
          let output = '';
          child?.stdout?.on('data', (chunk) => {
            output += chunk;
            const found = /listening (\d+)/.exec(output);
            if (found?.[1]) resolve(found[1]);
          });
          child?.once('exit', (code) => reject(new Error(`the child server exited (${code})`)));
        });
        const conversation = await startChat(t, keys.orders);
        orders.hold('C-1');
        // The child process takes the message and waits on the order service …
        void fetch(
          `http://127.0.0.1:${port}/api/chat/conversations/${conversation.conversationId}/messages`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${conversation.token}` },
            body: JSON.stringify({ text: 'C-1' }),
          },
        ).catch(() => undefined);
        await eventually(async () => (orders.received.includes('C-1') ? true : undefined));
        // … and is killed before it hears back.
        child.kill('SIGKILL');
        await new Promise((resolve) => child?.once('exit', resolve));
        orders.release('C-1');

        // The visitor writes again to this process: the killed turn is finished first, once.
        const reply = await visitorSays(t, conversation, 'C-2');
        expect(textsOf(reply)).toEqual(['user: C-2', 'bot: Order C-2: shipped']);
        expect(textsOf(await history(conversation)).slice(-4)).toEqual([
          'user: C-1',
          'bot: Order C-1: the order service did not answer',
          'user: C-2',
          'bot: Order C-2: shipped',
        ]);
        expect(orders.received.filter((body) => body === 'C-1')).toEqual(['C-1']);
      } finally {
        child?.kill('SIGKILL');
      }
    },
    60_000,
  );
});
