/**
 * The turn's write statement alone (`persistTurns`) on PostgreSQL: the database server's CPU per
 * turn, read from /proc for the one backend that runs it (so other work on the machine blurs it
 * least), and the wall time per statement. Batches of 1 and of 100 turns (the turn path batches
 * what comes together, see db/batched.ts), each turn storing two messages and a changed variable,
 * over BENCH_TURN_WRITES_CONVERSATIONS (2 000) web chat conversations, each of its own contact.
 * Made to see what keeping the audiences' facts on the contact (migration 0046) adds to a turn;
 * then the server CPU of the job that types the changed contacts' variables (migration 0051) once
 * a minute, per contact. Prints JSON.
 */
import { flowFixture } from '@parley/flow/testing';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import type { DB } from '../apps/server/src/db/schema';
import { foldStaleContactVariables } from '../apps/server/src/features/audiences/audiences.service';
import {
  persistTurns,
  type TurnWrite,
} from '../apps/server/src/features/conversations/conversations.repository';
import { testConfig } from '../apps/server/test/test-app';
import { createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { processCpuMs } from './stats';

const CONVERSATIONS = Number(process.env.BENCH_TURN_WRITES_CONVERSATIONS ?? 2000);
const ROUNDS = Number(process.env.BENCH_TURN_WRITES_ROUNDS ?? 5);

async function main() {
  const benchDb = await createBenchDatabase('parley_turn_writes_bench');
  const database = await createDatabase({ engine: 'postgres', url: benchDb.url });
  const app = await buildApp({ config: testConfig({ PUBLIC_URL: 'http://127.0.0.1' }), database });
  // One connection: its backend's CPU is the statements'.
  const pool = new pg.Pool({ connectionString: benchDb.url, max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    const json = async <T>(method: 'POST' | 'PUT', url: string, headers = {}, payload?: object) => {
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json<T>();
    };
    await createBenchOwner(database.db, 'turns@parley.test', 'Turns');
    const auth = await json<{ token: string }>(
      'POST',
      '/api/auth/login',
      {},
      {
        email: 'turns@parley.test',
        password: BENCH_PASSWORD,
      },
    );
    const owner = { authorization: `JWT ${auth.token}` };
    const bot = await json<{ id: string; flow: unknown }>('POST', '/api/bots', owner, {
      name: 'Echo',
      language: 'en',
    });
    const flow = flowFixture().module('start', 'text', { text: 'Hi' }, {});
    await json('PUT', `/api/bots/${bot.id}/flow`, owner, { flow: flow.onto(bot.flow as never) });
    await json('POST', `/api/bots/${bot.id}/publish`, owner);
    const deployment = await json<{ key: string }>('POST', `/api/bots/${bot.id}/deployments`, owner, {
      channel: 'webchat',
    });
    const real = await json<{ conversationId: string }>(
      'POST',
      '/api/chat/conversations',
      {},
      {
        deploymentKey: deployment.key,
      },
    );
    // The conversations, each filed under a contact of its own by the filing trigger.
    await sql`
      insert into conversations (company_id, bot_id, deployment_id, token_hash, status, state, channel, user_info, language)
      select t.company_id, t.bot_id, t.deployment_id, md5(g::text), 'waiting',
        jsonb_build_object('schemaVersion', 1, 'turns', 0, 'status', 'waiting', 'variables', jsonb_build_object('n', g)),
        'webchat', jsonb_build_object('id', 'visitor-' || g), 'en'
      from generate_series(1, ${CONVERSATIONS}) g, conversations t where t.id = ${real.conversationId}`.execute(
      db,
    );
    await sql`vacuum analyze`.execute(db);
    const rows = await db
      .selectFrom('conversations as c')
      .innerJoin('deployments as d', 'd.id', 'c.deployment_id')
      .select(['c.id', 'c.state', 'd.version'])
      .where(sql<boolean>`c.user_info->>'id' like 'visitor-%'`)
      .execute();
    const conversations = rows.map((row) => ({
      id: row.id,
      turns: 0,
      version: row.version,
      state: row.state as Record<string, unknown>,
    }));
    const backend =
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid ?? 0;

    const writeOf = (conversation: (typeof conversations)[number], round: number): TurnWrite => ({
      conversationId: conversation.id,
      state: {
        ...conversation.state,
        turns: conversation.turns + 1,
        variables: { n: conversation.turns, item: `item ${round}` },
      } as unknown as TurnWrite['state'],
      readTurns: conversation.turns,
      flow: { deploymentVersion: conversation.version, draftSavedAt: new Date(0) },
      pendingOwner: null,
      status: 'waiting',
      expiresAt: null,
      expiredAt: null,
      messages: [
        { role: 'user', message: { type: 'text', text: 'hello' }, text: 'hello' },
        { role: 'bot', message: { type: 'text', text: 'Hi' }, text: 'Hi' },
      ],
      events: [],
      language: 'en',
      clientMessageId: null,
    });

    const out: Record<string, unknown> = { conversations: CONVERSATIONS };
    let round = 0;
    for (const batchSize of [1, 100]) {
      let turns = 0;
      let statements = 0;
      const cpuBefore = processCpuMs(backend);
      const started = performance.now();
      for (let r = 0; r < ROUNDS; r++, round++) {
        // Batches of one: a tenth of the conversations per round, or it takes long.
        const some = batchSize === 1 ? conversations.slice(0, CONVERSATIONS / 10) : conversations;
        for (let i = 0; i < some.length; i += batchSize) {
          const batch = some.slice(i, i + batchSize);
          const stored = await persistTurns(
            db,
            batch.map((conversation) => writeOf(conversation, round)),
          );
          statements++;
          for (const [index, conversation] of batch.entries()) {
            if (!stored[index]) throw new Error(`turn of ${conversation.id} not stored`);
            conversation.turns++;
            turns++;
          }
        }
      }
      const wall = performance.now() - started;
      out[`batch${batchSize}`] = {
        turns,
        statements,
        serverCpuMsPerTurn: Math.round(((processCpuMs(backend) - cpuBefore) / turns) * 1000) / 1000,
        wallMsPerStatement: Math.round((wall / statements) * 100) / 100,
      };
    }
    // What the turns left for the job that types contacts' variables (migration 0051): each contact
    // whose copy changed, folded once however many turns changed it.
    const stale = await sql<{ entries: number; contacts: number }>`
      select count(*)::int as entries, count(distinct contact_id)::int as contacts
      from contact_variables_stale`.execute(db);
    const cpuBefore = processCpuMs(backend);
    const started = performance.now();
    await foldStaleContactVariables(db);
    const contacts = stale.rows[0]?.contacts ?? 0;
    out.fold = {
      ...stale.rows[0],
      serverCpuMs: processCpuMs(backend) - cpuBefore,
      serverCpuMsPerContact: Math.round(((processCpuMs(backend) - cpuBefore) / contacts) * 1000) / 1000,
      wallMs: Math.round(performance.now() - started),
    };
    console.log(JSON.stringify(out, null, 2));
  } finally {
    await db.destroy();
    await app.close();
    await benchDb.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
