/**
 * Inbox queries at scale on PostgreSQL: 1 000 000 conversations and 10 000 000 messages generated
 * in bulk with SQL, then p50/p95 of the inbox API (through Fastify, in process) for the first page,
 * a deep page (by cursor), filtered pages, searches, the counts, and one transcript. Prints JSON.
 *
 * Takes several minutes (most of it generating the data). BENCH_INBOX_SCALE=0.1 for a tenth;
 * BENCH_INBOX_KEEP=1 keeps the database afterwards; BENCH_INBOX_DATABASE=<kept name> measures on a
 * kept database again (migrated to the latest first), without generating.
 *
 * @bench-cores all (PostgreSQL and the server share the machine)
 */
import { EVENT } from '@parley/contracts';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import { eventLiteral } from '../apps/server/src/db/event-sql';
import { testConfig } from '../apps/server/test/test-app';
import { benchDatabase, createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { percentile } from './stats';

const SCALE = Number(process.env.BENCH_INBOX_SCALE ?? 1);
const CONVERSATIONS = Math.round(1_000_000 * SCALE);
const MESSAGES_PER_CONVERSATION = 10;
const BOTS = 4;
const RUNS = 200;
/** A slow scenario stops early (its runs are reported). */
const SCENARIO_BUDGET_MS = 15_000;

async function main() {
  const reused = process.env.BENCH_INBOX_DATABASE;
  const benchDb = reused ? benchDatabase(reused) : await createBenchDatabase('parley_inbox_bench');
  const database = await createDatabase({ engine: 'postgres', url: benchDb.url });
  const config = testConfig({ PUBLIC_URL: 'http://127.0.0.1' });
  const app = await buildApp({ config, database, jobPollingIntervalSeconds: 60 });
  // No background jobs: the bulk load leaves them a backlog a live server works off as it comes (a
  // million events for the report rollup, 900 000 conversations past their expiry time), and minutes
  // of it ran beside the requests measured here.
  await app.ctx.jobs.stop();
  try {
    const json = async <T>(
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      token?: string,
      payload?: object,
    ) => {
      const response = await app.inject({
        method,
        url: path,
        ...(token ? { headers: { authorization: `JWT ${token}` } } : {}),
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
      return response.json<T>();
    };
    const { db } = database;
    const owner = { email: 'inbox-bench@parley.test', password: BENCH_PASSWORD };
    if (reused) {
      const { token } = await json<{ token: string }>('POST', '/api/auth/login', undefined, owner);
      const bots = await sql<{ id: string }>`select id from bots order by created_at, id`.execute(db);
      await measure(
        token,
        bots.rows.map((bot) => bot.id),
        undefined,
      );
      return;
    }
    await createBenchOwner(db, owner.email, 'Busy Shop');
    const { token } = await json<{ token: string }>('POST', '/api/auth/login', undefined, owner);
    const botIds: string[] = [];
    for (let index = 0; index < BOTS; index++) {
      const bot = await json<{ id: string }>('POST', '/api/bots', token, {
        name: `Bot ${index + 1}`,
        language: 'en',
      });
      await json('POST', `/api/bots/${bot.id}/publish`, token);
      await json('POST', `/api/bots/${bot.id}/deployments`, token, { channel: 'webchat' });
      botIds.push(bot.id);
    }
    const generating = performance.now();
    // Conversations over 90 days: 3 % waiting for an agent, 2 % with one, 10 % expired, the rest
    // active or ended; 15 % with a fallback, 6 % with a handoff; a tenth in the tester.
    await sql`
      insert into conversations (id, company_id, bot_id, deployment_id, token_hash, status, state, channel,
        user_info, message_count, created_at, last_message_at, expires_at, expired_at, has_fallback,
        has_handoff, handoff_requested_at, read_seq, last_message_text)
      select gen_random_uuid(), b.company_id, b.id, d.id, md5(g::text),
        case when g % 100 < 5 then 'human' when g % 100 < 40 then 'ended' else 'waiting' end,
        '{"schemaVersion":1,"variables":{"name":"Visitor","order":"A-17"}}'::jsonb,
        case when g % 7 = 0 then 'tester' else 'webchat' end,
        jsonb_build_object('name', 'Visitor ' || g, 'email', 'visitor' || g || '@example.com'),
        ${MESSAGES_PER_CONVERSATION},
        now() - (g % 129600) * interval '1 minute' - interval '1 hour',
        now() - (g % 129600) * interval '1 minute',
        now() - (g % 129600) * interval '1 minute' + interval '31 minutes',
        case when g % 100 between 5 and 14 then now() - (g % 129600) * interval '1 minute' + interval '31 minutes' end,
        g % 100 >= 85, g % 100 < 6, case when g % 100 < 3 then now() - (g % 129600) * interval '1 minute' end,
        case when g % 3 = 0 then 0 else ${MESSAGES_PER_CONVERSATION} end,
        'Thanks, that helps!'
      from generate_series(1, ${CONVERSATIONS}) as g
      join (select id, company_id, row_number() over (order by id) - 1 as n from bots) b on b.n = g % ${BOTS}
      join deployments d on d.bot_id = b.id`.execute(db);
    // The conversations with an agent: the agent is the bench's user.
    await sql`update conversations set agent_id = (select id from users limit 1)
      where status = 'human' and handoff_requested_at is null`.execute(db);
    await sql`insert into conversation_visitors (conversation_id, search)
      select id, concat_ws(' ', user_info->>'name', user_info->>'email') from conversations`.execute(db);
    // A bulk load builds the text indexes once at the end, as a restore would.
    await sql`drop index conversation_messages_text_idx`.execute(db);
    await sql`drop index conversation_messages_words_idx`.execute(db);
    await sql`
      insert into conversation_messages (conversation_id, company_id, bot_id, seq, role, message, text, created_at)
      select c.id, c.company_id, c.bot_id, s.seq, case when s.seq % 2 = 1 then 'bot' else 'user' end,
        jsonb_build_object('type', 'text', 'text', t.text), t.text,
        c.created_at + s.seq * interval '1 minute'
      from conversations c
      cross join generate_series(1, ${MESSAGES_PER_CONVERSATION}) as s(seq)
      cross join lateral (select case
        when s.seq % 2 = 1 then 'How can I help you today?'
        when (hashtext(c.id::text) + s.seq) % 100 = 0 then 'I want a refund for order ' || s.seq
        else 'Where is my order ' || s.seq || '?' end as text) t`.execute(db);
    await sql`
      insert into conversation_event_log (conversation_id, company_id, bot_id, deployment_id, occurred_at, events, after_seq)
      select id, company_id, bot_id, deployment_id, created_at,
        jsonb_build_array(
          jsonb_build_object('name', ${eventLiteral(EVENT.ConversationStarted)}, 'at', 0, 'afterOutputs', 0, 'dimensions', '{}'::jsonb, 'data', '{"conversation":1}'::jsonb),
          jsonb_build_object('name', ${eventLiteral(EVENT.WebhookResult)}, 'at', 0, 'afterOutputs', 1, 'dimensions', '{}'::jsonb,
            'data', '{"ok":true,"status":200,"durationMs":120,"endpoint":"https://api.example.com/orders","response":"{}"}'::jsonb)),
        1
      from conversations`.execute(db);
    await sql`set maintenance_work_mem = '512MB'`.execute(db);
    await sql`create index conversation_messages_text_idx on conversation_messages using gin (text gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index conversation_messages_words_idx on conversation_messages
      using gin (inbox_message_words(bot_id, text))`.execute(db);
    await sql`vacuum analyze`.execute(db);
    console.error('generated');
    await measure(token, botIds, Math.round((performance.now() - generating) / 1000));
  } finally {
    await app.close();
    // BENCH_INBOX_KEEP=1 leaves the database for looking into plans (its name is printed).
    if (process.env.BENCH_INBOX_KEEP === '1' || reused) console.error(`kept database ${benchDb.name}`);
    else await benchDb.drop();
  }

  /** Runs each scenario for the company's first bot (or all its bots) and prints the figures. */
  async function measure(token: string, botIds: string[], generatedSeconds: number | undefined) {
    const { db } = database;
    const botId = botIds[0] as string;
    const deep = await sql<{ last_message_at: Date; id: string }>`
      select last_message_at, id from conversations where bot_id = ${botId}
      order by last_message_at desc, id desc offset 50000 limit 1`.execute(db);
    const deepRow = deep.rows[0];
    const deepCursor = deepRow
      ? Buffer.from(`${deepRow.last_message_at.toISOString()}|${deepRow.id}`).toString('base64url')
      : '';
    const sample = await sql<{
      id: string;
    }>`select id from conversations where bot_id = ${botId} limit 1`.execute(db);
    const visitor = await sql<{ search: string }>`
      select v.search from conversation_visitors v join conversations c on c.id = v.conversation_id
      where c.bot_id = ${botId} offset 1000 limit 1`.execute(db);
    const visitorName = visitor.rows[0]?.search.split(' ').slice(0, 2).join(' ') ?? 'Visitor';
    const sevenDaysAgo = encodeURIComponent(new Date(Date.now() - 7 * 86_400_000).toISOString());

    const scenarios: Record<string, string> = {
      firstPage: `/api/inbox?botId=${botId}`,
      deepPage: `/api/inbox?botId=${botId}&cursor=${deepCursor}`,
      allBots: '/api/inbox',
      waiting: `/api/inbox?botId=${botId}&status=waiting`,
      withAgent: `/api/inbox?botId=${botId}&status=with_agent`,
      expired: `/api/inbox?botId=${botId}&status=expired`,
      hasFallback: `/api/inbox?botId=${botId}&hasFallback=true`,
      hasHandoff: `/api/inbox?botId=${botId}&hasHandoff=true`,
      channelTester: `/api/inbox?botId=${botId}&channel=tester`,
      lastSevenDays: `/api/inbox?botId=${botId}&from=${sevenDaysAgo}`,
      searchWords: `/api/inbox?botId=${botId}&q=refund`,
      searchWordsDeep: `/api/inbox?botId=${botId}&q=refund&cursor=${deepCursor}`,
      // In about 1 % of the conversations (visitors say it in their second message).
      searchWordsRare: `/api/inbox?botId=${botId}&q=${encodeURIComponent('refund for order 4')}`,
      searchWordsRareAllBots: `/api/inbox?q=${encodeURIComponent('refund for order 4')}`,
      // In every conversation, and in none.
      searchPhraseCommon: `/api/inbox?botId=${botId}&q=${encodeURIComponent('where is my order')}`,
      searchPhraseAbsent: `/api/inbox?botId=${botId}&q=${encodeURIComponent('refund for order 9')}`,
      searchWordsAbsent: `/api/inbox?botId=${botId}&q=zebra`,
      searchUser: `/api/inbox?botId=${botId}&user=${encodeURIComponent(visitorName)}`,
      searchUserAbsent: `/api/inbox?botId=${botId}&user=nobody-at-all`,
      transcript: `/api/inbox/conversations/${sample.rows[0]?.id}`,
    };
    const results: Record<string, { p50Ms: number; p95Ms: number; runs: number; rows?: number }> = {};
    for (const [scenario, path] of Object.entries(scenarios)) {
      const times: number[] = [];
      let rows: number | undefined;
      const began = performance.now();
      for (let run = 0; run < RUNS && performance.now() - began < SCENARIO_BUDGET_MS; run++) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: path,
          headers: { authorization: `JWT ${token}` },
        });
        times.push(performance.now() - started);
        if (response.statusCode !== 200)
          throw new Error(`${scenario}: ${response.statusCode} ${response.body}`);
        if (run === 0 && !path.includes('/conversations/'))
          rows = response.json<{ conversations: unknown[] }>().conversations.length;
      }
      times.sort((a, b) => a - b);
      results[scenario] = {
        p50Ms: Number(percentile(times, 50).toFixed(2)),
        p95Ms: Number(percentile(times, 95).toFixed(2)),
        runs: times.length,
        ...(rows === undefined ? {} : { rows }),
      };
      console.error(scenario, JSON.stringify(results[scenario]));
    }
    // The planner's row counts (a kept database may be of another scale than this run's).
    const counted = await sql<{ conversations: number; messages: number }>`
      select (select reltuples::int from pg_class where oid = 'conversations'::regclass) as conversations,
             (select reltuples::int from pg_class where oid = 'conversation_messages'::regclass) as messages`.execute(
      db,
    );
    console.log(
      JSON.stringify(
        {
          benchmark: 'inbox',
          ...counted.rows[0],
          generatedSeconds,
          runsPerScenario: RUNS,
          results,
        },
        null,
        2,
      ),
    );
  }
}

await main();
