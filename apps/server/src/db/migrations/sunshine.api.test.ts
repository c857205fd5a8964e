import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/test-app';
import type { Database } from '../database';

/** A company with a bot and a web chat deployment, written as the migrations' tables stand. */
async function companyWithDeployment(database: Database) {
  const one = async (query: ReturnType<typeof sql<{ id: string }>>) =>
    ((await query.execute(database.db)).rows[0] as { id: string }).id;
  const company = await one(
    sql`insert into companies (name, company_type) values ('Acme', 'Regular') returning id`,
  );
  const bot = await one(
    sql`insert into bots (company_id, name, language, draft_flow) values (${company}, 'Bot', 'en', '{}') returning id`,
  );
  const deployment = await one(
    sql`insert into deployments (company_id, bot_id, key, channel, version) values (${company}, ${bot}, 'k', 'webchat', 1) returning id`,
  );
  return { company, bot, deployment };
}

describe('migration 0028: the messaging-suite channel’s tables', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0028-sunshine'));
  });
  afterAll(() => close?.());

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows[0] as T;

  it('keeps an event id once per deployment, one Parley conversation per suite conversation, and goes with its deployment', async () => {
    const { company, bot, deployment } = await companyWithDeployment(database);
    await sql`insert into sunshine_connections (deployment_id, company_id, app_id, key_id, key_secret,
      webhook_secret, api_url, integration_id, switchboard_id, switchboard_integration_id)
      values (${deployment}, ${company}, 'app', 'key', 'sealed', 'sealed', 'https://api.smooch.io', 'i', 's', 'si')`.execute(
      database.db,
    );
    const insertEvent = () =>
      sql`insert into sunshine_events (deployment_id, event_id) values (${deployment}, 'evt-1')
        on conflict do nothing returning event_id`.execute(database.db);
    expect((await insertEvent()).rows).toHaveLength(1);
    expect((await insertEvent()).rows).toHaveLength(0);

    const { id: conversation } = await one<{ id: string }>(
      sql`insert into conversations (company_id, bot_id, deployment_id, token_hash, status, state, channel)
        values (${company}, ${bot}, ${deployment}, 'h', 'new', '{}', 'sunshine') returning id`,
    );
    await sql`insert into sunshine_conversations (conversation_id, deployment_id, company_id, sc_conversation_id)
      values (${conversation}, ${deployment}, ${company}, 'sc-1')`.execute(database.db);
    const row = await one<{ parley_in_control: boolean; sent_seq: number; sent_parts: number }>(
      sql`select parley_in_control, sent_seq, sent_parts from sunshine_conversations`,
    );
    expect(row).toEqual({ parley_in_control: true, sent_seq: 0, sent_parts: 0 });
    await expect(
      sql`update sunshine_conversations set pending_control = 'elsewhere'`.execute(database.db),
    ).rejects.toThrow();

    await sql`delete from deployments where id = ${deployment}`.execute(database.db);
    for (const table of ['sunshine_connections', 'sunshine_events', 'sunshine_conversations']) {
      const { count } = await one<{ count: string }>(
        sql`select count(*)::text as count from ${sql.table(table)}`,
      );
      expect(count).toBe('0');
    }
  });

  it('goes down and up again', async () => {
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateTo('0028-sunshine')).error).toBeUndefined();
  });
});

describe('migration 0032: accepting offered control, and forgetting old event ids', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0032-sunshine-offers-and-pruning'));
  });
  afterAll(() => close?.());

  it('lets a conversation owe an acceptControl, and indexes event ids by when they came', async () => {
    const constraint = await sql<{ definition: string }>`select pg_get_constraintdef(oid) as definition
      from pg_constraint where conname = 'sunshine_conversations_pending_control_check'`.execute(database.db);
    expect(constraint.rows[0]?.definition).toContain('accept');
    const index = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = 'sunshine_events' and indexname = 'sunshine_events_received_at_idx'`.execute(
      database.db,
    );
    expect(index.rows).toHaveLength(1);
  });

  it('goes down and up again', async () => {
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateTo('0032-sunshine-offers-and-pruning')).error).toBeUndefined();
  });
});

describe('migration 0054: events ordered by their time, and done only once handled', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0053-messenger-thread-control'));
  });
  afterAll(() => close?.());

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows[0] as T;

  it('takes the event ids received before it as handled, and keeps no event time for a conversation yet', async () => {
    const { company, bot, deployment } = await companyWithDeployment(database);
    await sql`insert into sunshine_events (deployment_id, event_id) values (${deployment}, 'evt-before')`.execute(
      database.db,
    );
    const { id: conversation } = await one<{ id: string }>(
      sql`insert into conversations (company_id, bot_id, deployment_id, token_hash, status, state, channel)
        values (${company}, ${bot}, ${deployment}, 'h', 'new', '{}', 'sunshine') returning id`,
    );
    await sql`insert into sunshine_conversations (conversation_id, deployment_id, company_id, sc_conversation_id)
      values (${conversation}, ${deployment}, ${company}, 'sc-1')`.execute(database.db);

    expect((await migrator.migrateTo('0054-sunshine-event-order')).error).toBeUndefined();
    const event = await one<{ handled: boolean; created_at: Date | null; failed_at: Date | null }>(
      sql`select handled_at = received_at as handled, created_at, failed_at from sunshine_events`,
    );
    expect(event).toEqual({ handled: true, created_at: null, failed_at: null });
    const held = await one<{ last_event_at: Date | null }>(
      sql`select last_event_at from sunshine_conversations`,
    );
    expect(held.last_event_at).toBeNull();
  });

  it('goes down and up again', async () => {
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateTo('0054-sunshine-event-order')).error).toBeUndefined();
  });
});
