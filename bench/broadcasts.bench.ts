/**
 * Audiences and broadcasts at scale on PostgreSQL (issue 27's targets):
 * - an audience over 1 000 000 contacts counts in p95 ≤ 200 ms (through the API's preview, in
 *   process, and the count's statement alone);
 * - a broadcast to 100 000 recipients is enqueued (recipients fixed, senders queued) in ≤ 10 s;
 * - unthrottled to web chat (local: stored, and told to the widget's stream), ≥ 2 000 messages/s,
 *   sent by the real `broadcast-send` jobs of one server process.
 *
 * The contacts and their conversations are made in bulk with SQL (one conversation each, the
 * filing trigger off while they are made: a contact per row is what it would do, slowly); 10 % of
 * them reached a goal. Prints JSON.
 *
 * BENCH_BROADCASTS_CONTACTS (1 000 000), BENCH_BROADCASTS_STALE (10 000 contacts whose variables
 * changed since the job typed them: counted, then folded), BENCH_BROADCASTS_SEND_SECONDS (60: the
 * delivery is measured over at most this long, then the broadcast is cancelled),
 * BENCH_BROADCASTS_KEEP=1 keeps the database, BENCH_BROADCASTS_PLANS=1 prints each count's EXPLAIN
 * ANALYZE (its execution time is printed either way: the time inside the server, which a loaded
 * machine blurs least).
 *
 * @bench-cores all (PostgreSQL and the server share the machine)
 */
import type { AuthRecord, BotDetail, Broadcast, StartConversationResponse } from '@parley/contracts';
import { audienceFilterSchema, EVENT } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import {
  type CandidateBound,
  countContacts,
  countStatement,
  countWithBound,
  sampleContacts,
} from '../apps/server/src/features/audiences/audiences.repository';
import { foldStaleContactVariables } from '../apps/server/src/features/audiences/audiences.service';
import { testConfig } from '../apps/server/test/test-app';
import { createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { percentile } from './stats';

const CONTACTS = Number(process.env.BENCH_BROADCASTS_CONTACTS ?? 1_000_000);
const SEND_SECONDS = Number(process.env.BENCH_BROADCASTS_SEND_SECONDS ?? 60);
const RUNS = 10;
const STALE = Number(process.env.BENCH_BROADCASTS_STALE ?? 10_000);

const flow = flowFixture()
  .module('start', 'text', { text: 'Hi! We will tell you when it is back.' }, {})
  .module('bought', 'text', { text: 'Thanks!' }, {}, { isGoal: true, goalValue: 25 });

async function main() {
  const benchDb = await createBenchDatabase('parley_broadcasts_bench');
  const database = await createDatabase({ engine: 'postgres', url: benchDb.url });
  const config = testConfig({ PUBLIC_URL: 'http://127.0.0.1' });
  const app = await buildApp({ config, database, jobPollingIntervalSeconds: 1 });
  const { db } = database;
  const out: Record<string, unknown> = { contacts: CONTACTS };
  try {
    const json = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, headers = {}, payload?: object) => {
      const response = await app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
      return response.body ? response.json<T>() : (undefined as T);
    };
    await createBenchOwner(db, 'shop@parley.test', 'Shop');
    const auth = await json<AuthRecord>(
      'POST',
      '/api/auth/login',
      {},
      {
        email: 'shop@parley.test',
        password: BENCH_PASSWORD,
      },
    );
    const owner = { authorization: `JWT ${auth.token}` };
    const bot = await json<BotDetail>('POST', '/api/bots', owner, { name: 'Shop', language: 'en' });
    await json('PUT', `/api/bots/${bot.id}/flow`, owner, { flow: flow.onto(bot.flow) });
    await json('POST', `/api/bots/${bot.id}/publish`, owner);
    const deployment = await json<{ id: string; key: string }>(
      'POST',
      `/api/bots/${bot.id}/deployments`,
      owner,
      {
        channel: 'webchat',
      },
    );
    const { company_id: companyId } = await db
      .selectFrom('bots')
      .select('company_id')
      .where('id', '=', bot.id)
      .executeTakeFirstOrThrow();
    // One real conversation: its row is what the bulk ones copy.
    const real = await json<StartConversationResponse>(
      'POST',
      '/api/chat/conversations',
      {},
      {
        deploymentKey: deployment.key,
      },
    );

    const seeding = performance.now();
    // The filing trigger is off: the contacts get what it would keep on them (see migration 0046).
    const variables = sql`jsonb_build_object('segment', 's' || (g % 10), 'spent', g % 500,
      'item', case when g % 3 = 0 then 'blue kettle' else 'red teapot' end, 'order', 'O-' || g)`;
    await sql`alter table conversations disable trigger conversations_file_contact`.execute(db);
    // And the contacts' typed variables in one statement, as migration 0051 types them.
    await sql`alter table contacts disable trigger contacts_variables_inserted`.execute(db);
    await sql`
      insert into contacts (id, company_id, channel, external_key, first_seen_at, conversations, last_seen_at,
        bot_ids, languages, countries, goals, variables)
      select md5('contact' || g)::uuid, t.company_id, 'webchat', 'crm-' || g, now() - (g % 365) * interval '1 day',
        1, now() - (g % 90) * interval '1 day', array[t.bot_id],
        array[(array['en', 'es', 'fr', 'de'])[1 + g % 4]], array[(array['ES', 'MX', 'US', 'FR', 'DE'])[1 + g % 5]],
        case when g % 10 = 1 then array['bought'] else '{}' end, ${variables}
      from generate_series(1, ${CONTACTS}) g, conversations t where t.id = ${real.conversationId}`.execute(
      db,
    );
    await sql`
      insert into conversations (id, company_id, bot_id, deployment_id, token_hash, status, state, channel,
        user_info, language, country, message_count, created_at, updated_at, last_message_at, contact_id)
      select md5('conversation' || g)::uuid, t.company_id, t.bot_id, t.deployment_id, md5(g::text), 'ended',
        jsonb_build_object('schemaVersion', 1, 'turns', 1, 'status', 'ended', 'variables', ${variables}),
        'webchat', jsonb_build_object('id', 'crm-' || g, 'name', 'Visitor ' || g),
        (array['en', 'es', 'fr', 'de'])[1 + g % 4], (array['ES', 'MX', 'US', 'FR', 'DE'])[1 + g % 5],
        2, now() - (g % 365) * interval '1 day', now(), now() - (g % 90) * interval '1 day', md5('contact' || g)::uuid
      from generate_series(1, ${CONTACTS}) g, conversations t where t.id = ${real.conversationId}`.execute(
      db,
    );
    await sql`alter table conversations enable trigger conversations_file_contact`.execute(db);
    await sql`
      insert into contact_variables (contact_id, name, company_id, text_value, number_value)
      select k.id, r.name, k.company_id, r.text_value, r.number_value
      from contacts k cross join lateral parley_contact_variable_rows(k.variables) r`.execute(db);
    await sql`alter table contacts enable trigger contacts_variables_inserted`.execute(db);
    await sql`
      insert into conversation_event_log (conversation_id, company_id, bot_id, deployment_id, occurred_at, events)
      select md5('conversation' || g)::uuid, t.company_id, t.bot_id, t.deployment_id, now() - interval '1 day',
        jsonb_build_array(jsonb_build_object('name', ${EVENT.GoalReached}::text, 'at', 0,
          'dimensions', jsonb_build_object('Bot Module ID', 'bought'), 'data', '{}'::jsonb))
      from generate_series(1, ${CONTACTS}, 10) g, conversations t where t.id = ${real.conversationId}`.execute(
      db,
    );
    await sql`vacuum analyze contacts`.execute(db);
    await sql`vacuum analyze contact_variables`.execute(db);
    await sql`analyze`.execute(db);
    out.seedSeconds = Math.round((performance.now() - seeding) / 100) / 10;

    const filters = {
      everyone: { conditions: [] },
      channel: { conditions: [{ field: 'channel', channels: ['webchat'] }] },
      languageAndCountry: {
        conditions: [
          { field: 'language', languages: ['es'] },
          { field: 'country', countries: ['MX'] },
        ],
      },
      variableEquals: {
        conditions: [{ field: 'variable', name: 'item', op: 'equals', value: 'blue kettle' }],
      },
      variableGreater: {
        conditions: [{ field: 'variable', name: 'spent', op: 'greaterThan', value: '400' }],
      },
      // What one contact has (an order number), and what nobody has: the preview's sample of ten
      // cannot be found by walking the newest contacts (see sampleScanMs).
      variableRare: { conditions: [{ field: 'variable', name: 'order', op: 'equals', value: 'O-777' }] },
      variableNone: { conditions: [{ field: 'variable', name: 'item', op: 'equals', value: 'nothing' }] },
      // The same order number among other conditions: its candidates still bound the sample.
      variableRareOnWebchat: {
        conditions: [
          { field: 'variable', name: 'order', op: 'equals', value: 'O-777' },
          { field: 'channel', channels: ['webchat'] },
        ],
      },
      goalReached: { conditions: [{ field: 'goal', reached: true }] },
      lastSeenAfter: {
        conditions: [
          { field: 'lastSeen', op: 'after', at: new Date(Date.now() - 30 * 86_400_000).toISOString() },
        ],
      },
    };
    const counts: Record<string, unknown> = {};
    const plans: Record<string, string[]> = {};
    for (const [name, filter] of Object.entries(filters)) {
      const preview: number[] = [];
      const countOnly: number[] = [];
      let count = 0;
      const parsed = audienceFilterSchema.parse(filter);
      let bound: CandidateBound | undefined;
      for (let run = 0; run < RUNS; run++) {
        let started = performance.now();
        const answer = await json<{ count: number }>('POST', '/api/audiences/preview', owner, { filter });
        preview.push(performance.now() - started);
        count = answer.count;
        // The count as the preview makes it: its candidates bounded first, if it has any.
        started = performance.now();
        ({ bound } = await countWithBound(db, companyId, parsed));
        countOnly.push(performance.now() - started);
      }
      // The count's plan and its time inside the server (less what the load adds to a round trip).
      const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers)
        ${countStatement(companyId, parsed, bound)}`.execute(db);
      const lines = plan.rows.map((row) => row['QUERY PLAN']);
      plans[name] = lines;
      preview.sort((a, b) => a - b);
      countOnly.sort((a, b) => a - b);
      // The sample as it was found before candidates: walking the contacts newest first.
      const walked = performance.now();
      if (name.startsWith('variable')) await sampleContacts(db, companyId, parsed, 10);
      counts[name] = {
        matched: count,
        previewP50: round(percentile(preview, 50)),
        previewP95: round(percentile(preview, 95)),
        countP95: round(percentile(countOnly, 95)),
        explainMs: Number(/Execution Time: ([0-9.]+)/.exec(lines.join('\n'))?.[1] ?? Number.NaN),
        ...(name.startsWith('variable') ? { sampleScanMs: round(performance.now() - walked) } : {}),
      };
    }
    out.counts = counts;
    if (process.env.BENCH_BROADCASTS_PLANS === '1') out.plans = plans;

    // What the turns of a busy minute leave for the job (migration 0051): STALE contacts whose copy
    // changed (a third of them had the blue kettle, now a green cup), counted before the job folds
    // them, from their copies; then the fold, and the count again.
    await sql`update contacts set variables = variables || '{"item": "green cup"}'
      where id in (select md5('contact' || g)::uuid from generate_series(3, ${STALE * 3}, 3) g)`.execute(db);
    const equals = audienceFilterSchema.parse(filters.variableEquals);
    const staleCounts: number[] = [];
    let staleMatched = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      staleMatched = await countContacts(db, companyId, equals);
      staleCounts.push(performance.now() - started);
    }
    staleCounts.sort((a, b) => a - b);
    // The job may have come meanwhile (once a minute, every ten seconds while it finds some): then
    // fewer were counted stale.
    const staleLeft = await sql<{ n: number }>`
      select count(distinct contact_id)::int as n from contact_variables_stale`.execute(db);
    const stalePlan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers)
      ${countStatement(companyId, equals)}`.execute(db);
    const folding = performance.now();
    const folded = await foldStaleContactVariables(db);
    const foldMs = performance.now() - folding;
    out.staleContacts = {
      contacts: STALE,
      staleAfterCounts: staleLeft.rows[0]?.n,
      matched: staleMatched,
      countP95: round(percentile(staleCounts, 95)),
      explainMs: Number(
        /Execution Time: ([0-9.]+)/.exec(stalePlan.rows.map((row) => row['QUERY PLAN']).join('\n'))?.[1] ??
          Number.NaN,
      ),
      // Less than STALE if the job folded some first.
      folded,
      foldMs: round(foldMs),
      matchedFolded: await countContacts(db, companyId, equals),
    };

    // A tenth of them: 100 000 of 1 000 000.
    const audience = await json<{ id: string }>('POST', '/api/audiences', owner, {
      name: 'Segment s3',
      filter: { conditions: [{ field: 'variable', name: 'segment', op: 'equals', value: 's3' }] },
    });
    const started = performance.now();
    const broadcast = await json<Broadcast>('POST', '/api/broadcasts', owner, {
      name: 'Back in stock',
      botId: bot.id,
      audienceId: audience.id,
      channels: ['webchat'],
      message: { type: 'text', text: 'Hi {{ user.name }}, the blue kettle is back!' },
    });
    const enqueueMs = performance.now() - started;
    const recipients = await db
      .selectFrom('broadcast_recipients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('broadcast_id', '=', broadcast.id)
      .executeTakeFirstOrThrow();
    out.enqueue = { recipients: Number(recipients.n), ms: round(enqueueMs) };

    // Delivered by the jobs (woken by the create); sampled every second.
    const sendStarted = performance.now();
    let sent = 0;
    while (performance.now() - sendStarted < SEND_SECONDS * 1000 && sent < Number(recipients.n)) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const row = await db
        .selectFrom('broadcast_recipients')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('broadcast_id', '=', broadcast.id)
        .where('state', '=', 'sent')
        .executeTakeFirstOrThrow();
      sent = Number(row.n);
    }
    const seconds = (performance.now() - sendStarted) / 1000;
    out.delivery = { sent, seconds: round(seconds), perSecond: Math.round(sent / seconds) };
    if (sent < Number(recipients.n)) {
      await json('POST', `/api/broadcasts/${broadcast.id}/cancel`, owner);
      // The batch sending now finds its recipients cancelled and ends before the pool does.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    console.log(JSON.stringify(out, null, 2));
  } finally {
    await app.close();
    if (process.env.BENCH_BROADCASTS_KEEP !== '1') await benchDb.drop();
    else console.log(`kept ${benchDb.name}`);
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
