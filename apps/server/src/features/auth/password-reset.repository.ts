import { sql } from 'kysely';
import type { Queryable } from '../../db/database';

export async function insertResetToken(
  db: Queryable,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null })
    .execute();
}

/**
 * Marks a live token used and returns its user, in one statement: of two requests racing with
 * the same token, only one gets the user back.
 */
export async function consumeResetToken(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** A new password makes every other outstanding link of the user useless. */
export async function retireResetTokens(db: Queryable, userId: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
