import { type Kysely, sql } from 'kysely';

/**
 * What the inbox lists and filters on, kept on the conversation by each turn: who has control
 * (an agent, or the bot), when a handoff was asked for, whether it ever had a handoff or a
 * fallback, the last message's text, and how far the team has read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversations
    add column agent_id uuid references users (id) on delete set null,
    add column handoff_requested_at timestamptz,
    add column has_handoff boolean not null default false,
    add column has_fallback boolean not null default false,
    add column read_seq integer not null default 0,
    add column last_message_text text`.execute(db);
  await sql`update conversations set last_message_at = created_at where last_message_at is null`.execute(db);
  await sql`alter table conversations alter column last_message_at set default now(),
    alter column last_message_at set not null`.execute(db);
  // Newest activity first, the id breaking ties: the inbox pages by (last_message_at, id).
  await sql`drop index conversations_inbox_idx`.execute(db);
  await sql`create index conversations_inbox_idx on conversations (company_id, bot_id, last_message_at desc, id desc)`.execute(
    db,
  );
  await sql`create index conversations_company_inbox_idx on conversations (company_id, last_message_at desc, id desc)`.execute(
    db,
  );
  // Events take their place among the messages: after the message numbered after_seq, plus the
  // bot messages the turn had sent before each.
  await sql`alter table conversation_event_log add column after_seq integer not null default 0`.execute(db);
  await sql`
    create or replace view conversation_events as
    select log.id as log_id,
           event.position::int as position,
           log.conversation_id, log.company_id, log.bot_id, log.deployment_id,
           event.value->>'name' as name,
           jsonb_build_object(
             'Bot UUID', log.bot_id,
             'Bot Deployment ID', log.deployment_id,
             'Conversation ID', log.conversation_id,
             'Company ID', log.company_id) || (event.value->'dimensions') as dimensions,
           event.value->'data' as data,
           to_timestamp((event.value->>'at')::double precision / 1000) as occurred_at,
           log.after_seq + coalesce((event.value->>'afterOutputs')::int, 0) as after_seq
    from conversation_event_log as log,
         jsonb_array_elements(log.events) with ordinality as event(value, position)`.execute(db);
  // Searches: words in messages, and the visitor's name, email or id, through trigram indexes.
  // The visitor's words live in a table of their own, written once: a conversation row changes
  // every turn, and each change would add to every index on it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index conversation_messages_text_idx on conversation_messages using gin (text gin_trgm_ops)`.execute(
    db,
  );
  await sql`create table conversation_visitors (
    conversation_id uuid primary key references conversations (id) on delete cascade,
    search text not null
  )`.execute(db);
  await sql`
    insert into conversation_visitors (conversation_id, search)
    select id, concat_ws(' ', user_info->>'name', user_info->>'email', user_info->>'id') from conversations`.execute(
    db,
  );
  await sql`create index conversation_visitors_search_idx on conversation_visitors using gin (search gin_trgm_ops)`.execute(
    db,
  );
  // Pages of the few: conversations waiting for an agent (and their live count), with an agent,
  // ever handed off, expired. Only those rows are in each index, so a page or a count of them
  // never walks through everyone else.
  for (const [name, condition] of [
    ['waiting', sql`status = 'human' and agent_id is null`],
    ['with_agent', sql`status = 'human' and agent_id is not null`],
    ['handoff', sql`has_handoff`],
    ['expired', sql`expired_at is not null`],
  ] as const) {
    await sql`create index ${sql.id(`conversations_${name}_idx`)}
      on conversations (company_id, bot_id, last_message_at desc, id desc) where ${condition}`.execute(db);
  }
}
