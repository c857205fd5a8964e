import { createHash, randomBytes } from 'node:crypto';
import type {
  AuthRecord,
  ChangePasswordRequest,
  LoginRequest,
  RegisterRequest,
  TwoFactorQr,
} from '@parley/contracts';
import type { AppContext } from '../../context';
import { ConflictException, UnauthorizedException, ValidationException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { insertCompany } from '../companies/companies.repository';
import { queueMail } from '../mail/mail.service';
import { clearHits, incrementHits } from '../rate-limits/rate-limit.repository';
import { assertUnderLimit, type Limit } from '../rate-limits/rate-limit.service';
import { permissionsFor } from '../users/permissions';
import {
  emailExists,
  findSessionUser,
  findUserByEmail,
  insertUser,
  markQrRegistered,
  type SessionUser,
  setTotpSecret,
  updatePassword,
} from '../users/users.repository';
import { passwordResetMail } from './mails';
import { consumeResetToken, insertResetToken, retireResetTokens } from './password-reset.repository';
import { hashPassword, verifyPassword } from './passwords';
import { issueToken, QR_SETUP_TTL_MS } from './tokens';
import { isValidTotp, newTotpSecret, totpEnrolment } from './two-factor';

export const TRIAL_DAYS = 14;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

// Password hashing stays outside transactions: on the embedded database a transaction holds the
// only connection, and nobody else should wait ~50 ms for a hash.

/** Creates a company on a trial and its owner, and signs the owner in. */
export async function register(ctx: AppContext, input: RegisterRequest): Promise<AuthRecord> {
  const { db } = ctx.database;
  if (await emailExists(db, input.email)) {
    throw new ConflictException('An account with this email already exists', { field: 'email' });
  }
  const passwordHash = await hashPassword(input.password);
  const { user, company } = await db
    .transaction()
    .execute(async (trx) => {
      const company = await insertCompany(trx, {
        name: input.company_name,
        company_type: 'Regular',
        company_expiration_date: new Date(Date.now() + TRIAL_DAYS * 86_400_000),
        industry: null,
      });
      const owner = await insertUser(trx, {
        email: input.email,
        password_hash: passwordHash,
        first_name: input.first_name,
        last_name: input.last_name,
        role: 'owner',
        permissions: JSON.stringify(permissionsFor('owner')),
        company_id: company.id,
        totp_secret: null,
      });
      return { user: owner, company };
    })
    .catch((error: unknown) => {
      // Two sign-ups racing for one address: the unique index decides.
      if ((error as { code?: string }).code === '23505') {
        throw new ConflictException('An account with this email already exists', { field: 'email' });
      }
      throw error;
    });
  return authRecordFor(ctx, {
    ...user,
    company_two_factor_enabled: false,
    company_type: 'Regular',
    company_expiration_date: company.company_expiration_date,
  });
}

function accountLimit(ctx: AppContext): Limit {
  return { max: ctx.config.authRateLimit.perAccount, windowMs: ctx.config.authRateLimit.windowMs };
}

/**
 * Signs in with email and password, and a TOTP code when the company requires two-factor and
 * the user has registered an authenticator. Failures are counted per account.
 */
export async function login(ctx: AppContext, input: LoginRequest): Promise<AuthRecord> {
  const { db } = ctx.database;
  const failureKey = `login-failures:${input.email.toLowerCase()}`;
  await assertUnderLimit(db, failureKey, accountLimit(ctx));

  const found = await findUserByEmail(db, input.email);
  const user = found && (await findSessionUser(db, found.company_id, found.id));
  const passwordOk = await verifyPassword(user?.password_hash, input.password);
  if (!user || !passwordOk) {
    await incrementHits(db, failureKey, accountLimit(ctx).windowMs);
    throw new UnauthorizedException('Email or password is incorrect', { reason: 'bad-credentials' });
  }
  if (user.status !== 'active') {
    throw new UnauthorizedException('This account is disabled', { reason: 'disabled' });
  }
  if (user.company_two_factor_enabled && user.qr_registered && user.totp_secret) {
    if (!input.otp) {
      throw new UnauthorizedException('Enter the code from your authenticator app', { otpRequired: true });
    }
    if (!(await isValidTotp(user.totp_secret, input.otp))) {
      await incrementHits(db, failureKey, accountLimit(ctx).windowMs);
      throw new UnauthorizedException('The code is not valid; try the current one', { otpRequired: true });
    }
  }
  await clearHits(db, failureKey);
  return authRecordFor(ctx, user);
}

/** A full session, or only the QR-registration step when the company requires two-factor. */
async function authRecordFor(ctx: AppContext, user: SessionUser): Promise<AuthRecord> {
  const qrPending = user.company_two_factor_enabled && !user.qr_registered;
  const scope = qrPending ? 'qr-setup' : 'full';
  const { token, expiry } = await issueToken(
    ctx.config.jwtSecret,
    { userId: user.id, companyId: user.company_id, scope, sessionVersion: user.session_version },
    qrPending ? QR_SETUP_TTL_MS : ctx.config.sessionTtlMs,
  );
  return {
    token,
    expiry,
    company2faEnabled: user.company_two_factor_enabled,
    qrRegistered: user.qr_registered,
  };
}

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

/** Confirms the authenticator with a code it shows, and upgrades the caller to a full session. */
export async function registerTwoFactor(ctx: AppContext, session: Session, otp: string): Promise<AuthRecord> {
  const { user } = session;
  if (user.qr_registered) {
    throw new ConflictException('Two-factor authentication is already set up for this account');
  }
  if (!user.totp_secret) {
    throw new ConflictException('Open the QR code first, then enter the code your app shows');
  }
  if (!(await isValidTotp(user.totp_secret, otp))) {
    throw new ValidationException('The code is not valid; try the current one', {
      issues: [{ path: 'body.otp', message: 'The code is not valid' }],
    });
  }
  await markQrRegistered(ctx.database.db, user.id);
  return authRecordFor(ctx, { ...user, qr_registered: true });
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Mails a recovery link when the account exists; says nothing either way (no enumeration). */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const { db } = ctx.database;
  const user = await findUserByEmail(db, email);
  if (user?.status !== 'active') return;
  const token = randomBytes(32).toString('base64url');
  const link = `${ctx.config.publicUrl}/v2/recover?token=${token}`;
  await db.transaction().execute(async (trx) => {
    await insertResetToken(trx, user.id, hashResetToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    await queueMail(trx, ctx.jobs, passwordResetMail(user.email, user.first_name, link));
  });
  ctx.jobs.wake('mail-delivery');
}

/** Sets a new password from a mailed link: single use, within the hour. Signs out other sessions. */
export async function recoverPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.database.db.transaction().execute(async (trx) => {
    const userId = await consumeResetToken(trx, hashResetToken(token));
    if (!userId) {
      throw new ValidationException('This recovery link is invalid, used or expired; ask for a new one', {
        issues: [{ path: 'body.token', message: 'Invalid or expired' }],
      });
    }
    await updatePassword(trx, userId, passwordHash);
    await retireResetTokens(trx, userId);
  });
}

/**
 * Changes the caller's password after checking the current one. Every other session ends (the
 * session version moves on); the caller gets a fresh session so they stay signed in here.
 */
export async function changePassword(
  ctx: AppContext,
  session: Session,
  input: ChangePasswordRequest,
): Promise<AuthRecord> {
  const { db } = ctx.database;
  const failureKey = `password-change-failures:${session.userId}`;
  await assertUnderLimit(db, failureKey, accountLimit(ctx));
  if (!(await verifyPassword(session.user.password_hash, input.current_password))) {
    await incrementHits(db, failureKey, accountLimit(ctx).windowMs);
    throw new ValidationException('The current password is not right', {
      issues: [{ path: 'body.current_password', message: 'The current password is not right' }],
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    await updatePassword(trx, session.userId, passwordHash);
    await retireResetTokens(trx, session.userId);
  });
  await clearHits(db, failureKey);
  const user = await findSessionUser(db, session.companyId, session.userId);
  if (!user) throw new UnauthorizedException();
  return authRecordFor(ctx, user);
}
