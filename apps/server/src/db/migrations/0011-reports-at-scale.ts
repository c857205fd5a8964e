import { type Kysely, sql } from 'kysely';

/**
 * Reports over months of a busy bot read rollups small enough to answer quickly (bench/reports):
 *
 * - Conversation shapes: conversations counted by start day, the modules they first visited (in
 *   order) and how many messages the visitor sent. A bot's conversations follow few paths, so
 *   funnels, paths and lengths add up a few rows a day instead of one row per conversation.
 * - Visitor sketches: a HyperLogLog sketch (4 096 one-byte registers) of the visitors per bot, day
 *   and domain, so the visitors of a long period are estimated by merging one sketch a day.
 * - Text totals: each text's count over all time, so the most frequent texts of a period are
 *   looked for among the most frequent of all, and the whole long tail read only when that
 *   cannot settle it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The buckets of LENGTH_BUCKETS (0, 1, 2, 3–5, 6–10, 11–20, 21+ messages from the visitor).
  await sql`create function report_length_bucket(messages integer) returns smallint
    language sql immutable as $$
      select (case when messages <= 2 then greatest(messages, 0) when messages <= 5 then 3
                   when messages <= 10 then 4 when messages <= 20 then 5 else 6 end)::smallint
    $$`.execute(db);
  await sql`create table report_conversation_shapes (
    company_id uuid not null,
    bot_id uuid not null,
    day date not null,
    length_bucket smallint not null,
    modules text[] not null,
    conversations integer not null,
    primary key (company_id, bot_id, day, length_bucket, modules)
  )`.execute(db);
  await sql`
    insert into report_conversation_shapes (company_id, bot_id, day, length_bucket, modules, conversations)
    select company_id, bot_id, (started_at at time zone 'UTC')::date, report_length_bucket(user_messages),
           modules, count(*)
    from report_conversations
    group by 1, 2, 3, 4, 5`.execute(db);
  // Funnels and paths no longer read conversations one by one.
  await sql`drop index report_conversations_modules_idx`.execute(db);

  // HyperLogLog: a visitor id's 64-bit hash picks a register (its low 12 bits) and a rank (where
  // the first 1 is in the other 52, counted from 1); a register keeps the highest rank it saw.
  await sql`create function report_visitor_register(visitor text) returns integer
    language sql immutable as $$ select (hashtextextended(visitor, 0) & 4095)::integer $$`.execute(db);
  await sql`create function report_visitor_rank(visitor text) returns integer
    language sql immutable as $$
      select coalesce(nullif(position('1' in
        ((hashtextextended(visitor, 0) >> 12) & 4503599627370495)::bit(52)::text), 0), 53)
    $$`.execute(db);
  // A few registers are set one by one; many (a busy day's first sketch) in one pass, since each
  // set_byte copies the whole sketch.
  await sql`create function report_sketch_add(sketch bytea, registers integer[], ranks integer[])
    returns bytea language plpgsql immutable as $$
      declare
        merged bytea := coalesce(sketch, decode(repeat('00', 4096), 'hex'));
      begin
        if coalesce(array_length(registers, 1), 0) > 64 then
          select decode(string_agg(lpad(to_hex(greatest(get_byte(merged, g), coalesce(n.rank, 0))), 2, '0'), ''
                   order by g), 'hex')
            into merged
            from generate_series(0, 4095) as g
            left join (select register, max(rank) as rank from unnest(registers, ranks) as u(register, rank)
                       group by register) as n on n.register = g;
          return merged;
        end if;
        for i in 1 .. coalesce(array_length(registers, 1), 0) loop
          if ranks[i] > get_byte(merged, registers[i]) then
            merged := set_byte(merged, registers[i], ranks[i]);
          end if;
        end loop;
        return merged;
      end
    $$`.execute(db);
  await sql`create table report_visitor_sketches (
    company_id uuid not null,
    bot_id uuid not null,
    day date not null,
    domain text not null,
    sketch bytea not null,
    primary key (company_id, bot_id, day, domain)
  )`.execute(db);
  await sql`
    insert into report_visitor_sketches (company_id, bot_id, day, domain, sketch)
    select company_id, bot_id, day, domain, report_sketch_add(null, array_agg(register), array_agg(rank))
    from (
      select company_id, bot_id, day, domain, report_visitor_register(visitor_id) as register,
             max(report_visitor_rank(visitor_id)) as rank
      from report_sessions group by 1, 2, 3, 4, 5) as registers
    group by 1, 2, 3, 4`.execute(db);

  await sql`create table report_text_totals (
    company_id uuid not null,
    bot_id uuid not null,
    kind text not null,
    text text not null,
    detail text not null,
    count integer not null,
    primary key (company_id, bot_id, kind, text, detail)
  )`.execute(db);
  await sql`create index report_text_totals_top_idx on report_text_totals (company_id, bot_id, kind, count desc)`.execute(
    db,
  );
  await sql`
    insert into report_text_totals (company_id, bot_id, kind, text, detail, count)
    select company_id, bot_id, kind, text, detail, sum(count) from report_texts group by 1, 2, 3, 4, 5`.execute(
    db,
  );
  // Top pages add up a period's rows from the index alone.
  await sql`create index report_pages_day_idx on report_pages (company_id, bot_id, day) include (domain, url, page_views)`.execute(
    db,
  );
  // The days of the frequent texts, found by text.
  await sql`create index report_texts_text_idx on report_texts (company_id, bot_id, kind, text, detail, day)
    include (count, score)`.execute(db);
}
