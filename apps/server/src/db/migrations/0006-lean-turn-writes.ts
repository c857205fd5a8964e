import { type Kysely, sql } from 'kysely';

/**
 * A turn writes less (measured in bench/chat: the write-ahead log of a turn was the chat API's
 * limit). Messages are keyed by (conversation, seq) alone. A turn's events go in one log row, their
 * dimensions without the ids the row already holds; the `conversation_events` view still shows one
 * row per event with every spec §3 dimension.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversation_messages drop constraint conversation_messages_pkey`.execute(db);
  await sql`alter table conversation_messages drop column id`.execute(db);
  await sql`alter table conversation_messages drop constraint conversation_messages_conversation_id_seq_key`.execute(
    db,
  );
  await sql`alter table conversation_messages add primary key (conversation_id, seq)`.execute(db);

  await sql`create table conversation_event_log (
    id bigserial primary key,
    conversation_id uuid not null references conversations (id) on delete cascade,
    company_id uuid not null,
    bot_id uuid not null,
    deployment_id uuid not null,
    occurred_at timestamptz not null default now(),
    events jsonb not null
  )`.execute(db);
  await sql`create index conversation_event_log_conversation_idx on conversation_event_log (conversation_id, id)`.execute(
    db,
  );
  // For reports (by company, bot and time), as conversation_events_reports_idx was.
  await sql`create index conversation_event_log_reports_idx on conversation_event_log (company_id, bot_id, occurred_at)`.execute(
    db,
  );
  await sql`
    insert into conversation_event_log (conversation_id, company_id, bot_id, deployment_id, occurred_at, events)
    select conversation_id, company_id, bot_id, deployment_id, occurred_at,
           jsonb_build_array(jsonb_build_object(
             'name', name,
             'at', (extract(epoch from occurred_at) * 1000)::bigint,
             'dimensions', dimensions - 'Bot UUID' - 'Bot Deployment ID' - 'Conversation ID' - 'Company ID',
             'data', data))
    from conversation_events order by id`.execute(db);
  await sql`drop table conversation_events`.execute(db);
  await sql`
    create view conversation_events as
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
           to_timestamp((event.value->>'at')::double precision / 1000) as occurred_at
    from conversation_event_log as log,
         jsonb_array_elements(log.events) with ordinality as event(value, position)`.execute(db);
}
