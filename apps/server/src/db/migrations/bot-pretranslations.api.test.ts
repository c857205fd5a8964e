import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/test-app';
import type { Database } from '../database';

describe('migration 0043: where each bot’s background translation stands', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0043-bot-pretranslations'));
  });
  afterAll(() => close?.());

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows[0] as T;

  it('keeps one row per bot and language, with a known status, and goes with its bot', async () => {
    const { id: company } = await one<{ id: string }>(
      sql`insert into companies (name, company_type) values ('Acme', 'Regular') returning id`,
    );
    const { id: bot } = await one<{ id: string }>(
      sql`insert into bots (company_id, name, language, draft_flow) values (${company}, 'Bot', 'en', '{}') returning id`,
    );
    await sql`insert into bot_pretranslations (company_id, bot_id, language, status)
      values (${company}, ${bot}, 'es', 'queued')`.execute(database.db);
    const row = await one<{ translated: number; attempts: number; problem: string | null }>(
      sql`select translated, attempts, problem from bot_pretranslations`,
    );
    expect(row).toEqual({ translated: 0, attempts: 0, problem: null });
    await expect(
      sql`insert into bot_pretranslations (company_id, bot_id, language, status)
        values (${company}, ${bot}, 'es', 'queued')`.execute(database.db),
    ).rejects.toThrow();
    await expect(sql`update bot_pretranslations set status = 'lost'`.execute(database.db)).rejects.toThrow();
    await sql`delete from bots where id = ${bot}`.execute(database.db);
    const { count } = await one<{ count: string }>(
      sql`select count(*)::text as count from bot_pretranslations`,
    );
    expect(count).toBe('0');
  });

  it('goes down and up again', async () => {
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateTo('0043-bot-pretranslations')).error).toBeUndefined();
  });
});
