import type { CurrentUser, UpdateProfileRequest } from '@parley/contracts';
import type { AppContext } from '../../context';
import type { CompanyRow } from '../../db/tables/company.table';
import type { SectionRow } from '../../db/tables/section.table';
import type { UserRow } from '../../db/tables/user.table';
import { NotFoundException } from '../../errors';
import { findCompany, listSections } from '../companies/companies.repository';
import { findUserInCompany, updateNames } from './users.repository';

/** The API's text for "not on trial" (spec §3). */
export const NO_EXPIRATION = 'None';

export function toCurrentUser(user: UserRow, company: CompanyRow, sections: SectionRow[]): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    permissions: user.permissions,
    role: user.role,
    status: user.status,
    user_type: user.user_type,
    qr_registered: user.qr_registered,
    language: user.language,
    ...(user.bot_ids ? { bot_ids: user.bot_ids } : {}),
    company: {
      id: company.id,
      name: company.name,
      company_type: company.company_type,
      company_expiration_date: company.company_expiration_date?.toISOString() ?? NO_EXPIRATION,
      industry: company.industry,
      two_factor_enabled: company.two_factor_enabled,
      sections: sections.map((section) => ({
        id: section.id,
        column: section.column,
        description: section.description,
        label: section.label,
        iframe_url: section.iframe_url,
        icon: section.icon,
      })),
    },
  };
}

export async function currentUser(ctx: AppContext, companyId: string, userId: string): Promise<CurrentUser> {
  const { db } = ctx.database;
  const [user, company, sections] = await Promise.all([
    findUserInCompany(db, companyId, userId),
    findCompany(db, companyId),
    listSections(db, companyId),
  ]);
  if (!user || !company) throw new NotFoundException('User not found');
  return toCurrentUser(user, company, sections);
}

export async function updateProfile(
  ctx: AppContext,
  companyId: string,
  userId: string,
  input: UpdateProfileRequest,
): Promise<CurrentUser> {
  await updateNames(ctx.database.db, companyId, userId, input);
  return currentUser(ctx, companyId, userId);
}
