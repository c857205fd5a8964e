import type { Industry, ReportRange } from '@parley/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/database';

/**
 * What a report is about: a company, perhaps one bot, and (traffic only) perhaps one domain; only
 * the bots of `botIds` when the reader is limited to some.
 */
export interface ReportScope {
  companyId: string;
  botId?: string;
  botIds?: string[];
  domain?: string;
}

const botFilter = (scope: ReportScope, alias: string): RawBuilder<unknown> =>
  sql`${scope.botId ? sql`and ${sql.ref(`${alias}.bot_id`)} = ${scope.botId}::uuid` : sql``} ${
    scope.botIds ? sql`and ${sql.ref(`${alias}.bot_id`)} = any(${scope.botIds}::uuid[])` : sql``
  }`;
const domainFilter = (scope: ReportScope, alias: string): RawBuilder<unknown> =>
  scope.domain === undefined ? sql`` : sql`and ${sql.ref(`${alias}.domain`)} = ${scope.domain}`;
const scopeFilter = (scope: ReportScope, alias: string) =>
  sql`${sql.ref(`${alias}.company_id`)} = ${scope.companyId}::uuid ${botFilter(scope, alias)}`;

/** Hours from the range's first day's midnight (UTC) to the day after its last. */
const hourRange = (column: string, range: ReportRange) =>
  sql`${sql.ref(column)} >= (${range.from}::date)::timestamp at time zone 'UTC'
    and ${sql.ref(column)} < (${range.to}::date + 1)::timestamp at time zone 'UTC'`;
const dayRange = (column: string, range: ReportRange) =>
  sql`${sql.ref(column)} between ${range.from}::date and ${range.to}::date`;

export interface ConversationDayRow {
  date: string;
  channel: string;
  conversations: number;
  goal_conversations: number;
  goals: number;
  handoff_conversations: number;
  user_messages: number;
  bot_messages: number;
  agent_messages: number;
  fallbacks: number;
}

/** Conversations started per day and channel, with what happened in them. */
export async function conversationDays(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
): Promise<ConversationDayRow[]> {
  const result = await sql<ConversationDayRow>`
    select to_char(h.hour at time zone 'UTC', 'YYYY-MM-DD') as date, h.channel,
           sum(h.conversations)::int as conversations, sum(h.goal_conversations)::int as goal_conversations,
           sum(h.goals)::int as goals, sum(h.handoff_conversations)::int as handoff_conversations,
           sum(h.user_messages)::int as user_messages, sum(h.bot_messages)::int as bot_messages,
           sum(h.agent_messages)::int as agent_messages, sum(h.fallbacks)::int as fallbacks
    from report_conversation_hours as h
    where ${scopeFilter(scope, 'h')} ${domainFilter(scope, 'h')} and ${hourRange('h.hour', range)}
    group by 1, 2 order by 1, 2`.execute(db);
  return result.rows;
}

export interface HourOfWeekRow {
  weekday: number;
  hour: number;
  count: number;
}

/** Sums of an hourly rollup's column per hour of the week (weekday 0 = Monday, UTC). */
export async function hoursOfWeek(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
  figure: 'conversations' | 'page_views',
): Promise<HourOfWeekRow[]> {
  const [table, column] =
    figure === 'conversations'
      ? ['report_conversation_hours', 'conversations']
      : ['report_traffic_hours', 'page_views'];
  const result = await sql<HourOfWeekRow>`
    select (extract(isodow from h.hour at time zone 'UTC') - 1)::int as weekday,
           extract(hour from h.hour at time zone 'UTC')::int as hour, sum(${sql.ref(`h.${column}`)})::int as count
    from ${sql.table(table)} as h
    where ${scopeFilter(scope, 'h')} ${domainFilter(scope, 'h')} and ${hourRange('h.hour', range)}
    group by 1, 2`.execute(db);
  return result.rows;
}

export interface TrafficDayRow {
  date: string;
  page_views: number;
  widget_opens: number;
  sessions: number;
  opened_sessions: number;
  visitors: number;
}

/** Page views, opens, sessions and visitors (distinct that day) per day. */
export async function trafficDays(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
): Promise<TrafficDayRow[]> {
  const result = await sql<TrafficDayRow>`
    with views as (
      select to_char(h.hour at time zone 'UTC', 'YYYY-MM-DD') as date,
             sum(h.page_views)::int as page_views, sum(h.widget_opens)::int as widget_opens
      from report_traffic_hours as h
      where ${scopeFilter(scope, 'h')} ${domainFilter(scope, 'h')} and ${hourRange('h.hour', range)}
      group by 1),
    sessions as (
      select to_char(d.day, 'YYYY-MM-DD') as date, sum(d.sessions)::int as sessions,
             sum(d.opened_sessions)::int as opened_sessions, sum(d.visitors)::int as visitors
      from report_session_days as d
      where ${scopeFilter(scope, 'd')} ${domainFilter(scope, 'd')} and ${dayRange('d.day', range)}
      group by 1)
    select coalesce(views.date, sessions.date) as date,
           coalesce(views.page_views, 0) as page_views, coalesce(views.widget_opens, 0) as widget_opens,
           coalesce(sessions.sessions, 0) as sessions, coalesce(sessions.opened_sessions, 0) as opened_sessions,
           coalesce(sessions.visitors, 0) as visitors
    from views full join sessions on sessions.date = views.date
    order by 1`.execute(db);
  return result.rows;
}

/** Distinct visitors over the whole range (a visitor on two days counts once), counted exactly. */
export async function distinctVisitors(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
): Promise<number> {
  const result = await sql<{ visitors: number }>`
    select count(distinct s.visitor_id)::int as visitors
    from report_sessions as s
    where ${scopeFilter(scope, 's')} ${domainFilter(scope, 's')} and ${dayRange('s.day', range)}`.execute(db);
  return result.rows[0]?.visitors ?? 0;
}

/** The range's visitor sketches, one a day and domain (see visitor-sketch.ts). */
export async function visitorSketches(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
): Promise<Uint8Array[]> {
  const result = await sql<{ sketch: Uint8Array }>`
    select v.sketch from report_visitor_sketches as v
    where ${scopeFilter(scope, 'v')} ${domainFilter(scope, 'v')} and ${dayRange('v.day', range)}`.execute(db);
  return result.rows.map((row) => row.sketch);
}

export async function topPages(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
  limit: number,
): Promise<{ domain: string; url: string; page_views: number }[]> {
  const result = await sql<{ domain: string; url: string; page_views: number }>`
    select p.domain, p.url, sum(p.page_views)::int as page_views
    from report_pages as p
    where ${scopeFilter(scope, 'p')} ${domainFilter(scope, 'p')} and ${dayRange('p.day', range)}
    group by p.domain, p.url order by 3 desc, p.url limit ${limit}`.execute(db);
  return result.rows;
}

/** The domains the widget reported page views from (the last year), busiest first. */
export async function seenDomains(
  db: Queryable,
  scope: ReportScope,
): Promise<{ domain: string; page_views: number; last_seen: string }[]> {
  const result = await sql<{ domain: string; page_views: number; last_seen: string }>`
    select h.domain, sum(h.page_views)::int as page_views,
           to_char(max(h.hour) at time zone 'UTC', 'YYYY-MM-DD') as last_seen
    from report_traffic_hours as h
    where ${scopeFilter(scope, 'h')} and h.domain <> '' and h.hour >= now() - interval '366 days'
    group by h.domain order by 2 desc, 1 limit 200`.execute(db);
  return result.rows;
}

export type TextKind = 'message' | 'unrecognized' | 'low_confidence' | 'button';

export interface TextCount {
  text: string;
  detail: string;
  count: number;
  score: number;
}

/** How many of each bot's most frequent texts (over all time) a top list starts from. */
const TEXT_CANDIDATES = 200;

/** The range's texts of a kind added up, most frequent first; only those of `among` when given. */
async function sumTexts(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
  kind: TextKind,
  limit: number,
  among?: { texts: string[]; details: string[]; botIds: string[] },
): Promise<TextCount[]> {
  const result = await sql<TextCount>`
    select t.text, t.detail, sum(t.count)::int as count, sum(t.score)::float8 as score
    from report_texts as t
    ${
      among
        ? sql`join (select distinct * from unnest(${among.texts}::text[], ${among.details}::text[])) as c(text, detail)
            on t.text = c.text and t.detail = c.detail and t.bot_id = any(${among.botIds}::uuid[])`
        : sql``
    }
    where ${scopeFilter(scope, 't')} and t.kind = ${kind} and ${dayRange('t.day', range)}
    group by t.text, t.detail order by 3 desc, 1 limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * The most frequent texts of a kind in the range. Texts have a long tail (e-mail addresses, order
 * numbers), so the range's counts are first added up for each bot's most frequent texts of all
 * time only. A text outside those has, over all time, at most the sum of each bot's last
 * candidate's count; when the top list's last entry beats that, no other text can be in it.
 * Otherwise the whole range is read.
 */
export async function topTexts(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
  kind: TextKind,
  limit: number,
): Promise<TextCount[]> {
  const candidates = await sql<{ bot_id: string; text: string; detail: string; count: number }>`
    select b.id as bot_id, f.text, f.detail, f.count
    from bots as b
    cross join lateral (
      select f.text, f.detail, f.count from report_text_totals as f
      where f.company_id = b.company_id and f.bot_id = b.id and f.kind = ${kind}
      order by f.count desc limit ${TEXT_CANDIDATES}) as f
    where b.company_id = ${scope.companyId}::uuid ${scope.botId ? sql`and b.id = ${scope.botId}::uuid` : sql``}
      ${scope.botIds ? sql`and b.id = any(${scope.botIds}::uuid[])` : sql``}`.execute(db);
  if (candidates.rows.length === 0) return [];
  const perBot = new Map<string, { candidates: number; last: number }>();
  for (const row of candidates.rows) {
    const bot = perBot.get(row.bot_id) ?? { candidates: 0, last: 0 };
    perBot.set(row.bot_id, { candidates: bot.candidates + 1, last: row.count });
  }
  const outsideAtMost = [...perBot.values()].reduce(
    (sum, bot) => sum + (bot.candidates === TEXT_CANDIDATES ? bot.last : 0),
    0,
  );
  const top = await sumTexts(db, scope, range, kind, limit, {
    texts: candidates.rows.map((row) => row.text),
    details: candidates.rows.map((row) => row.detail),
    botIds: [...perBot.keys()],
  });
  const settled = outsideAtMost === 0 || (top.length === limit && (top.at(-1)?.count ?? 0) > outsideAtMost);
  return settled ? top : sumTexts(db, scope, range, kind, limit);
}

export async function moduleTotals(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
): Promise<{ bot_id: string; module_id: string; visits: number; goals: number }[]> {
  const result = await sql<{ bot_id: string; module_id: string; visits: number; goals: number }>`
    select m.bot_id, m.module_id, sum(m.visits)::int as visits, sum(m.goals)::int as goals
    from report_module_days as m
    where ${scopeFilter(scope, 'm')} and ${dayRange('m.day', range)}
    group by m.bot_id, m.module_id order by 3 desc, 2`.execute(db);
  return result.rows;
}

/** Goal completions per day and goal module (for revenue over time). */
export async function goalDays(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
): Promise<{ date: string; bot_id: string; module_id: string; goals: number }[]> {
  const result = await sql<{ date: string; bot_id: string; module_id: string; goals: number }>`
    select to_char(m.day, 'YYYY-MM-DD') as date, m.bot_id, m.module_id, m.goals
    from report_module_days as m
    where ${scopeFilter(scope, 'm')} and ${dayRange('m.day', range)} and m.goals > 0`.execute(db);
  return result.rows;
}

export const LENGTH_BUCKETS = ['0', '1', '2', '3–5', '6–10', '11–20', '21+'] as const;

/** Conversations by the number of messages the user sent in them (bucket: index in LENGTH_BUCKETS). */
export async function conversationLengths(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
): Promise<{ bucket: number; conversations: number }[]> {
  const result = await sql<{ bucket: number; conversations: number }>`
    select s.length_bucket as bucket, sum(s.conversations)::int as conversations
    from report_conversation_shapes as s
    where ${scopeFilter(scope, 's')} and ${dayRange('s.day', range)}
    group by 1 order by 1`.execute(db);
  return result.rows;
}

/**
 * How many conversations visited the steps in order: each step counts the conversations that
 * visited every step before it, each first visit after the one before.
 */
export async function funnelCounts(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
  steps: string[],
): Promise<{ conversations: number; reached: number[] }> {
  // Where each step was first visited among the conversation's steps (null when it never came there).
  const positions = steps.map(
    (step, index) => sql`array_position(s.modules, ${step}) as ${sql.id(`p${index}`)}`,
  );
  const reached = steps.map((_, index) => {
    const conditions = steps
      .slice(0, index + 1)
      .map((__, at) => (at === 0 ? sql`p0 is not null` : sql`${sql.id(`p${at}`)} > ${sql.id(`p${at - 1}`)}`));
    return sql`coalesce(sum(conversations) filter (where ${sql.join(conditions, sql` and `)}), 0)::int as ${sql.id(`r${index}`)}`;
  });
  const result = await sql<Record<string, number>>`
    with visits as (
      select s.conversations, ${sql.join(positions)}
      from report_conversation_shapes as s
      where ${scopeFilter(scope, 's')} and ${dayRange('s.day', range)}
        and s.modules @> array[${steps[0]}]::text[])
    select ${sql.join(reached)} from visits`.execute(db);
  const total = await sql<{ conversations: number }>`
    select coalesce(sum(h.conversations), 0)::int as conversations
    from report_conversation_hours as h
    where ${scopeFilter(scope, 'h')} and ${hourRange('h.hour', range)}`.execute(db);
  const row = result.rows[0] ?? {};
  return {
    conversations: total.rows[0]?.conversations ?? 0,
    reached: steps.map((_, index) => row[`r${index}`] ?? 0),
  };
}

/**
 * The steps conversations took after their first visit of `moduleId` (up to three, a return to an
 * earlier module included), most common first.
 */
export async function pathsAfter(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
  moduleId: string,
  limit: number,
): Promise<{ visited: number; paths: { modules: string[]; conversations: number }[] }> {
  const result = await sql<{ modules: string[]; conversations: number }>`
    select s.modules[array_position(s.modules, ${moduleId}) + 1 : array_position(s.modules, ${moduleId}) + 3] as modules,
           sum(s.conversations)::int as conversations
    from report_conversation_shapes as s
    where ${scopeFilter(scope, 's')} and ${dayRange('s.day', range)}
      and s.modules @> array[${moduleId}]::text[]
    group by 1 order by 2 desc, 1`.execute(db);
  const visited = result.rows.reduce((sum, row) => sum + row.conversations, 0);
  return { visited, paths: result.rows.slice(0, limit) };
}

export interface BotKpiRow {
  bot_id: string;
  conversations: number;
  goal_conversations: number;
  fallbacks: number;
  sessions: number;
  opened_sessions: number;
}

/** Each bot of the scope that had conversations or sessions in the range, with what its KPIs are made of. */
export async function botKpiTotals(
  db: Queryable,
  scope: ReportScope,
  range: ReportRange,
): Promise<BotKpiRow[]> {
  const result = await sql<BotKpiRow>`
    with conversations as (
      select h.bot_id, sum(h.conversations)::int as conversations,
             sum(h.goal_conversations)::int as goal_conversations, sum(h.fallbacks)::int as fallbacks
      from report_conversation_hours as h
      where ${scopeFilter(scope, 'h')} and ${hourRange('h.hour', range)}
      group by h.bot_id),
    sessions as (
      select d.bot_id, sum(d.sessions)::int as sessions, sum(d.opened_sessions)::int as opened_sessions
      from report_session_days as d
      where ${scopeFilter(scope, 'd')} and ${dayRange('d.day', range)}
      group by d.bot_id)
    select coalesce(c.bot_id, s.bot_id) as bot_id, coalesce(c.conversations, 0) as conversations,
           coalesce(c.goal_conversations, 0) as goal_conversations, coalesce(c.fallbacks, 0) as fallbacks,
           coalesce(s.sessions, 0) as sessions, coalesce(s.opened_sessions, 0) as opened_sessions
    from conversations as c full join sessions as s on s.bot_id = c.bot_id
    order by 1`.execute(db);
  return result.rows;
}

export interface CompanyKpiRow {
  company_id: string;
  conversations: number;
  goal_conversations: number;
  handoff_conversations: number;
  user_messages: number;
  fallbacks: number;
  sessions: number;
  opened_sessions: number;
}

/** Each company of an industry (Parley's own left out), with what its KPIs are made of. */
export async function industryKpiInputs(
  db: Queryable,
  industry: Industry,
  range: ReportRange,
): Promise<CompanyKpiRow[]> {
  const result = await sql<CompanyKpiRow>`
    with peers as (
      select id from companies where industry = ${industry} and company_type <> 'Internal'),
    conversations as (
      select h.company_id, sum(h.conversations)::int as conversations,
             sum(h.goal_conversations)::int as goal_conversations,
             sum(h.handoff_conversations)::int as handoff_conversations,
             sum(h.user_messages)::int as user_messages, sum(h.fallbacks)::int as fallbacks
      from report_conversation_hours as h join peers on peers.id = h.company_id
      where ${hourRange('h.hour', range)}
      group by h.company_id),
    sessions as (
      select d.company_id, sum(d.sessions)::int as sessions, sum(d.opened_sessions)::int as opened_sessions
      from report_session_days as d join peers on peers.id = d.company_id
      where ${dayRange('d.day', range)}
      group by d.company_id)
    select coalesce(c.company_id, s.company_id) as company_id,
           coalesce(c.conversations, 0) as conversations, coalesce(c.goal_conversations, 0) as goal_conversations,
           coalesce(c.handoff_conversations, 0) as handoff_conversations,
           coalesce(c.user_messages, 0) as user_messages, coalesce(c.fallbacks, 0) as fallbacks,
           coalesce(s.sessions, 0) as sessions, coalesce(s.opened_sessions, 0) as opened_sessions
    from conversations as c full join sessions as s on s.company_id = c.company_id`.execute(db);
  return result.rows;
}

export async function companyIndustry(db: Queryable, companyId: string): Promise<Industry | null> {
  const row = await db
    .selectFrom('companies')
    .select('industry')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.industry ?? null;
}

export interface ReportBotRow {
  id: string;
  name: string;
  draft_flow: unknown;
  default_goal_value: number;
}

/** The company's bots among `ids` (deleted ones too: their conversations stay in reports). */
export async function reportBots(db: Queryable, companyId: string, ids: string[]): Promise<ReportBotRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('bots')
    .select(['id', 'name', 'draft_flow', 'default_goal_value'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}
