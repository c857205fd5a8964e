import type { ChatMessage, TrafficReport } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { type ConversationHandle, ParleyChat } from '@parley/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database';
import { type ChildServer, startChildServer } from '../test/child-servers';
import { authHeader, deployedBot, registerOwner } from '../test/fixtures';
import { freePort } from '../test/free-port';
import { createTestApp, eventually, type TestApp } from '../test/test-app';
import { followEventStream, type StreamRecord } from './event-stream-reader';
import { type RunningNginx, startNginx } from './nginx';

/**
 * Visitors chatting at once, and the messages each sends. 200 (the figure) take about
 * 32 s on a quiet 2-core machine (the three servers, nginx, PostgreSQL and the visitors all on it)
 * and about 95 s with other work on it (load average near 15).
 */
const VISITORS = Number(process.env.SCALE_VISITORS ?? 200);
const MESSAGES_EACH = 6;
const PROCESSES = 3;

const textOf = (message: ChatMessage) =>
  'text' in message.message ? message.message.text : message.message.type;

describe('three server processes behind nginx on PostgreSQL', () => {
  let t: TestApp;
  let db: Database;
  let nginx: RunningNginx;
  let entry: string;
  /** Ends the visitors' event streams. */
  const streamsOver = new AbortController();
  const ports: number[] = [];
  const servers: ChildServer[] = [];
  let keys: { echo: string; waiter: string };
  let owner: Record<string, string>;
  const serverEnv = {
    // One test machine is every visitor's address: the per-address limits are not what is tested.
    CHAT_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_IP: '10',
    TRUST_PROXY: '1',
    SHUTDOWN_TIMEOUT_MS: '15000',
  };
  const startServer = async (index: number) => {
    servers[index] = await startChildServer(t.databaseUrl ?? '', serverEnv, ports[index]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = authHeader((await registerOwner(t)).auth.token);
    const echo = flowFixture()
      .settings({ expiryMinutes: 30 })
      .module(
        'start',
        'input',
        { prompt: 'Say something', variable: 'said', validator: { type: 'text' } },
        { next: 'echo' },
      )
      .module('echo', 'text', { text: 'You said {{ said }}' }, { next: 'start' });
    const waiter = flowFixture()
      .module('start', 'text', { text: 'One moment…' }, { next: 'wait' })
      .module('wait', 'delay', { seconds: 3 }, { next: 'later' })
      .module('later', 'text', { text: 'Here it is!' });
    keys = {
      echo: (await deployedBot(t, owner, 'Echo', echo)).key,
      waiter: (await deployedBot(t, owner, 'Waiter', waiter)).key,
    };
    // From here on only the cluster serves and runs jobs; the test reads the database directly.
    await t.app.close();
    db = await createDatabase({ engine: 'postgres', url: t.databaseUrl ?? '' });
    for (let index = 0; index < PROCESSES; index++) ports.push(await freePort());
    await Promise.all(ports.map((_, index) => startServer(index)));
    const port = await freePort();
    nginx = await startNginx({ listen: `127.0.0.1:${port}`, upstreams: ports.map((p) => `127.0.0.1:${p}`) });
    entry = `http://127.0.0.1:${port}`;
  }, 180_000);
  afterAll(async () => {
    streamsOver.abort();
    await nginx?.stop();
    for (const server of servers) server?.kill();
    await db?.close();
    await t?.close();
  });

  it('answers every visitor’s every message once, in order, while one process is killed and another restarted', async () => {
    const chat = (deploymentKey: string) =>
      new ParleyChat({ baseUrl: entry, deploymentKey, retry: { attempts: 8, firstDelayMs: 250 } });
    const echo = chat(keys.echo);
    const visitors = await Promise.all(Array.from({ length: VISITORS }, () => echo.start()));
    const streams: StreamRecord[] = visitors.map((visitor) =>
      followEventStream(
        (after) =>
          `${entry}/api/chat/conversations/${visitor.conversationId}/events?token=${visitor.token}&after=${after}`,
        streamsOver.signal,
      ),
    );
    // Delays due while processes die, and expiries due now: each must fire once.
    const waiting = await Promise.all(Array.from({ length: 5 }, () => chat(keys.waiter).start()));
    const expiring = await Promise.all(Array.from({ length: 5 }, () => echo.start()));
    await db.db
      .updateTable('conversations')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where(
        'id',
        'in',
        expiring.map((conversation) => conversation.conversationId),
      )
      .execute();

    const total = VISITORS * MESSAGES_EACH;
    let answered = 0;
    const failures: string[] = [];
    const seen = new Map<string, string[]>();
    const converse = async (visitor: ConversationHandle, v: number) => {
      const replies: string[] = [];
      for (let m = 0; m < MESSAGES_EACH; m++) {
        try {
          const messages = await echo.send(visitor, { text: `v${v}-m${m}` });
          replies.push(...messages.filter((message) => message.role === 'bot').map(textOf));
        } catch (error) {
          failures.push(`v${v}-m${m}: ${String(error)}`);
        }
        answered += 1;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
      }
      seen.set(visitor.conversationId, replies);
    };
    const traffic = Promise.all(visitors.map((visitor, v) => converse(visitor, v)));

    // One process dies outright a third of the way in; a supervisor starts it again a second later.
    await eventually(async () => (answered >= total / 3 ? true : undefined), 60_000);
    servers[0]?.kill('SIGKILL');
    await servers[0]?.exited;
    setTimeout(() => void startServer(0), 1_000);
    // Another is restarted gracefully two thirds of the way in.
    await eventually(async () => (answered >= (2 * total) / 3 ? true : undefined), 60_000);
    servers[1]?.kill('SIGTERM');
    expect(await servers[1]?.exited).toBe(0);
    await startServer(1);
    await traffic;

    // What the clients saw: every message answered, once, in order, none failed after retries.
    expect(failures).toEqual([]);
    visitors.forEach((visitor, v) => {
      expect(seen.get(visitor.conversationId)).toEqual(
        Array.from({ length: MESSAGES_EACH }, (_, m) => [`You said v${v}-m${m}`, 'Say something']).flat(),
      );
    });

    // What the database holds: each conversation's messages once each, in order.
    const rows = await db.db
      .selectFrom('conversation_messages')
      .select(['conversation_id', 'seq', 'role', 'text'])
      .where(
        'conversation_id',
        'in',
        visitors.map((visitor) => visitor.conversationId),
      )
      .orderBy('conversation_id')
      .orderBy('seq')
      .execute();
    visitors.forEach((visitor, v) => {
      const stored = rows.filter((row) => row.conversation_id === visitor.conversationId);
      expect(stored.map((row) => row.seq)).toEqual(stored.map((_, i) => i + 1));
      expect(stored.map((row) => `${row.role}:${row.text}`)).toEqual([
        'bot:Say something',
        ...Array.from({ length: MESSAGES_EACH }, (_, m) => [
          `user:v${v}-m${m}`,
          `bot:You said v${v}-m${m}`,
          'bot:Say something',
        ]).flat(),
      ]);
    });

    // The streams: every stored message arrived once, in order, across the reconnections.
    const last = 1 + MESSAGES_EACH * 3;
    await eventually(
      async () => (streams.every((stream) => stream.seqs.at(-1) === last) ? true : undefined),
      30_000,
    );
    for (const stream of streams) expect(stream.seqs).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    expect(streams.reduce((sum, stream) => sum + stream.reconnects, 0)).toBeGreaterThan(0);
    streamsOver.abort();

    // A delayed move fires once for each conversation, whichever process took its job.
    for (const conversation of waiting) {
      const texts = await eventually(async () => {
        const messages = await chat(keys.waiter).history(conversation);
        return messages.length >= 2 ? messages.map(textOf) : undefined;
      }, 30_000);
      expect(texts).toEqual(['One moment…', 'Here it is!']);
    }
    // An expiry fires once (the sweep runs each minute, on one process).
    const expired = await eventually(async () => {
      const events = await db.db
        .selectFrom('conversation_events')
        .select('conversation_id')
        .where(
          'conversation_id',
          'in',
          expiring.map((conversation) => conversation.conversationId),
        )
        .where('name', '=', 'Conversation Expired')
        .execute();
      return events.length >= expiring.length ? events : undefined;
    }, 90_000);
    expect(expired.map((event) => event.conversation_id).sort()).toEqual(
      expiring.map((conversation) => conversation.conversationId).sort(),
    );
  });

  it('holds the sign-in limit across processes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt++) {
      // Straight to each process in turn: the count is the database's, not any one process's.
      const response = await fetch(`http://127.0.0.1:${ports[attempt % PROCESSES]}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
        body: JSON.stringify({ email: `nobody-${attempt}@example.com`, password: 'not the password' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  it('shows an inbox update and a report figure made on one process through the others', async () => {
    const [first, second, third] = ports.map((port) => `http://127.0.0.1:${port}`) as [
      string,
      string,
      string,
    ];
    // An agent's inbox is open on one process...
    const watching = new AbortController();
    const inbox = await fetch(`${second}/api/inbox/events`, {
      headers: { ...owner, accept: 'text/event-stream' },
      signal: watching.signal,
    });
    expect(inbox.status).toBe(200);
    let streamed = '';
    const noticed = (async () => {
      const reader = (inbox.body as ReadableStream<Uint8Array>)
        .pipeThrough(new TextDecoderStream())
        .getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        streamed += value;
      }
    })().catch(() => undefined);
    // ...while a visitor talks to another.
    const chat = new ParleyChat({ baseUrl: third, deploymentKey: keys.echo });
    const visitor = await chat.start();
    await chat.send(visitor, { text: 'seen elsewhere?' });
    await eventually(async () => (streamed.includes(visitor.conversationId) ? true : undefined), 15_000);
    watching.abort();
    await noticed;

    // A report asked of a third process counts the conversation (once its rollup is due), and
    // every process then gives the same figure: the rollups live in the database, not in a process.
    const day = new Date().toISOString().slice(0, 10);
    const startedOn = async (base: string) => {
      const response = await fetch(`${base}/api/reports/traffic?from=${day}&to=${day}`, { headers: owner });
      expect(response.status).toBe(200);
      return ((await response.json()) as TrafficReport).totals.conversationsStarted;
    };
    const truth = Number(
      (
        await db.db
          .selectFrom('conversations')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
    await eventually(async () => ((await startedOn(first)) === truth ? true : undefined), 20_000);
    expect(await Promise.all([first, second, third].map(startedOn))).toEqual([truth, truth, truth]);
  });
});
