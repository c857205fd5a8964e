import type { AuthRecord, ChangePasswordRequest, TwoFactorQr } from '@parley/contracts';
import type { AppContext } from '../../context';
import { ConflictException, UnauthorizedException, ValidationException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { clearAttempts } from '../rate-limits/attempt-throttle.repository';
import { takeAttempt } from '../rate-limits/rate-limit.service';
import {
  findSessionUser,
  markQrRegistered,
  setTotpSecret,
  updatePassword,
  useTotpStep,
} from '../users/users.repository';
import { authRecordFor } from './auth-record';
import { retireResetTokens } from './password-reset.repository';
import { hashPassword, verifyPassword } from './passwords';
import { attemptPolicy } from './sign-in.service';
import { newTotpSecret, totpEnrolment, totpStep } from './two-factor';

// Password hashing stays outside transactions: on the embedded database a transaction holds the
// only connection, and nobody else should wait ~50 ms for a hash.

/** The authenticator enrolment for the caller; the secret is made once and kept until registered. */
export async function twoFactorQr(ctx: AppContext, session: Session): Promise<TwoFactorQr> {
  const { user } = session;
  if (user.qr_registered) {
    throw new ConflictException('Two-factor authentication is already set up for this account');
  }
  let secret = user.totp_secret;
  if (!secret) {
    secret = newTotpSecret();
    await setTotpSecret(ctx.database.db, user.id, secret);
  }
  return totpEnrolment(secret, user.email);
}

/**
 * Confirms the authenticator with a code it shows, and upgrades the caller to a full session.
 * Wrong codes slow the user down as wrong passwords do; the code is used up like a sign-in's.
 */
export async function registerTwoFactor(
  ctx: AppContext,
  session: Session,
  otp: string,
  receivedAt: Date,
): Promise<AuthRecord> {
  const { user } = session;
  const { db } = ctx.database;
  if (user.qr_registered) {
    throw new ConflictException('Two-factor authentication is already set up for this account');
  }
  if (!user.totp_secret) {
    throw new ConflictException('Open the QR code first, then enter the code your app shows');
  }
  const attemptsKey = `two-factor-setup:${user.id}`;
  await takeAttempt(db, attemptsKey, attemptPolicy(ctx), receivedAt);
  const step = await totpStep(user.totp_secret, otp, user.totp_last_step);
  if (step === undefined || !(await useTotpStep(db, user.id, step))) {
    throw new ValidationException('The code is not valid; try the current one', {
      issues: [{ path: 'body.otp', message: 'The code is not valid' }],
    });
  }
  await markQrRegistered(db, user.id);
  await clearAttempts(db, attemptsKey);
  return authRecordFor(ctx, { ...user, qr_registered: true });
}

/**
 * Changes the caller's password after checking the current one. Every other session ends (the
 * session version moves on); the caller gets a fresh session so they stay signed in here.
 */
export async function changePassword(
  ctx: AppContext,
  session: Session,
  input: ChangePasswordRequest,
  receivedAt: Date,
): Promise<AuthRecord> {
  const { db } = ctx.database;
  const attemptsKey = `password-change:${session.userId}`;
  await takeAttempt(db, attemptsKey, attemptPolicy(ctx), receivedAt);
  if (!(await verifyPassword(session.user.password_hash, input.current_password))) {
    throw new ValidationException('The current password is not right', {
      issues: [{ path: 'body.current_password', message: 'The current password is not right' }],
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    await updatePassword(trx, session.userId, passwordHash);
    await retireResetTokens(trx, session.userId);
  });
  ctx.conversations.bus.publishSessionsEnded(session.userId);
  await clearAttempts(db, attemptsKey);
  const user = await findSessionUser(db, session.companyId, session.userId);
  if (!user) throw new UnauthorizedException();
  return authRecordFor(ctx, user);
}
