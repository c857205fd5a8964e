import type { CompanyType } from '@parley/contracts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { NewUser, UserRow } from '../../db/tables/user.table';

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Tenant-scoped: a user is only found within its own company. */
export async function findUserInCompany(
  db: Queryable,
  companyId: string,
  userId: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export async function emailExists(db: Queryable, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updatePassword(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      session_version: eb('session_version', '+', 1),
      updated_at: sql`now()`,
    }))
    .where('id', '=', userId)
    .execute();
}

export async function updateNames(
  db: Queryable,
  companyId: string,
  userId: string,
  names: { first_name?: string; last_name?: string; language?: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...names, updated_at: sql`now()` })
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .execute();
}

/** A session was handed to the user: the team screen shows when they last signed in. */
export async function markSignedIn(db: Queryable, userId: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: sql`now()` }).where('id', '=', userId).execute();
}

export async function setTotpSecret(db: Queryable, userId: string, secret: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: secret, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function markQrRegistered(db: Queryable, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ qr_registered: true, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records the authenticator step a code was accepted for, unless this or a later one already was:
 * of two sign-ins racing with one code, only one gets true.
 */
export async function useTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export type SessionUser = UserRow & {
  company_two_factor_enabled: boolean;
  company_type: CompanyType;
  /** When the company's trial ends; null when it is not on trial. */
  company_expiration_date: Date | null;
};

/** The user behind a token, with what its company requires of sign-in. */
export async function findSessionUser(
  db: Queryable,
  companyId: string,
  userId: string,
): Promise<SessionUser | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .selectAll('users')
    .select([
      'companies.two_factor_enabled as company_two_factor_enabled',
      'companies.company_type',
      'companies.company_expiration_date',
    ])
    .where('users.id', '=', userId)
    .where('users.company_id', '=', companyId)
    .executeTakeFirst();
}
