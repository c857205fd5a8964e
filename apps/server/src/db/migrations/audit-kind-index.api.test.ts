import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/test-app';
import type { Database } from '../database';

describe('migration 0050: the audit log read by kind across companies', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0043-bot-pretranslations'));
  });
  afterAll(() => close?.());

  const kindIndexes = async () =>
    (
      await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where indexname = 'audit_events_kind_time'`.execute(database.db)
    ).rows.map((row) => row.indexdef);

  it('orders one kind of every company’s entries by time from an index, and migrates back down', async () => {
    expect(await kindIndexes()).toEqual([]);
    const { error } = await migrator.migrateTo('0050-audit-kind-index');
    if (error) throw error;
    expect(await kindIndexes()).toEqual([expect.stringMatching(/\(kind, created_at DESC, id DESC\)/)]);

    // Staff's newest agent entries, a page at a time: read in order from the index, no sort.
    await sql`set enable_seqscan = off`.execute(database.db);
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select id from audit_events where kind = 'agent'
      order by created_at desc, id desc limit 26`.execute(database.db);
    await sql`reset enable_seqscan`.execute(database.db);
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('audit_events_kind_time');
    expect(text).not.toMatch(/\bSort\b/);

    const { error: downError } = await migrator.migrateTo('0043-bot-pretranslations');
    if (downError) throw downError;
    expect(await kindIndexes()).toEqual([]);
  });
});
