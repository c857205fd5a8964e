import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/test-app';
import type { Database } from '../database';

describe('migration 0049: the sweep finds pending turns in a table of their own', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0049-pending-conversations'));
  });
  afterAll(() => close?.());

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows[0] as T;
  const listed = async () =>
    (await sql<{ id: string }>`select conversation_id as id from pending_conversations`.execute(database.db))
      .rows;
  const pendingIndexes = async () =>
    (
      await sql<{ name: string }>`select indexname as name from pg_indexes
        where tablename = 'conversations' and indexdef like '%pending%'`.execute(database.db)
    ).rows;

  it('lists the turns pending when it runs, drops the lease index, and goes with its conversation', async () => {
    expect((await migrator.migrateDown()).error).toBeUndefined();
    const { id: company } = await one<{ id: string }>(
      sql`insert into companies (name, company_type) values ('Acme', 'Regular') returning id`,
    );
    const { id: bot } = await one<{ id: string }>(
      sql`insert into bots (company_id, name, language, draft_flow) values (${company}, 'Bot', 'en', '{}') returning id`,
    );
    const { id: deployment } = await one<{ id: string }>(
      sql`insert into deployments (company_id, bot_id, key, channel) values (${company}, ${bot}, 'k-1', 'webchat') returning id`,
    );
    const conversation = (pending: boolean) =>
      one<{ id: string }>(sql`insert into conversations
        (company_id, bot_id, deployment_id, token_hash, status, state, channel, user_info, context,
         pending_turn, pending_owner, pending_until)
        values (${company}, ${bot}, ${deployment}, md5(random()::text), 'active', '{"turns": 1}', 'webchat',
          '{}', '{}', ${pending ? '{"calls": []}' : null}, ${pending ? 'a-process' : null},
          ${pending ? sql`now()` : null})
        returning id`);
    const waiting = await conversation(true);
    await conversation(false);
    expect(await pendingIndexes()).toEqual([{ name: 'conversations_pending_until_idx' }]);

    expect((await migrator.migrateTo('0049-pending-conversations')).error).toBeUndefined();
    expect(await listed()).toEqual([waiting]);
    expect(await pendingIndexes()).toEqual([]);
    await sql`delete from conversations where id = ${waiting.id}`.execute(database.db);
    expect(await listed()).toEqual([]);
  });

  it('goes down and up again', async () => {
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await pendingIndexes()).toEqual([{ name: 'conversations_pending_until_idx' }]);
    expect((await migrator.migrateTo('0049-pending-conversations')).error).toBeUndefined();
  });
});
