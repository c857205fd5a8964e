import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/test-app';
import type { Database } from '../database';

describe('migration 0027: the agents area’s tables', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0027-agents'));
  });
  afterAll(() => close?.());

  it('keeps versions and runs with their agent, one tool name per company, and undoes cleanly', async () => {
    const company = await sql<{ id: string }>`
      insert into companies (name, company_type) values ('Shop', 'Regular') returning id`.execute(
      database.db,
    );
    const companyId = company.rows[0]?.id;
    const agent = await sql<{ id: string }>`
      insert into agents (company_id, name, definition) values (${companyId}, 'Orders', '{}') returning id`.execute(
      database.db,
    );
    const agentId = agent.rows[0]?.id;
    await sql`insert into agent_versions (agent_id, version, definition, created_by_name)
      values (${agentId}, 1, '{}', 'Ann')`.execute(database.db);
    await sql`insert into agent_runs (company_id, agent_id, version, source, outcome, steps, step_count, duration_ms)
      values (${companyId}, ${agentId}, 1, 'playground', 'answered', '[]', 0, 5)`.execute(database.db);
    await sql`insert into agent_tools (company_id, name, definition) values (${companyId}, 'order_status', '{}')`.execute(
      database.db,
    );
    await expect(
      sql`insert into agent_tools (company_id, name, definition) values (${companyId}, 'order_status', '{}')`.execute(
        database.db,
      ),
    ).rejects.toThrow();
    await sql`delete from agents where id = ${agentId}`.execute(database.db);
    const left = await sql<{ versions: number; runs: number }>`
      select (select count(*)::int from agent_versions) as versions, (select count(*)::int from agent_runs) as runs`.execute(
      database.db,
    );
    expect(left.rows[0]).toEqual({ versions: 0, runs: 0 });

    const { error } = await migrator.migrateDown();
    if (error) throw error;
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_name like 'agent%'`.execute(
      database.db,
    );
    expect(tables.rows).toEqual([]);
  });
});
