import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { ValidationException } from '../../errors';
import { queueMail } from '../mail/mail.service';
import { findUserByEmail, updatePassword } from '../users/users.repository';
import { passwordResetMail } from './mails';
import { consumeResetToken, insertResetToken, retireResetTokens } from './password-reset.repository';
import { hashPassword } from './passwords';
import { hashMailedToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/**
 * Takes a request for a recovery link. It only queues a job, whatever the address: the answer
 * and its time say nothing about whether an account exists.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await ctx.jobs.send(ctx.database.db, 'password-reset-mail', { email });
  ctx.jobs.wake('password-reset-mail');
}

/** The `password-reset-mail` job: mails a recovery link when the address has an active account. */
export async function mailPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const { db } = ctx.database;
  const user = await findUserByEmail(db, email);
  if (user?.status !== 'active') return;
  const token = randomBytes(32).toString('base64url');
  const link = `${ctx.config.publicUrl}/v2/recover?token=${token}`;
  await db.transaction().execute(async (trx) => {
    await insertResetToken(trx, user.id, hashMailedToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    await queueMail(trx, ctx.jobs, passwordResetMail(user.email, user.first_name, link));
  });
  ctx.jobs.wake('mail-delivery');
}

/** Sets a new password from a mailed link: single use, within the hour. Signs out other sessions. */
export async function recoverPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userId = await ctx.database.db.transaction().execute(async (trx) => {
    const userId = await consumeResetToken(trx, hashMailedToken(token));
    if (!userId) {
      throw new ValidationException('This recovery link is invalid, used or expired; ask for a new one', {
        issues: [{ path: 'body.token', message: 'Invalid or expired' }],
      });
    }
    await updatePassword(trx, userId, passwordHash);
    await retireResetTokens(trx, userId);
    return userId;
  });
  ctx.conversations.bus.publishSessionsEnded(userId);
}
