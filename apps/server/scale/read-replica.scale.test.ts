import type { InboxListResponse, TrafficReport } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database';
import { READ_AFTER_HEADER, WRITTEN_AT_HEADER } from '../src/plugins/read-your-writes';
import { authHeader, deployedBot, registerOwner, startChat } from '../test/fixtures';
import { freePort } from '../test/free-port';
import { createTestApp, eventually, type TestApp } from '../test/test-app';
import { type ReplicatedPostgres, startReplicatedPostgres } from './replicated-postgres';

const MAX_LAG_MS = 1_500;

describe('the inbox lists and reports on a streaming read replica', () => {
  let servers: ReplicatedPostgres;
  let t: TestApp;
  /** A session on the replica, to pause and resume its replay. */
  let replica: pg.Client;
  let owner: Record<string, string>;
  let deploymentKey: string;

  beforeAll(async () => {
    servers = await startReplicatedPostgres({ primary: await freePort(), replica: await freePort() });
    const admin = new pg.Client({ connectionString: servers.primaryUrl });
    await admin.connect();
    await admin.query('create database parley');
    await admin.end();
    const on = (url: string) => url.replace(/\/postgres$/, '/parley');
    // The new database reaches the replica a moment later (a failed client cannot be reused).
    replica = await eventually(async () => {
      const client = new pg.Client({ connectionString: on(servers.replicaUrl) });
      return client.connect().then(
        () => client,
        () => undefined,
      );
    }, 10_000);
    const database = await createDatabase({
      engine: 'postgres',
      url: on(servers.primaryUrl),
      readUrl: on(servers.replicaUrl),
      replica: { pollMs: 50, maxLagMs: MAX_LAG_MS },
    });
    t = await createTestApp(
      {},
      { database: { database, url: on(servers.primaryUrl), drop: async () => {} } },
    );
    owner = authHeader((await registerOwner(t)).auth.token);
    const flow = flowFixture()
      .module(
        'start',
        'input',
        { prompt: 'Hello', variable: 'said', validator: { type: 'text' } },
        { next: 'echo' },
      )
      .module('echo', 'text', { text: 'You said {{ said }}' }, { next: 'start' });
    deploymentKey = (await deployedBot(t, owner, 'Echo', flow)).key;
  }, 120_000);
  afterAll(async () => {
    await replica?.end();
    await t?.close();
    await servers?.stop();
  });

  const say = (conversationId: string, token: string, text: string) =>
    t.request({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: { authorization: `Bearer ${token}` },
      payload: { text },
    });
  const inboxRow = async (conversationId: string, headers: Record<string, string> = {}) => {
    const response = await t.request({
      method: 'GET',
      url: '/api/inbox',
      headers: { ...owner, ...headers },
    });
    expect(response.statusCode).toBe(200);
    return response.json<InboxListResponse>().conversations.find((row) => row.id === conversationId);
  };

  it('reads from the replica, reads a person’s own write at once, and leaves a replica that fell behind', async () => {
    const visitor = await startChat(t, deploymentKey);
    expect((await say(visitor.conversationId, visitor.token, 'first')).statusCode).toBe(200);
    // The replica catches up within moments: the list shows the conversation.
    const before = await eventually(async () => {
      const row = await inboxRow(visitor.conversationId);
      return row?.messageCount === 4 ? row : undefined;
    });
    expect(before.agent).toBeNull();

    await replica.query('select pg_wal_replay_pause()');
    try {
      // A visitor's message while the replica stands still: the list, read there, does not have it yet.
      expect((await say(visitor.conversationId, visitor.token, 'second')).statusCode).toBe(200);
      expect((await inboxRow(visitor.conversationId))?.messageCount).toBe(4);

      // The agent takes the conversation over: the answer says where the primary's log was...
      const taken = await t.request({
        method: 'POST',
        url: `/api/conversations/${visitor.conversationId}/pass-control`,
        headers: owner,
        payload: { to: 'agent' },
      });
      expect(taken.statusCode).toBe(200);
      const writtenAt = taken.headers[WRITTEN_AT_HEADER];
      expect(writtenAt).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      // ...and the agent's next read, sent with it, sees the take-over (from the primary).
      const own = await inboxRow(visitor.conversationId, { [READ_AFTER_HEADER]: String(writtenAt) });
      expect(own?.agent).not.toBeNull();
      expect(own?.messageCount).toBe(7);

      // A report reads what the primary has whatever the replica's state.
      const report = await t.request({
        method: 'GET',
        url: `/api/reports/traffic?from=${new Date().toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
        headers: owner,
      });
      expect(report.statusCode).toBe(200);
      expect(report.json<TrafficReport>().totals.conversationsStarted).toBeGreaterThanOrEqual(1);

      // Once the replica is further behind than allowed, every read goes to the primary.
      await new Promise((resolve) => setTimeout(resolve, MAX_LAG_MS + 500));
      const late = await inboxRow(visitor.conversationId);
      expect(late?.messageCount).toBe(7);
      expect(late?.agent).not.toBeNull();
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
  });

  it('answers visitors’ chat writes without the log position (a turn pays for no extra statement)', async () => {
    const visitor = await startChat(t, deploymentKey);
    const answer = await say(visitor.conversationId, visitor.token, 'hello');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers[WRITTEN_AT_HEADER]).toBeUndefined();
  });
});
