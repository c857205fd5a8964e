import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/test-app';
import type { Database } from '../database';

describe('migration 0029: translations a person wrote or checked, per bot, language and text', () => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await databaseMigratedTo('0029-bot-translations'));
  });
  afterAll(() => close?.());

  it('keeps one translation per bot, language and text, only reviewed or edited, gone with its bot', async () => {
    const company = await sql<{ id: string }>`
      insert into companies (name, company_type) values ('Shop', 'Regular') returning id`.execute(
      database.db,
    );
    const companyId = company.rows[0]?.id as string;
    const bot = await sql<{ id: string; translations_updated_at: Date | null }>`
      insert into bots (company_id, name, language, draft_flow) values (${companyId}, 'Bot', 'en', '{}')
      returning id, translations_updated_at`.execute(database.db);
    const botId = bot.rows[0]?.id as string;
    expect(bot.rows[0]?.translations_updated_at).toBeNull();
    const insert = (state: string) =>
      sql`insert into bot_translations (company_id, bot_id, language, text_key, source_hash, source_text, translated, state)
        values (${companyId}, ${botId}, 'es', 'start.text', 'h', 'Hello', 'Hola', ${state})`.execute(
        database.db,
      );
    await insert('edited');
    await expect(insert('reviewed')).rejects.toThrow(/duplicate key|bot_translations_pkey/);
    await expect(sql`update bot_translations set state = 'machine'`.execute(database.db)).rejects.toThrow(
      /bot_translations_state_check/,
    );
    await sql`delete from bots where id = ${botId}`.execute(database.db);
    const left = await sql<{ count: number }>`select count(*)::int as count from bot_translations`.execute(
      database.db,
    );
    expect(left.rows[0]?.count).toBe(0);
  });
});
