import { type Kysely, sql } from 'kysely';

/**
 * The delivery log at scale, and deliveries from live turns.
 *
 * - `retry_of`: a later attempt of an asynchronous webhook's delivery names the first one (whose id
 *   the bot's result event links to). One row per delivery and attempt is unique, and the row is
 *   written before the call is made: a job fetched twice for one attempt (two processes) calls once.
 * - `input`: what the delivery was made from (the conversation's variables, the template's `bot`
 *   fields), so it can be sent again (a replay renders it anew: the log keeps secrets masked).
 * - `search`: what the log's search box finds, the address called and why it failed (lower-cased),
 *   under a trigram index so a rare word is found without reading every row.
 * - Filters by bot and by failures read their own index, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_deliveries
    add column retry_of uuid references webhook_deliveries (id),
    add column input jsonb,
    add column search text generated always as
      (lower(coalesce(request->>'url', '') || ' ' || coalesce(failure_message, ''))) stored`.execute(db);
  await sql`create unique index webhook_deliveries_attempt_idx
    on webhook_deliveries ((coalesce(retry_of, id)), attempt)`.execute(db);
  await sql`create index webhook_deliveries_bot_idx on webhook_deliveries
    (company_id, bot_id, created_at desc, id desc) where bot_id is not null`.execute(db);
  await sql`create index webhook_deliveries_failed_idx on webhook_deliveries
    (company_id, created_at desc, id desc) where not ok`.execute(db);
  await sql`create index webhook_deliveries_company_instance_idx on webhook_deliveries
    (company_id, instance_id, created_at desc, id desc)`.execute(db);
  await sql`create index webhook_deliveries_search_idx on webhook_deliveries
    using gin (search gin_trgm_ops)`.execute(db);
  await sql`create index webhook_deliveries_replay_idx on webhook_deliveries (replay_of)
    where replay_of is not null`.execute(db);
  await sql`drop index webhook_deliveries_instance_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index webhook_deliveries_instance_idx on webhook_deliveries
    (instance_id, created_at desc) where instance_id is not null`.execute(db);
  await sql`drop index webhook_deliveries_replay_idx`.execute(db);
  await sql`drop index webhook_deliveries_search_idx`.execute(db);
  await sql`drop index webhook_deliveries_company_instance_idx`.execute(db);
  await sql`drop index webhook_deliveries_failed_idx`.execute(db);
  await sql`drop index webhook_deliveries_bot_idx`.execute(db);
  await sql`drop index webhook_deliveries_attempt_idx`.execute(db);
  await sql`alter table webhook_deliveries drop column search, drop column input, drop column retry_of`.execute(
    db,
  );
}
