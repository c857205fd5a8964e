import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/test-app';
import type { Database } from '../database';

describe('migration 0025: the audit log and its retention', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0024-teams'));
  });
  afterAll(() => close?.());

  it('gives existing companies a year of audit log, bounded to 30..3650 days, and migrates back down', async () => {
    await sql`insert into companies (name, company_type) values ('Before', 'Regular')`.execute(database.db);
    const { error } = await migrator.migrateTo('0025-audit-log');
    if (error) throw error;

    const before = await sql<{ audit_retention_days: number }>`
      select audit_retention_days from companies where name = 'Before'`.execute(database.db);
    expect(before.rows).toEqual([{ audit_retention_days: 365 }]);
    await expect(
      sql`update companies set audit_retention_days = 7 where name = 'Before'`.execute(database.db),
    ).rejects.toThrow();

    const company = await sql<{ id: string }>`select id from companies where name = 'Before'`.execute(
      database.db,
    );
    const companyId = company.rows[0]?.id;
    await sql`insert into audit_events (company_id, action, kind) values (${companyId}, 'bot.saved', 'bot')`.execute(
      database.db,
    );
    const entries = await sql<{ details: unknown; actor_name: string }>`
      select details, actor_name from audit_events`.execute(database.db);
    expect(entries.rows).toEqual([{ details: {}, actor_name: '' }]);

    const { error: downError } = await migrator.migrateTo('0024-teams');
    if (downError) throw downError;
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_name = 'audit_events'`.execute(database.db);
    expect(tables.rows).toEqual([]);
  });
});
