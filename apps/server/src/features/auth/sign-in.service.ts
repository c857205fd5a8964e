import type { AuthRecord, LoginRequest } from '@parley/contracts';
import type { AppContext } from '../../context';
import { RateLimitException, UnauthorizedException } from '../../errors';
import { writeAuditEvent } from '../audit/audit-trail';
import {
  claimAttempt,
  clearAttempts,
  countFailure,
  readFailures,
  type ThrottlePolicy,
} from '../rate-limits/attempt-throttle.repository';
import { findSessionUser, findUserByEmail, type SessionUser, useTotpStep } from '../users/users.repository';
import { authRecordFor } from './auth-record';
import { verifyPassword } from './passwords';
import { totpStep } from './two-factor';

/**
 * Failed attempts from one caller at one thing (an account from one address, a user's
 * authenticator setup, a password change): the configured number are free, then each next
 * attempt waits 1 s, 2 s, 4 s… up to the window; a quiet window forgets them.
 */
export function attemptPolicy(ctx: AppContext): ThrottlePolicy {
  const { perAccount, windowMs } = ctx.config.authRateLimit;
  return { freeFailures: perAccount, firstDelayMs: 1_000, maxDelayMs: windowMs, quietMs: windowMs };
}

type SignInFailure = 'wrong-password' | 'wrong-code' | 'account-disabled';

/**
 * A failed sign-in to an account, in its company's audit log (attempts at addresses without an
 * account belong to no company and are only counted by the throttle).
 */
async function logSignInFailure(
  ctx: AppContext,
  user: SessionUser,
  reason: SignInFailure,
  address: string,
): Promise<void> {
  await writeAuditEvent(ctx.database.db, {
    companyId: user.company_id,
    actor: user,
    action: 'security.sign-in-failed',
    target: { type: 'member', id: user.id, label: user.email },
    details: { reason },
    ip: address,
  });
}

const hasAuthenticator = (user: SessionUser): user is SessionUser & { totp_secret: string } =>
  user.company_two_factor_enabled && user.qr_registered && user.totp_secret !== null;

/**
 * Signs in with email and password, and a TOTP code when the company requires two-factor and
 * the user has registered an authenticator.
 *
 * Failures slow down the pair (account, address), never the account as a whole, so nobody can
 * lock someone else out. Once an account has had that many failures from anywhere, every other
 * address gets one free try at it before waiting: a person on a fresh address with the right
 * password still gets in at once, a spread-out guesser gets one guess per address. A valid code
 * from the person's authenticator lets them through a wait, since an attacker lacks it.
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  address: string,
  receivedAt: Date,
): Promise<AuthRecord> {
  const { db } = ctx.database;
  const email = input.email.toLowerCase();
  const accountKey = `sign-in:account:${email}`;
  const pairKey = `sign-in:pair:${address}:${email}`;
  const policy = attemptPolicy(ctx);
  const underAttack = (await readFailures(db, accountKey)) >= policy.freeFailures;
  const claim = await claimAttempt(
    db,
    pairKey,
    underAttack ? { ...policy, freeFailures: 1 } : policy,
    receivedAt,
  );

  const found = await findUserByEmail(db, email);
  const user = found && (await findSessionUser(db, found.company_id, found.id));
  const step =
    user && input.otp && hasAuthenticator(user)
      ? await totpStep(user.totp_secret, input.otp, user.totp_last_step)
      : undefined;
  if (!claim.ok && step === undefined) {
    throw new RateLimitException(claim.retryAfterMs, 'Too many failed sign-ins; wait a moment and try again');
  }

  const fail = async (error: UnauthorizedException, reason: SignInFailure): Promise<never> => {
    await countFailure(db, accountKey, policy.quietMs);
    if (user) await logSignInFailure(ctx, user, reason, address);
    throw error;
  };
  if (!user || !(await verifyPassword(user.password_hash, input.password))) {
    return fail(
      new UnauthorizedException('Email or password is incorrect', { reason: 'bad-credentials' }),
      'wrong-password',
    );
  }
  if (user.status !== 'active') {
    await logSignInFailure(ctx, user, 'account-disabled', address);
    throw new UnauthorizedException('This account is disabled', { reason: 'disabled' });
  }
  if (hasAuthenticator(user)) {
    if (!input.otp) {
      throw new UnauthorizedException('Enter the code from your authenticator app', { otpRequired: true });
    }
    // Recorded in one statement: of two sign-ins racing with one code, one gets in.
    if (step === undefined || !(await useTotpStep(db, user.id, step))) {
      return fail(
        new UnauthorizedException('The code is not valid or was already used; enter the next one', {
          otpRequired: true,
        }),
        'wrong-code',
      );
    }
  }
  await clearAttempts(db, pairKey);
  return authRecordFor(ctx, user);
}
