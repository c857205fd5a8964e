import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import { containsPattern } from '../../db/like-pattern';
import type { CompanyRow, CompanyTable, NewCompany } from '../../db/tables/company.table';
import type { NewSection, SectionRow } from '../../db/tables/section.table';

export async function insertCompany(db: Queryable, company: NewCompany): Promise<CompanyRow> {
  return db.insertInto('companies').values(company).returningAll().executeTakeFirstOrThrow();
}

export async function findCompany(db: Queryable, companyId: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
}

/** Changes a company's own settings; undefined when there is no such company. */
export async function updateCompanySettings(
  db: Queryable,
  companyId: string,
  changes: Partial<Pick<CompanyTable, 'name' | 'industry'>>,
): Promise<CompanyRow | undefined> {
  return db
    .updateTable('companies')
    .set(changes)
    .where('id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
}

export async function listSections(db: Queryable, companyId: string): Promise<SectionRow[]> {
  return db
    .selectFrom('sections')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('column')
    .orderBy('position')
    .orderBy('label')
    .execute();
}

export async function insertSections(db: Queryable, sections: NewSection[]): Promise<void> {
  if (sections.length > 0) await db.insertInto('sections').values(sections).execute();
}

export type CompanySummaryRow = Pick<CompanyRow, 'id' | 'name' | 'company_type'>;

/** Every company whose name contains `search`, by name; for Parley staff's company selectors. */
export async function listCompanies(
  db: Queryable,
  search: string,
  limit: number,
): Promise<CompanySummaryRow[]> {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'company_type'])
    .$if(search !== '', (query) => query.where('name', 'ilike', containsPattern(search)))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** When the company's trial ends (null: not on trial); undefined for an unknown company. */
export async function findCompanyExpiration(
  db: Queryable,
  companyId: string,
): Promise<Date | null | undefined> {
  const row = await db
    .selectFrom('companies')
    .select('company_expiration_date')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.company_expiration_date;
}

/** The company a deployment key belongs to (deleted deployments too: the key stays the company's). */
export async function findCompanyOfDeploymentKey(db: Queryable, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('deployments')
    .select('company_id')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.company_id;
}

/** The company a conversation belongs to. */
export async function findCompanyOfConversation(
  db: Queryable,
  conversationId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select('company_id')
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return row?.company_id;
}
