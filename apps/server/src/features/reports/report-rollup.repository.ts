import { EVENT } from '@parley/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Queryable } from '../../db/database';
import { eventLiteral, eventLiterals } from '../../db/event-sql';

export type RollupSource = 'conversations' | 'traffic';

/** What one run folded in. */
export interface RollupRun {
  source: RollupSource;
  /** Event-log rows (conversations) or telemetry items (traffic) read. */
  rows: number;
  /** False when another process was already rolling this source up. */
  ran: boolean;
}

/**
 * Folds into the rollups what was stored since the last run: the rows written by transactions that
 * finished since then (their ids lie between the last run's horizon and the oldest transaction
 * still running now). One transaction per source, so a run counts a row exactly once or not at all.
 */
export async function rollUpSource(db: Db, source: RollupSource): Promise<RollupRun> {
  return db.transaction().execute(async (trx) => {
    const state = await sql<{ next_xid: string }>`
      select next_xid::text from report_rollup_state where source = ${source} for update skip locked`.execute(
      trx,
    );
    const from = state.rows[0]?.next_xid;
    if (from === undefined) return { source, rows: 0, ran: false };
    const horizon = await sql<{ upto: string }>`
      select pg_snapshot_xmin(pg_current_snapshot())::text as upto`.execute(trx);
    const upto = horizon.rows[0]?.upto ?? from;
    const rows =
      source === 'conversations' ? await foldEvents(trx, from, upto) : await foldTelemetry(trx, from, upto);
    await sql`update report_rollup_state set next_xid = greatest(next_xid, ${upto}::xid8), rolled_up_at = now()
      where source = ${source}`.execute(trx);
    return { source, rows, ran: true };
  });
}

/** When each source was last rolled up (null: never). */
export async function rolledUpAt(db: Queryable): Promise<Date | null> {
  const result = await sql<{ at: Date | null }>`
    select min(rolled_up_at) as at from report_rollup_state`.execute(db);
  return result.rows[0]?.at ?? null;
}

/**
 * A temp table for this run (dropped at commit), analyzed: autovacuum never sees temp tables, and
 * without statistics the planner guessed 1 200 rows for four changed hours and merge-joined all of
 * `report_conversations` (440 ms, 1 ms with statistics, at 500 000 conversations).
 */
async function batchTable(db: Queryable, name: string, query: RawBuilder<unknown>): Promise<void> {
  await sql`create temp table ${sql.table(name)} on commit drop as ${query}`.execute(db);
  await sql`analyze ${sql.table(name)}`.execute(db);
}

async function countRows(db: Queryable, table: string): Promise<number> {
  const result = await sql<{ rows: number }>`select count(*)::int as rows from ${sql.table(table)}`.execute(
    db,
  );
  return result.rows[0]?.rows ?? 0;
}

const normalizedText = sql`left(lower(btrim(regexp_replace(coalesce(data->>'text', ''), '\\s+', ' ', 'g'))), 200)`;

async function foldEvents(db: Queryable, from: string, upto: string): Promise<number> {
  // Test conversations (the tester and the debugger) are the builders' own: never in reports.
  await batchTable(
    db,
    'report_event_batch',
    sql`
    select log.conversation_id, log.company_id, log.bot_id, c.channel,
           coalesce(lower(c.page_domain), '') as domain, c.created_at as started_at,
           log.id as log_id, event.position, event.value->>'name' as name,
           event.value->'dimensions' as dimensions, event.value->'data' as data,
           (to_timestamp((event.value->>'at')::float8 / 1000) at time zone 'UTC')::date as day
    from conversation_event_log as log
    join conversations as c on c.id = log.conversation_id
    cross join lateral jsonb_array_elements(log.events) with ordinality as event(value, position)
    where log.xid >= ${from}::xid8 and log.xid < ${upto}::xid8 and c.channel <> 'tester'`,
  );
  const rows = await countRows(db, 'report_event_batch');
  if (rows === 0) return 0;

  // The shapes the batch's conversations had before it: they move to their new shapes below.
  await batchTable(
    db,
    'report_shape_moves',
    sql`
    select r.company_id, r.bot_id, (r.started_at at time zone 'UTC')::date as day,
           report_length_bucket(r.user_messages) as length_bucket, r.modules, -1 as conversations
    from report_conversations as r
    where r.conversation_id in (select distinct conversation_id from report_event_batch)`,
  );
  // Each conversation's modules in the order they ran: appended to the steps it had (see
  // migration 0015), so a visit back to an earlier module stays in its path.
  await batchTable(
    db,
    'report_visit_batch',
    sql`
    select conversation_id, array_agg(dimensions->>'Bot Module ID' order by log_id, position) as modules
    from report_event_batch where name = ${eventLiteral(EVENT.ModuleExecuted)}
    group by conversation_id`,
  );
  await sql`
    insert into report_conversations as r (conversation_id, company_id, bot_id, channel, domain, started_at,
      user_messages, bot_messages, agent_messages, fallbacks, goals, handed_off, modules)
    select conversation_id, company_id, bot_id, channel, domain, started_at,
           count(*) filter (where name = ${eventLiteral(EVENT.MessageReceived)}),
           coalesce(sum((data->>'count')::int) filter (where name = ${eventLiteral(EVENT.MessageSent)}), 0),
           count(*) filter (where name = ${eventLiteral(EVENT.AgentMessageSent)}),
           count(*) filter (where name = ${eventLiteral(EVENT.Fallback)}),
           count(*) filter (where name = ${eventLiteral(EVENT.GoalReached)}),
           bool_or(name = ${eventLiteral(EVENT.HandoffRequested)} or (name = ${eventLiteral(EVENT.PassControl)} and data->>'to' = 'agent')),
           report_path_steps('{}', (select v.modules from report_visit_batch as v
             where v.conversation_id = report_event_batch.conversation_id))
    from report_event_batch
    group by conversation_id, company_id, bot_id, channel, domain, started_at
    on conflict (conversation_id) do update set
      user_messages = r.user_messages + excluded.user_messages,
      bot_messages = r.bot_messages + excluded.bot_messages,
      agent_messages = r.agent_messages + excluded.agent_messages,
      fallbacks = r.fallbacks + excluded.fallbacks,
      goals = r.goals + excluded.goals,
      handed_off = r.handed_off or excluded.handed_off,
      modules = report_path_steps(r.modules, (select v.modules from report_visit_batch as v
        where v.conversation_id = excluded.conversation_id))`.execute(db);

  await sql`
    insert into report_shape_moves
    select r.company_id, r.bot_id, (r.started_at at time zone 'UTC')::date,
           report_length_bucket(r.user_messages), r.modules, 1
    from report_conversations as r
    where r.conversation_id in (select distinct conversation_id from report_event_batch)`.execute(db);
  await sql`
    insert into report_conversation_shapes as s (company_id, bot_id, day, length_bucket, modules, conversations)
    select company_id, bot_id, day, length_bucket, modules, sum(conversations)
    from report_shape_moves
    group by company_id, bot_id, day, length_bucket, modules
    having sum(conversations) <> 0
    on conflict (company_id, bot_id, day, length_bucket, modules) do update set
      conversations = s.conversations + excluded.conversations`.execute(db);
  await sql`
    delete from report_conversation_shapes as s
    using (select distinct company_id, bot_id, day from report_shape_moves) as moved
    where s.company_id = moved.company_id and s.bot_id = moved.bot_id and s.day = moved.day
      and s.conversations = 0`.execute(db);

  // The hours whose conversations changed are counted again from their conversations.
  await batchTable(
    db,
    'report_changed_hours',
    sql`
    select distinct company_id, bot_id, date_trunc('hour', started_at, 'UTC') as hour from report_event_batch`,
  );
  await sql`
    delete from report_conversation_hours as h using report_changed_hours as changed
    where h.company_id = changed.company_id and h.bot_id = changed.bot_id and h.hour = changed.hour`.execute(
    db,
  );
  await sql`
    insert into report_conversation_hours (company_id, bot_id, hour, channel, domain, conversations,
      goal_conversations, goals, handoff_conversations, user_messages, bot_messages, agent_messages, fallbacks)
    select r.company_id, r.bot_id, changed.hour, r.channel, r.domain, count(*),
           count(*) filter (where r.goals > 0), sum(r.goals), count(*) filter (where r.handed_off),
           sum(r.user_messages), sum(r.bot_messages), sum(r.agent_messages), sum(r.fallbacks)
    from report_changed_hours as changed
    join report_conversations as r on r.company_id = changed.company_id and r.bot_id = changed.bot_id
      and r.started_at >= changed.hour and r.started_at < changed.hour + interval '1 hour'
    group by r.company_id, r.bot_id, changed.hour, r.channel, r.domain`.execute(db);

  await batchTable(
    db,
    'report_text_batch',
    sql`
    select company_id, bot_id, day, kind, text, detail, count(*)::int as count, sum(score) as score
    from (
      select company_id, bot_id, day,
             case when name = ${eventLiteral(EVENT.MessageReceived)} and data->>'kind' = 'postback' then 'button'
                  when name = ${eventLiteral(EVENT.MessageReceived)} then 'message'
                  when name = ${eventLiteral(EVENT.Fallback)} then 'unrecognized'
                  else 'low_confidence' end as kind,
             case when name = ${eventLiteral(EVENT.MessageReceived)} and data->>'kind' = 'postback'
                  then left(btrim(coalesce(data->>'text', '')), 200)
                  else ${normalizedText} end as text,
             case when name = ${eventLiteral(EVENT.LowConfidencePrediction)} then coalesce(data->>'intent', '') else '' end as detail,
             case when name = ${eventLiteral(EVENT.LowConfidencePrediction)} then coalesce((data->>'confidence')::float8, 0) else 0 end as score
      from report_event_batch
      where name in (${eventLiterals([EVENT.MessageReceived, EVENT.Fallback, EVENT.LowConfidencePrediction])})
    ) as texts
    where text <> ''
    group by company_id, bot_id, day, kind, text, detail`,
  );
  await sql`
    insert into report_texts as t (company_id, bot_id, day, kind, text, detail, count, score)
    select company_id, bot_id, day, kind, text, detail, count, score from report_text_batch
    on conflict (company_id, bot_id, kind, day, text, detail) do update set
      count = t.count + excluded.count, score = t.score + excluded.score`.execute(db);
  await sql`
    insert into report_text_totals as t (company_id, bot_id, kind, text, detail, count)
    select company_id, bot_id, kind, text, detail, sum(count) from report_text_batch
    group by company_id, bot_id, kind, text, detail
    on conflict (company_id, bot_id, kind, text, detail) do update set count = t.count + excluded.count`.execute(
    db,
  );

  await sql`
    insert into report_module_days as m (company_id, bot_id, day, module_id, visits, goals)
    select company_id, bot_id, day, dimensions->>'Bot Module ID',
           count(*) filter (where name = ${eventLiteral(EVENT.ModuleExecuted)}), count(*) filter (where name = ${eventLiteral(EVENT.GoalReached)})
    from report_event_batch
    where name in (${eventLiterals([EVENT.ModuleExecuted, EVENT.GoalReached])}) and dimensions->>'Bot Module ID' is not null
    group by company_id, bot_id, day, dimensions->>'Bot Module ID'
    on conflict (company_id, bot_id, day, module_id) do update set
      visits = m.visits + excluded.visits, goals = m.goals + excluded.goals`.execute(db);
  return rows;
}

async function foldTelemetry(db: Queryable, from: string, upto: string): Promise<number> {
  // The widget reports its page views and opens with the deployment's key; the browser's clock
  // is trusted only within a day of when the item arrived.
  await batchTable(
    db,
    'report_telemetry_batch',
    sql`
    select d.company_id, d.bot_id, t.base_type = 'PageviewData' as page_view,
           t.base_type = 'EventData' and t.name = 'Chat Opened' as opened,
           lower(left(coalesce(t.properties->>'Page Domain', ''), 253)) as domain,
           left(split_part(split_part(coalesce(t.properties->>'Page URL', t.url, ''), '#', 1), '?', 1), 2048) as url,
           coalesce(t.session_id, '') as session_id,
           left(coalesce(t.tags->>'ai.user.id', t.session_id, ''), 128) as visitor_id,
           case when abs(extract(epoch from t.occurred_at - t.received_at)) < 86400 then t.occurred_at
                else t.received_at end as at
    from telemetry_events as t
    join deployments as d on d.key = t.properties->>'Deployment Key' and d.channel = 'webchat'
    where t.xid >= ${from}::xid8 and t.xid < ${upto}::xid8`,
  );
  const rows = await countRows(db, 'report_telemetry_batch');
  if (rows === 0) return 0;

  await sql`
    insert into report_traffic_hours as h (company_id, bot_id, hour, domain, page_views, widget_opens)
    select company_id, bot_id, date_trunc('hour', at, 'UTC'), domain,
           count(*) filter (where page_view), count(*) filter (where opened)
    from report_telemetry_batch
    where page_view or opened
    group by company_id, bot_id, date_trunc('hour', at, 'UTC'), domain
    on conflict (company_id, bot_id, hour, domain) do update set
      page_views = h.page_views + excluded.page_views, widget_opens = h.widget_opens + excluded.widget_opens`.execute(
    db,
  );
  await sql`
    insert into report_sessions as s (company_id, bot_id, day, domain, session_id, visitor_id, page_views, opened)
    select company_id, bot_id, (at at time zone 'UTC')::date, domain, session_id, max(visitor_id),
           count(*) filter (where page_view), bool_or(opened)
    from report_telemetry_batch
    where session_id <> '' and (page_view or opened)
    group by company_id, bot_id, (at at time zone 'UTC')::date, domain, session_id
    on conflict (company_id, bot_id, day, domain, session_id) do update set
      page_views = s.page_views + excluded.page_views, opened = s.opened or excluded.opened`.execute(db);
  await batchTable(
    db,
    'report_changed_days',
    sql`
    select distinct company_id, bot_id, (at at time zone 'UTC')::date as day, domain
    from report_telemetry_batch where session_id <> '' and (page_view or opened)`,
  );
  await sql`
    delete from report_session_days as d using report_changed_days as changed
    where d.company_id = changed.company_id and d.bot_id = changed.bot_id and d.day = changed.day
      and d.domain = changed.domain`.execute(db);
  await sql`
    insert into report_session_days (company_id, bot_id, day, domain, sessions, opened_sessions, visitors)
    select s.company_id, s.bot_id, s.day, s.domain, count(*), count(*) filter (where s.opened),
           count(distinct s.visitor_id)
    from report_changed_days as changed
    join report_sessions as s on s.company_id = changed.company_id and s.bot_id = changed.bot_id
      and s.day = changed.day and s.domain = changed.domain
    group by s.company_id, s.bot_id, s.day, s.domain`.execute(db);
  // Each visitor into the sketch of their day and domain: registers keep the highest rank seen.
  await batchTable(
    db,
    'report_sketch_batch',
    sql`
    select company_id, bot_id, day, domain, array_agg(register) as registers, array_agg(rank) as ranks
    from (
      select company_id, bot_id, (at at time zone 'UTC')::date as day, domain,
             report_visitor_register(visitor_id) as register, max(report_visitor_rank(visitor_id)) as rank
      from report_telemetry_batch
      where session_id <> '' and (page_view or opened)
      group by 1, 2, 3, 4, 5) as registers
    group by company_id, bot_id, day, domain`,
  );
  await sql`
    update report_visitor_sketches as v set sketch = report_sketch_add(v.sketch, b.registers, b.ranks)
    from report_sketch_batch as b
    where v.company_id = b.company_id and v.bot_id = b.bot_id and v.day = b.day and v.domain = b.domain`.execute(
    db,
  );
  await sql`
    insert into report_visitor_sketches (company_id, bot_id, day, domain, sketch)
    select company_id, bot_id, day, domain, report_sketch_add(null, registers, ranks)
    from report_sketch_batch as b
    where not exists (select from report_visitor_sketches as v
      where v.company_id = b.company_id and v.bot_id = b.bot_id and v.day = b.day and v.domain = b.domain)`.execute(
    db,
  );
  await sql`
    insert into report_pages as p (company_id, bot_id, day, domain, url, page_views)
    select company_id, bot_id, (at at time zone 'UTC')::date, domain, url, count(*)
    from report_telemetry_batch
    where page_view and url <> ''
    group by company_id, bot_id, (at at time zone 'UTC')::date, domain, url
    on conflict (company_id, bot_id, day, domain, url) do update set page_views = p.page_views + excluded.page_views`.execute(
    db,
  );
  return rows;
}
