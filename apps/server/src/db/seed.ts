import type { CompanyType, Industry, UserRole } from '@parley/contracts';
import { hashPassword } from '../features/auth/passwords';
import { insertCompany, insertSections } from '../features/companies/companies.repository';
import { permissionsFor } from '../features/users/permissions';
import { emailExists, insertUser } from '../features/users/users.repository';
import type { Db } from './database';
import { hasSeedRun, recordSeedRun } from './seed-runs.repository';

export const DEMO_PASSWORD = 'parley-demo';

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  userType: 'customer' | 'internal';
  company: {
    name: string;
    type: CompanyType;
    trialDays: number | null;
    industry: Industry;
    twoFactor: boolean;
  };
}

/** The demo accounts the README lists; all use DEMO_PASSWORD. */
export const demoAccounts: DemoAccount[] = [
  {
    email: 'owner@demo.parley.dev',
    firstName: 'Olivia',
    lastName: 'Owner',
    role: 'owner',
    userType: 'customer',
    company: { name: 'Demo Co', type: 'Regular', trialDays: null, industry: 'retail', twoFactor: false },
  },
  {
    email: 'trial@demo.parley.dev',
    firstName: 'Theo',
    lastName: 'Trial',
    role: 'owner',
    userType: 'customer',
    company: { name: 'Trial Co', type: 'Regular', trialDays: 14, industry: 'travel', twoFactor: false },
  },
  {
    email: 'staff@parley.dev',
    firstName: 'Sam',
    lastName: 'Staff',
    role: 'admin',
    userType: 'internal',
    company: { name: 'Parley', type: 'Internal', trialDays: null, industry: 'software', twoFactor: false },
  },
  {
    email: 'lite@demo.parley.dev',
    firstName: 'Lena',
    lastName: 'Lite',
    role: 'owner',
    userType: 'customer',
    company: { name: 'Lite Co', type: 'Lite', trialDays: null, industry: 'hospitality', twoFactor: false },
  },
  {
    email: 'secure@demo.parley.dev',
    firstName: 'Sofia',
    lastName: 'Secure',
    role: 'owner',
    userType: 'customer',
    company: {
      name: 'Secure Co',
      type: 'Regular',
      trialDays: null,
      industry: 'financial_services',
      twoFactor: true,
    },
  },
];

/** Sections every demo company starts with: the API reference, opened inside the app. */
const demoSections = [
  {
    column: 'Resources',
    label: 'API reference',
    description: 'Every endpoint of the Parley API, with its request and answer shapes',
    iframe_url: '/api/docs',
    icon: { initial_state: '/icons/sections/api.svg', selected_state: '/icons/sections/api-selected.svg' },
  },
];

/**
 * Creates the demo companies and users. Runs once per database unless forced; either way an
 * account that already exists is left as it is, so running it again changes nothing.
 */
export async function seedDemo(db: Db, options: { force: boolean }): Promise<string[]> {
  if (!options.force && (await hasSeedRun(db, 'demo'))) return [];
  const created: string[] = [];
  for (const account of demoAccounts) {
    if (await emailExists(db, account.email)) continue;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction().execute(async (trx) => {
      const { company: spec } = account;
      const company = await insertCompany(trx, {
        name: spec.name,
        company_type: spec.type,
        company_expiration_date:
          spec.trialDays === null ? null : new Date(Date.now() + spec.trialDays * 86_400_000),
        industry: spec.industry,
        two_factor_enabled: spec.twoFactor,
      });
      await insertUser(trx, {
        email: account.email,
        password_hash: passwordHash,
        first_name: account.firstName,
        last_name: account.lastName,
        role: account.role,
        permissions: JSON.stringify(permissionsFor(account.role)),
        user_type: account.userType,
        company_id: company.id,
        totp_secret: null,
      });
      await insertSections(
        trx,
        demoSections.map((section, position) => ({
          ...section,
          icon: JSON.stringify(section.icon),
          company_id: company.id,
          position,
        })),
      );
    });
    created.push(account.email);
  }
  await recordSeedRun(db, 'demo');
  return created;
}
