import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/test-app';
import type { Database } from '../database';

describe('migration 0026: knowledge documents and the published store', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0024-teams'));
  });
  afterAll(() => close?.());

  it('keeps every dataset answering the published bot as before, as a CSV file', async () => {
    const db = database.db;
    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0] as T;
    const { id: companyId } = await one<{ id: string }>(
      sql`insert into companies (name, company_type) values ('Shop', 'Regular') returning id`,
    );
    const bot = async (name: string) =>
      (
        await one<{ id: string }>(
          sql`insert into bots (company_id, name, language, draft_flow) values (${companyId}, ${name}, 'en', '{}') returning id`,
        )
      ).id;
    const withData = await bot('With data');
    const without = await bot('Without');
    const { id: sourceId } = await one<{ id: string }>(
      sql`insert into knowledge_sources (company_id, bot_id, kind, name) values (${companyId}, ${withData}, 'csv', 'prices') returning id`,
    );
    const { id: fileId } = await one<{ id: string }>(
      sql`insert into knowledge_files (source_id, company_id, file_name, size_bytes, state)
        values (${sourceId}, ${companyId}, 'prices.csv', 10, 'ready') returning id`,
    );
    await sql`update knowledge_sources set live_file_id = ${fileId} where id = ${sourceId}`.execute(db);

    const { error } = await migrator.migrateTo('0026-knowledge-documents');
    if (error) throw error;

    expect(
      await one(sql`select published_file_id, live_file_id from knowledge_sources where id = ${sourceId}`),
    ).toEqual({ published_file_id: fileId, live_file_id: fileId });
    expect(await one(sql`select format, chunk_count from knowledge_files where id = ${fileId}`)).toEqual({
      format: 'csv',
      chunk_count: null,
    });
    const published = await sql<{ id: string; published: boolean }>`
      select id, knowledge_published_at is not null as published from bots order by name`.execute(db);
    expect(Object.fromEntries(published.rows.map((row) => [row.id, row.published]))).toEqual({
      [withData]: true,
      [without]: false,
    });
    // Documents are a kind of source now, and their chunks have a table.
    await sql`insert into knowledge_sources (company_id, bot_id, kind, name) values (${companyId}, ${without}, 'document', 'FAQ')`.execute(
      db,
    );
    expect((await sql`select count(*)::int as n from knowledge_chunks`.execute(db)).rows).toEqual([{ n: 0 }]);
  });
});
