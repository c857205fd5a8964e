import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import type { PendingSignUpRow } from '../../db/tables/pending-sign-up.table';

export async function insertPendingSignUp(
  db: Queryable,
  signUp: Pick<
    PendingSignUpRow,
    'email' | 'first_name' | 'last_name' | 'company_name' | 'industry' | 'password_hash'
  >,
  expiresAt: Date,
): Promise<string> {
  const row = await db
    .insertInto('pending_sign_ups')
    .values({ ...signUp, token_hash: null, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findPendingSignUp(db: Queryable, id: string): Promise<PendingSignUpRow | undefined> {
  return db
    .selectFrom('pending_sign_ups')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function setPendingSignUpToken(db: Queryable, id: string, tokenHash: string): Promise<void> {
  await db.updateTable('pending_sign_ups').set({ token_hash: tokenHash }).where('id', '=', id).execute();
}

/**
 * Takes the live sign-up a mailed token belongs to, in one statement: of two requests racing with
 * the same link, only one gets it.
 */
export async function consumePendingSignUp(
  db: Queryable,
  tokenHash: string,
): Promise<PendingSignUpRow | undefined> {
  return db
    .deleteFrom('pending_sign_ups')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePendingSignUp(db: Queryable, id: string): Promise<void> {
  await db.deleteFrom('pending_sign_ups').where('id', '=', id).execute();
}

/** Sign-ups whose link was never opened in time. */
export async function deleteExpiredPendingSignUps(db: Queryable): Promise<void> {
  await db.deleteFrom('pending_sign_ups').where('expires_at', '<=', sql<Date>`now()`).execute();
}

/** Once an address has its account, its other waiting sign-ups can never finish. */
export async function deletePendingSignUpsFor(db: Queryable, email: string): Promise<void> {
  await db
    .deleteFrom('pending_sign_ups')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .execute();
}
