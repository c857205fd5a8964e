import { INDUSTRIES } from '@parley/contracts';
import { type Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/test-app';
import type { Database } from '../database';

describe('migration 0014: a company’s industry from a fixed list', () => {
  let database: Database;
  let migrator: Migrator;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, migrator, close } = await databaseMigratedTo('0013-sign-in-hardening'));
  });
  afterAll(() => close?.());

  const company = async (name: string, industry: string | null) => {
    const result = await sql<{ id: string }>`
      insert into companies (name, company_type, industry) values (${name}, 'Regular', ${industry})
      returning id`.execute(database.db);
    return result.rows[0]?.id as string;
  };
  const user = (companyId: string, role: string, permissions: string[]) =>
    sql`insert into users (email, password_hash, first_name, last_name, role, permissions, company_id)
      values (${`${role}-${companyId}@example.com`}, 'x', 'A', 'B', ${role}, ${JSON.stringify(permissions)}, ${companyId})`.execute(
      database.db,
    );

  it('keeps what clearly names an industry, clears the rest, and lets admins manage the company', async () => {
    const ids = {
      shop: await company('Shop', 'Retail'),
      webshop: await company('Webshop', ' E-commerce '),
      bank: await company('Bank', 'Banking'),
      widgets: await company('Widgets', 'Widgets and gadgets'),
      unknown: await company('Unknown', null),
    };
    await user(ids.shop, 'admin', ['bots:manage', 'users:manage']);
    await user(ids.shop, 'builder', ['bots:manage']);

    // This migration alone: later ones change permissions again (0024 gives bots:view).
    const { error } = await migrator.migrateTo('0014-industries');
    if (error) throw error;

    const rows = await sql<{ name: string; industry: string | null }>`
      select name, industry from companies order by name`.execute(database.db);
    expect(Object.fromEntries(rows.rows.map((row) => [row.name, row.industry]))).toEqual({
      Bank: 'financial_services',
      Shop: 'retail',
      Unknown: null,
      Webshop: 'retail',
      Widgets: null,
    });
    const users = await sql<{ role: string; permissions: string[] }>`
      select role, permissions from users order by role`.execute(database.db);
    expect(users.rows).toEqual([
      { role: 'admin', permissions: ['bots:manage', 'users:manage', 'company:manage'] },
      { role: 'builder', permissions: ['bots:manage'] },
    ]);
  });

  it('takes every industry of the contracts’ list and nothing else', async () => {
    const id = await company('Any', null);
    for (const industry of INDUSTRIES)
      await sql`update companies set industry = ${industry} where id = ${id}`.execute(database.db);
    await expect(
      sql`update companies set industry = 'Retail' where id = ${id}`.execute(database.db),
    ).rejects.toThrow(/companies_industry_check/);
  });
});
