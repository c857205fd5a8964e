/**
 * Reports at scale on PostgreSQL: 10 000 000 events over 90 days (the widget's page views and opens,
 * and the conversations' log events), rolled up by the real rollup, then p50/p95 of every report
 * endpoint (through Fastify, in process) for a 90-day range. Prints JSON.
 *
 * The events are copies of real ones: a few conversations are driven through the chat API and a
 * few telemetry batches through the collector, then their stored rows are replicated in bulk with
 * SQL (new ids, times spread over 90 days, varied texts, pages and visitors).
 *
 * Takes several minutes. BENCH_REPORTS_SCALE=0.1 for a tenth; BENCH_REPORTS_KEEP=1 keeps the
 * database afterwards.
 *
 * @bench-cores all (PostgreSQL and the server share the machine)
 */
import { randomUUID } from 'node:crypto';
import type { AuthRecord, BotDetail, StartConversationResponse, WebchatConfig } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import { rollUpReports } from '../apps/server/src/features/reports/reports.service';
import { testConfig } from '../apps/server/test/test-app';
import { createBenchDatabase } from './bench-database';
import { BENCH_PASSWORD, createBenchOwner } from './bench-owner';
import { percentile } from './stats';

const SCALE = Number(process.env.BENCH_REPORTS_SCALE ?? 1);
const EVENTS = Math.round(10_000_000 * SCALE);
const DAYS = 90;
/** Widget sessions; each has 1–5 page views (3 on average) and 45 % open the chat. */
const SESSIONS = Math.round(1_000_000 * SCALE);
const SESSIONS_PER_VISITOR = 2.5;
const RUNS = 100;
/** A slow scenario stops early (its runs are reported). */
const SCENARIO_BUDGET_MS = 15_000;
/** Other companies of the same industry (the median needs five). */
const PEERS = 8;

/** A shop bot: goals with values, free text that falls back, a handoff, an e-mail input. */
const button = (id: string, label: string) => ({ id, label, action: { type: 'goto' as const } });
const shopFlow = flowFixture()
  .module(
    'start',
    'buttons',
    {
      text: 'Hi! What would you like?',
      buttons: [
        button('buy', 'Buy a gift card'),
        button('news', 'Newsletter'),
        button('track', 'Track my order'),
        button('help', 'Talk to a person'),
      ],
    },
    { 'button:buy': 'bought', 'button:news': 'email', 'button:track': 'track', 'button:help': 'person' },
    { name: 'Welcome' },
  )
  .module(
    'bought',
    'text',
    { text: 'Done! Your gift card is on its way.' },
    { next: 'more' },
    { name: 'Gift card bought', isGoal: true, goalValue: 25 },
  )
  .module(
    'more',
    'buttons',
    { text: 'Anything else?', buttons: [button('again', 'Yes'), button('bye', 'No, thanks')] },
    { 'button:again': 'start', 'button:bye': 'end' },
    { name: 'Anything else' },
  )
  .module(
    'email',
    'input',
    { prompt: 'Your e-mail address?', variable: 'email', validator: { type: 'email' } },
    { next: 'subscribed' },
    { name: 'Newsletter e-mail' },
  )
  .module(
    'subscribed',
    'text',
    { text: 'You are subscribed.' },
    { next: 'more' },
    { name: 'Subscribed', isGoal: true },
  )
  .module('track', 'text', { text: 'Your parcel is on its way.' }, { next: 'more' }, { name: 'Tracking' })
  .module(
    'person',
    'handoff',
    { message: 'Connecting you…', reason: 'Asked for help' },
    {},
    { name: 'To a person' },
  )
  .module('end', 'end', { message: 'Bye!' }, {}, { name: 'Goodbye' });

type Step = { press: [module: string, button: string, label: string] } | { say: string };

/**
 * What visitors do, with how many of every 20 conversations do it. Texts in capitals are replaced
 * in the copies: FREE TEXT by varied questions, the e-mail address by one per conversation.
 */
const SCRIPTS: { name: string; weight: number; steps: Step[] }[] = [
  { name: 'opens and leaves', weight: 6, steps: [] },
  {
    name: 'buys',
    weight: 3,
    steps: [{ press: ['start', 'buy', 'Buy a gift card'] }, { press: ['more', 'bye', 'No, thanks'] }],
  },
  {
    name: 'subscribes',
    weight: 2,
    steps: [
      { press: ['start', 'news', 'Newsletter'] },
      { say: 'ANN@EXAMPLE.COM' },
      { press: ['more', 'bye', 'No, thanks'] },
    ],
  },
  {
    name: 'tracks, then buys',
    weight: 4,
    steps: [
      { press: ['start', 'track', 'Track my order'] },
      { press: ['more', 'again', 'Yes'] },
      { press: ['start', 'buy', 'Buy a gift card'] },
    ],
  },
  {
    name: 'is not understood and asks for a person',
    weight: 2,
    steps: [
      { say: 'FREE TEXT ONE' },
      { say: 'FREE TEXT TWO' },
      { press: ['start', 'help', 'Talk to a person'] },
    ],
  },
  {
    name: 'is not understood, then tracks',
    weight: 3,
    steps: [
      { say: 'FREE TEXT ONE' },
      { press: ['start', 'track', 'Track my order'] },
      { press: ['more', 'bye', 'No, thanks'] },
    ],
  },
];

interface Deployed {
  companyId: string;
  botId: string;
  deploymentId: string;
  key: string;
}

async function main() {
  const benchDb = await createBenchDatabase('parley_reports_bench');
  const database = await createDatabase({ engine: 'postgres', url: benchDb.url });
  // Every simulated visitor comes from this machine's address.
  const config = testConfig({
    PUBLIC_URL: 'http://127.0.0.1',
    CHAT_RATE_LIMIT_PER_IP: '100000000',
    CHAT_RATE_LIMIT_PER_CONVERSATION: '100000000',
  });
  const app = await buildApp({ config, database, jobPollingIntervalSeconds: 60 });
  const { db } = database;
  // The bench runs the rollup itself (the once-a-minute job would take in the data as it is made).
  await sql`delete from pgboss.schedule where name = 'report-rollup'`.execute(db);
  try {
    const json = async <T>(
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      headers: Record<string, string> = {},
      payload?: object | string,
    ) => {
      const response = await app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
      return response.body ? response.json<T>() : (undefined as T);
    };
    const owner = async (company: string) => {
      const email = `${company.toLowerCase().replace(/\W+/g, '-')}@parley.test`;
      await createBenchOwner(db, email, company);
      const auth = await json<AuthRecord>('POST', '/api/auth/login', {}, { email, password: BENCH_PASSWORD });
      return { authorization: `JWT ${auth.token}` };
    };
    const deploy = async (headers: Record<string, string>, botName: string): Promise<Deployed> => {
      const bot = await json<BotDetail>('POST', '/api/bots', headers, { name: botName, language: 'en' });
      await json('PUT', `/api/bots/${bot.id}/flow`, headers, { flow: shopFlow.onto(bot.flow) });
      await json('POST', `/api/bots/${bot.id}/publish`, headers);
      const deployment = await json<{ id: string; key: string }>(
        'POST',
        `/api/bots/${bot.id}/deployments`,
        headers,
        { channel: 'webchat' },
      );
      const { company_id } = await db
        .selectFrom('bots')
        .select('company_id')
        .where('id', '=', bot.id)
        .executeTakeFirstOrThrow();
      return { companyId: company_id, botId: bot.id, deploymentId: deployment.id, key: deployment.key };
    };

    const busy = await owner('Busy Shop');
    const main = await deploy(busy, 'Shop assistant');
    const second = await deploy(busy, 'Returns desk');
    const peers: Deployed[] = [];
    for (let index = 0; index < PEERS; index++)
      peers.push(await deploy(await owner(`Peer Shop ${index + 1}`), 'Assistant'));
    await sql`update companies set industry = 'retail'`.execute(db);

    // Real conversations, one per script, on the main bot: their stored events are the templates.
    const templateConversations: string[] = [];
    for (const script of SCRIPTS) {
      const conversation = await json<StartConversationResponse>(
        'POST',
        '/api/chat/conversations',
        {},
        {
          deploymentKey: main.key,
          page: { url: 'https://shop.example/pricing', domain: 'shop.example' },
        },
      );
      for (const step of script.steps) {
        const payload =
          'say' in step
            ? { text: step.say }
            : { postback: `parley:button:${step.press[0]}:${step.press[1]}`, label: step.press[2] };
        await json(
          'POST',
          `/api/chat/conversations/${conversation.conversationId}/messages`,
          { authorization: `Bearer ${conversation.token}` },
          payload,
        );
      }
      templateConversations.push(conversation.conversationId);
    }
    // And what the widget's loader sends for a page view and an open (see packages/webchat/src/loader.ts).
    const widget = await json<WebchatConfig>('GET', `/api/chat/deployments/${main.key}/config`);
    const sendPageViewAndOpen = (visitor: string) => {
      const session = randomUUID();
      return json(
        'POST',
        widget.telemetry.endpointPath,
        { 'content-type': 'text/plain' },
        JSON.stringify(
          (['page', 'open'] as const).map((type) => ({
            name: `Microsoft.ApplicationInsights.${type === 'page' ? 'Pageview' : 'Event'}`,
            time: new Date().toISOString(),
            iKey: widget.telemetry.instrumentationKey,
            tags: { 'ai.session.id': session, 'ai.user.id': visitor, 'ai.cloud.role': 'webchat' },
            data: {
              baseType: type === 'page' ? 'PageviewData' : 'EventData',
              baseData: {
                ver: 2,
                name: type === 'page' ? 'Pricing' : 'Chat Opened',
                ...(type === 'page' ? { url: 'https://shop.example/pricing' } : {}),
                properties: {
                  'Page Domain': 'shop.example',
                  'Page URL': 'https://shop.example/pricing',
                  'Deployment Key': main.key,
                },
              },
            },
          })),
        ),
      );
    };
    await sendPageViewAndOpen('visitor-template');

    // ---- Replicating them --------------------------------------------------------------------
    const generating = performance.now();
    const deployments = [main, second, ...peers];
    // Of every 100 conversations and sessions: 85 on the main bot, 5 on the company's second bot,
    // the rest spread over the peers.
    await sql`create table bench_deployments (slot int, company_id uuid, bot_id uuid, deployment_id uuid, key text)`.execute(
      db,
    );
    for (const [index, deployed] of deployments.entries())
      await sql`insert into bench_deployments values (${index}, ${deployed.companyId}, ${deployed.botId},
        ${deployed.deploymentId}, ${deployed.key})`.execute(db);
    // A time in the last 90 days (none in the future), denser in the afternoon.
    const spreadOverTheDays = (n: string) =>
      sql.raw(`least(date_trunc('day', now()) - ((${n} * 0.618033988749895)::numeric % ${DAYS})::int * interval '1 day'
        + (6 + 16 * sqrt(((${n} * 0.754877666) % 1)::float8)) * interval '1 hour', now() - interval '10 minutes')`);
    const slotOf = (n: string) =>
      sql.raw(`case when ${n} % 100 < 85 then 0 when ${n} % 100 < 90 then 1 else 2 + ${n} % ${PEERS} end`);

    // The templates: each script's log rows, times made relative to the conversation's start.
    await sql`create table bench_scripts (script int, weight int)`.execute(db);
    await sql`create table bench_template_logs (script int, offset_ms bigint, events jsonb)`.execute(db);
    for (const [index, conversationId] of templateConversations.entries()) {
      await sql`insert into bench_scripts values (${index}, ${SCRIPTS[index]?.weight ?? 0})`.execute(db);
      await sql`
        insert into bench_template_logs
        select ${index}, (extract(epoch from log.occurred_at - c.created_at) * 1000)::bigint,
          (select jsonb_agg(jsonb_set(e, '{at}', to_jsonb((e->>'at')::bigint
             - (extract(epoch from c.created_at) * 1000)::bigint)) order by p)
           from jsonb_array_elements(log.events) with ordinality as x(e, p))
        from conversation_event_log as log join conversations as c on c.id = log.conversation_id
        where log.conversation_id = ${conversationId}`.execute(db);
    }
    const eventsPerConversation = await sql<{ events: number }>`
      select sum(s.weight * jsonb_array_length(t.events))::float8 / (select sum(weight) from bench_scripts) as events
      from bench_template_logs as t join bench_scripts as s using (script)`.execute(db);
    const telemetryItems = Math.round(SESSIONS * 3.45);
    const conversations = Math.round(
      (EVENTS - telemetryItems) / (eventsPerConversation.rows[0]?.events ?? 13),
    );
    // Scripts by weight: conversation n follows the script whose cumulative weight band holds n % 20.
    await sql`create table bench_script_bands as
      select script, sum(weight) over (order by script) - weight as low, sum(weight) over (order by script) as high
      from bench_scripts`.execute(db);

    await sql`
      create table bench_conversations as
      select gen_random_uuid() as id, g as n, d.company_id, d.bot_id, d.deployment_id,
             ${spreadOverTheDays('g')} as created_at,
             case when g % 10 < 7 then 'shop.example' when g % 10 < 9 then 'blog.example' else 'help.example' end as domain,
             b.script
      from generate_series(1::bigint, ${conversations}) as g
      join bench_deployments as d on d.slot = ${slotOf('g')}
      join bench_script_bands as b on (g * 7) % 20 >= b.low and (g * 7) % 20 < b.high`.execute(db);
    await sql`
      insert into conversations (id, company_id, bot_id, deployment_id, token_hash, status, state, channel,
        page_domain, url, message_count, created_at, updated_at, last_message_at)
      select c.id, c.company_id, c.bot_id, c.deployment_id, md5(c.n::text), 'ended',
             '{"schemaVersion":1,"variables":{}}'::jsonb, 'webchat', c.domain, 'https://' || c.domain || '/',
             4, c.created_at, c.created_at, c.created_at + interval '2 minutes'
      from bench_conversations as c`.execute(db);
    // Free texts: half from a hundred common questions (a long head), half all but unique.
    await sql`
      insert into conversation_event_log (conversation_id, company_id, bot_id, deployment_id, occurred_at, events)
      select c.id, c.company_id, c.bot_id, c.deployment_id, c.created_at + t.offset_ms * interval '1 millisecond',
        (select jsonb_agg(jsonb_set(
            case when e->'data'->>'text' like 'FREE TEXT%' then jsonb_set(e, '{data,text}', to_jsonb(
                   case when (c.n + length(e->'data'->>'text')) % 2 = 0
                     then (array['do you ship to', 'can I pay with', 'opening hours in', 'is there a store in',
                                 'gift wrapping for'])[1 + (c.n / 7) % 5] || ' ' ||
                          (array['Mars', 'Paris', 'PayPal', 'Berlin', 'Madrid', 'bitcoin', 'Rome', 'Oslo', 'Lima',
                                 'Tokyo', 'Seoul', 'Cairo', 'Quito', 'Porto', 'Kyiv', 'Accra', 'Riga', 'Bern',
                                 'Doha', 'Baku'])[1 + floor(20 * power(((c.n * 7919) % 10007) / 10007.0, 3))::int]
                     else 'where is order ' || (c.n * 31 + length(e->'data'->>'text')) % 1000003 end))
                 when e->'data'->>'text' = 'ANN@EXAMPLE.COM'
                   then jsonb_set(e, '{data,text}', to_jsonb('visitor' || c.n || '@example.com'))
                 else e end,
            '{at}', to_jsonb((extract(epoch from c.created_at) * 1000)::bigint + (e->>'at')::bigint)) order by p)
         from jsonb_array_elements(t.events) with ordinality as x(e, p))
      from bench_conversations as c join bench_template_logs as t on t.script = c.script`.execute(db);
    console.error(`conversations generated (${conversations})`);

    // The widget: sessions of a visitor (2.5 each) on one domain, 1–5 page views of 200 pages
    // (popular ones more often), 45 % opening the chat.
    await sql`
      create table bench_sessions as
      select g as n, d.key, gen_random_uuid()::text as session_id,
             'visitor-' || (g % ${Math.round(SESSIONS / SESSIONS_PER_VISITOR)}) as visitor_id,
             case when g % 10 < 7 then 'shop.example' when g % 10 < 9 then 'blog.example' else 'help.example' end as domain,
             ${spreadOverTheDays('g')} as at,
             1 + (g * 13) % 5 as pages, (g * 17) % 100 < 45 as opened
      from generate_series(1::bigint, ${SESSIONS}) as g
      join bench_deployments as d on d.slot = ${slotOf('g')}`.execute(db);
    await sql`
      insert into telemetry_events (received_at, occurred_at, instrumentation_key, base_type, name, url,
        session_id, properties, tags)
      select s.at + v.k * interval '40 seconds', s.at + v.k * interval '40 seconds', t.instrumentation_key,
             case when v.k = 0 then 'EventData' else 'PageviewData' end,
             case when v.k = 0 then 'Chat Opened' else 'Page ' || page.n end,
             case when v.k = 0 then null else page.url end,
             s.session_id,
             jsonb_build_object('Page URL', page.url, 'Page Domain', s.domain, 'Deployment Key', s.key),
             jsonb_build_object('ai.user.id', s.visitor_id, 'ai.cloud.role', 'webchat', 'ai.session.id', s.session_id)
      from bench_sessions as s
      cross join (select instrumentation_key from telemetry_events limit 1) as t
      cross join lateral (select k from generate_series(case when s.opened then 0 else 1 end, s.pages) as k) as v
      cross join lateral (select floor(200 * power((((s.n + v.k) * 7919) % 10007) / 10007.0, 2))::int as n) as p
      cross join lateral (select p.n, 'https://' || s.domain || case when p.n = 0 then '/' else '/page-' || p.n end as url) as page`.execute(
      db,
    );
    const counted = await sql<{ telemetry: number; events: number }>`
      select (select count(*) from telemetry_events)::int as telemetry,
             (select sum(jsonb_array_length(events)) from conversation_event_log)::int as events`.execute(db);
    await sql`drop table bench_sessions, bench_conversations, bench_template_logs, bench_script_bands,
      bench_scripts, bench_deployments`.execute(db);
    await sql`vacuum analyze`.execute(db);
    const generatedSeconds = Math.round((performance.now() - generating) / 1000);
    console.error('generated', counted.rows[0]);

    // ---- The rollup: catching up on everything, then one minute's worth -------------------------
    let began = performance.now();
    const caughtUp = await rollUpReports(db);
    const catchUpSeconds = Number(((performance.now() - began) / 1000).toFixed(1));
    console.error('rolled up', catchUpSeconds, caughtUp);
    // What autovacuum does after a load like this one: statistics and the visibility map.
    await sql`vacuum analyze`.execute(db);
    const minuteConversations = Math.max(1, Math.round(conversations / DAYS / 1440));
    for (let index = 0; index < minuteConversations; index++) {
      const script = SCRIPTS[index % SCRIPTS.length] as (typeof SCRIPTS)[number];
      const conversation = await json<StartConversationResponse>(
        'POST',
        '/api/chat/conversations',
        {},
        {
          deploymentKey: main.key,
          page: { url: 'https://shop.example/', domain: 'shop.example' },
        },
      );
      for (const step of script.steps)
        await json(
          'POST',
          `/api/chat/conversations/${conversation.conversationId}/messages`,
          { authorization: `Bearer ${conversation.token}` },
          'say' in step
            ? { text: step.say }
            : { postback: `parley:button:${step.press[0]}:${step.press[1]}`, label: step.press[2] },
        );
    }
    const minuteSessions = Math.max(1, Math.round(SESSIONS / DAYS / 1440));
    for (let index = 0; index < minuteSessions; index++) await sendPageViewAndOpen(`visitor-minute-${index}`);
    const incremental: number[] = [];
    for (let run = 0; run < 5; run++) {
      began = performance.now();
      await rollUpReports(db);
      incremental.push(Number((performance.now() - began).toFixed(1)));
    }

    // ---- The reports, for 90 days ---------------------------------------------------------------
    const today = new Date().toISOString().slice(0, 10);
    const range = `from=${new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10)}&to=${today}`;
    const bot = `botId=${main.botId}&${range}`;
    const scenarios: Record<string, string> = {
      traffic: `/api/reports/traffic?${bot}`,
      trafficCompared: `/api/reports/traffic?${bot}&compare=true`,
      trafficOneDomain: `/api/reports/traffic?${bot}&domain=blog.example`,
      trafficAllBots: `/api/reports/traffic?${range}`,
      domains: `/api/reports/insights/domains?botId=${main.botId}`,
      business: `/api/reports/business?${bot}`,
      businessCompared: `/api/reports/business?${bot}&compare=true`,
      businessAllBots: `/api/reports/business?${range}&compare=true`,
      messages: `/api/reports/messages?${bot}`,
      messagesCompared: `/api/reports/messages?${bot}&compare=true`,
      messagesAllBots: `/api/reports/messages?${range}`,
      funnel: `/api/reports/funnel?${bot}&steps=start,track,more,bought`,
      funnelRareStart: `/api/reports/funnel?${bot}&steps=person,start`,
      paths: `/api/reports/paths?${bot}&moduleId=start`,
      pathsAfterMore: `/api/reports/paths?${bot}&moduleId=more`,
    };
    const results: Record<string, { p50Ms: number; p95Ms: number; runs: number }> = {};
    for (const [scenario, path] of Object.entries(scenarios)) {
      const times: number[] = [];
      began = performance.now();
      for (let run = 0; run < RUNS && performance.now() - began < SCENARIO_BUDGET_MS; run++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: path, headers: busy });
        times.push(performance.now() - started);
        if (response.statusCode !== 200)
          throw new Error(`${scenario}: ${response.statusCode} ${response.body}`);
        if (run === 0 && process.env.BENCH_REPORTS_SHOW === '1') console.error(response.body.slice(0, 1500));
      }
      times.sort((a, b) => a - b);
      results[scenario] = {
        p50Ms: Number(percentile(times, 50).toFixed(2)),
        p95Ms: Number(percentile(times, 95).toFixed(2)),
        runs: times.length,
      };
      console.error(scenario, JSON.stringify(results[scenario]));
    }
    const sizes = await sql<{ table: string; rows: number }>`
      select relname as table, n_live_tup::int as rows from pg_stat_user_tables
      where relname like 'report_%' order by relname`.execute(db);
    console.log(
      JSON.stringify(
        {
          benchmark: 'reports',
          events: counted.rows[0],
          conversations,
          sessions: SESSIONS,
          generatedSeconds,
          rollup: { catchUpSeconds, minuteConversations, minuteSessions, incrementalMs: incremental },
          rollupRows: Object.fromEntries(sizes.rows.map((row) => [row.table, row.rows])),
          runsPerScenario: RUNS,
          results,
        },
        null,
        2,
      ),
    );
  } finally {
    await app.close();
    // BENCH_REPORTS_KEEP=1 leaves the database for looking into plans (its name is printed).
    if (process.env.BENCH_REPORTS_KEEP === '1') console.error(`kept database ${benchDb.name}`);
    else await benchDb.drop();
  }
}

await main();
