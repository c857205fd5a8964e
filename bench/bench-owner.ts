import type { Db } from '../apps/server/src/db/database';
import { hashPassword } from '../apps/server/src/features/auth/passwords';
import { insertCompany } from '../apps/server/src/features/companies/companies.repository';
import { permissionsFor } from '../apps/server/src/features/users/permissions';
import { insertUser } from '../apps/server/src/features/users/users.repository';

export const BENCH_PASSWORD = 'correct horse battery';

/**
 * A company and its owner, made straight in the database: sign-up finishes through a mailed link,
 * which a bench has no inbox for. Sign in with `email` and BENCH_PASSWORD through the real API.
 */
export async function createBenchOwner(db: Db, email: string, companyName: string): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const company = await insertCompany(trx, {
      name: companyName,
      company_type: 'Regular',
      company_expiration_date: null,
      industry: null,
    });
    await insertUser(trx, {
      email,
      password_hash: passwordHash,
      first_name: 'Bench',
      last_name: 'Mark',
      role: 'owner',
      permissions: JSON.stringify(permissionsFor('owner')),
      company_id: company.id,
      totp_secret: null,
    });
  });
}
