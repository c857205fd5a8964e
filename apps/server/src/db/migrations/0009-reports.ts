import { type Kysely, sql } from 'kysely';

/**
 * Reports read rollups, never raw events. The rollup folds in what the conversations' event log
 * and the widget's telemetry stored since it last ran, by transaction id: every row carries the id
 * of the transaction that wrote it, and a run takes the rows of the transactions that finished
 * since the previous run (below the oldest one still running), so none is missed or counted twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['conversation_event_log', 'telemetry_events']) {
    await sql`alter table ${sql.table(table)} add column xid xid8 not null default pg_current_xact_id()`.execute(
      db,
    );
    await sql`create index ${sql.id(`${table}_xid_idx`)} on ${sql.table(table)} (xid)`.execute(db);
  }
  // Reports no longer read the log by time: the rollup reads it by transaction.
  await sql`drop index conversation_event_log_reports_idx`.execute(db);

  await sql`alter table bots add column default_goal_value double precision not null default 0`.execute(db);

  await sql`create table report_rollup_state (
    source text primary key check (source in ('conversations', 'traffic')),
    next_xid xid8 not null,
    rolled_up_at timestamptz
  )`.execute(db);
  await sql`insert into report_rollup_state (source, next_xid) values ('conversations', '0'), ('traffic', '0')`.execute(
    db,
  );

  // Appends the modules not yet in `visited`, in the order they first appear in `more`.
  await sql`create function report_first_visits(visited text[], more text[]) returns text[]
    language sql immutable as $$
      select visited || coalesce(array(
        select module from (
          select module, min(position) as position
          from unnest(more) with ordinality as m(module, position)
          where module is not null and not (module = any(visited))
          group by module) as added
        order by position), '{}')
    $$`.execute(db);

  // One row per conversation (test conversations left out): a conversation's figures count on the
  // hour it started, so its rates never split across days.
  await sql`create table report_conversations (
    conversation_id uuid primary key references conversations (id) on delete cascade,
    company_id uuid not null,
    bot_id uuid not null,
    channel text not null,
    domain text not null,
    started_at timestamptz not null,
    user_messages integer not null default 0,
    bot_messages integer not null default 0,
    agent_messages integer not null default 0,
    fallbacks integer not null default 0,
    goals integer not null default 0,
    handed_off boolean not null default false,
    modules text[] not null default '{}'
  )`.execute(db);
  await sql`create index report_conversations_bot_idx on report_conversations (company_id, bot_id, started_at)`.execute(
    db,
  );
  await sql`create index report_conversations_modules_idx on report_conversations using gin (modules)`.execute(
    db,
  );

  await sql`create table report_conversation_hours (
    company_id uuid not null,
    bot_id uuid not null,
    hour timestamptz not null,
    channel text not null,
    domain text not null,
    conversations integer not null,
    goal_conversations integer not null,
    goals integer not null,
    handoff_conversations integer not null,
    user_messages integer not null,
    bot_messages integer not null,
    agent_messages integer not null,
    fallbacks integer not null,
    primary key (company_id, bot_id, hour, channel, domain)
  )`.execute(db);

  // Texts (user messages, unrecognized ones, low-confidence predictions, buttons) by day.
  await sql`create table report_texts (
    company_id uuid not null,
    bot_id uuid not null,
    day date not null,
    kind text not null check (kind in ('message', 'unrecognized', 'low_confidence', 'button')),
    text text not null,
    detail text not null default '',
    count integer not null,
    score double precision not null default 0,
    primary key (company_id, bot_id, kind, day, text, detail)
  )`.execute(db);

  await sql`create table report_module_days (
    company_id uuid not null,
    bot_id uuid not null,
    day date not null,
    module_id text not null,
    visits integer not null default 0,
    goals integer not null default 0,
    primary key (company_id, bot_id, day, module_id)
  )`.execute(db);

  // The widget's telemetry: page views and opens by hour, sessions and pages by day.
  await sql`create table report_traffic_hours (
    company_id uuid not null,
    bot_id uuid not null,
    hour timestamptz not null,
    domain text not null,
    page_views integer not null default 0,
    widget_opens integer not null default 0,
    primary key (company_id, bot_id, hour, domain)
  )`.execute(db);
  await sql`create table report_sessions (
    company_id uuid not null,
    bot_id uuid not null,
    day date not null,
    domain text not null,
    session_id text not null,
    visitor_id text not null,
    page_views integer not null default 0,
    opened boolean not null default false,
    primary key (company_id, bot_id, day, domain, session_id)
  )`.execute(db);
  // Sessions, those that opened the widget, and visitors, per day: counted again from the sessions
  // of the days a run touched.
  await sql`create table report_session_days (
    company_id uuid not null,
    bot_id uuid not null,
    day date not null,
    domain text not null,
    sessions integer not null,
    opened_sessions integer not null,
    visitors integer not null,
    primary key (company_id, bot_id, day, domain)
  )`.execute(db);
  await sql`create table report_pages (
    company_id uuid not null,
    bot_id uuid not null,
    day date not null,
    domain text not null,
    url text not null,
    page_views integer not null,
    primary key (company_id, bot_id, day, domain, url)
  )`.execute(db);
}
