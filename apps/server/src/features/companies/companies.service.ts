import type {
  CompanyList,
  CompanySettings,
  CompanySummary,
  listCompaniesQuerySchema,
  UpdateCompanySettingsRequest,
} from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { CompanyRow } from '../../db/tables/company.table';
import { NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import type { Session } from '../../plugins/authenticate';
import { findCompany, listCompanies, updateCompanySettings } from './companies.repository';

const summary = (row: CompanySummary): CompanySummary => ({
  id: row.id,
  name: row.name,
  company_type: row.company_type,
});

/** The companies a person may pick: any, for Parley staff (the Internal company); their own otherwise. */
export async function selectableCompanies(
  ctx: AppContext,
  session: Session,
  query: z.output<typeof listCompaniesQuerySchema>,
): Promise<CompanyList> {
  const { db } = ctx.database;
  if (session.user.company_type === 'Internal') {
    return { items: (await listCompanies(db, query.search, query.limit)).map(summary) };
  }
  const own = await findCompany(db, session.companyId);
  const matches = own?.name.toLowerCase().includes(query.search.toLowerCase());
  return { items: own && matches ? [summary(own)] : [] };
}

/** One company by id, if this person may pick it (others' are simply not found). */
export async function selectableCompany(
  ctx: AppContext,
  session: Session,
  id: string,
): Promise<CompanySummary> {
  const allowed = id === session.companyId || session.user.company_type === 'Internal';
  const row = allowed && isUuid(id) ? await findCompany(ctx.database.db, id) : undefined;
  if (!row) throw new NotFoundException('Company not found');
  return summary(row);
}

const settings = (row: CompanyRow): CompanySettings => ({
  id: row.id,
  name: row.name,
  company_type: row.company_type,
  industry: row.industry,
});

/**
 * Changes the company's name or industry. `companyId` is the caller's own company, as the tenancy
 * check (companyScope) answered it: nobody changes another company's settings.
 */
export async function changeCompanySettings(
  ctx: AppContext,
  companyId: string,
  input: UpdateCompanySettingsRequest,
): Promise<CompanySettings> {
  const row = await updateCompanySettings(ctx.database.db, companyId, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.industry !== undefined ? { industry: input.industry } : {}),
  });
  if (!row) throw new NotFoundException('Company not found');
  return settings(row);
}
