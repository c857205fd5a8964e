import { randomBytes } from 'node:crypto';
import type { AuthRecord, RegisterRequest } from '@parley/contracts';
import type { AppContext } from '../../context';
import { ConflictException, ValidationException } from '../../errors';
import { insertCompany } from '../companies/companies.repository';
import { queueMail } from '../mail/mail.service';
import { permissionsFor } from '../users/permissions';
import { findUserByEmail, insertUser } from '../users/users.repository';
import { authRecordFor } from './auth-record';
import { signUpAttemptMail, signUpConfirmationMail } from './mails';
import { hashPassword } from './passwords';
import {
  consumePendingSignUp,
  deleteExpiredPendingSignUps,
  deletePendingSignUp,
  deletePendingSignUpsFor,
  findPendingSignUp,
  insertPendingSignUp,
  setPendingSignUpToken,
} from './pending-sign-up.repository';
import { hashMailedToken } from './tokens';

export const TRIAL_DAYS = 14;
export const SIGN_UP_TTL_MS = 24 * 3_600_000;

/**
 * Takes a sign-up. The answer and the work are the same whether the address has an account or
 * not (the password is hashed, the sign-up stored, a job queued); the job then mails either a
 * link that creates the company, or to an existing account's owner that someone tried.
 */
export async function requestSignUp(ctx: AppContext, input: RegisterRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const { db } = ctx.database;
  await db.transaction().execute(async (trx) => {
    const id = await insertPendingSignUp(
      trx,
      {
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        company_name: input.company_name,
        industry: input.industry ?? null,
        password_hash: passwordHash,
      },
      new Date(Date.now() + SIGN_UP_TTL_MS),
    );
    await ctx.jobs.send(trx, 'sign-up-mail', { pendingSignUpId: id });
  });
  ctx.jobs.wake('sign-up-mail');
}

/** The `sign-up-mail` job: mails the confirmation link, or the notice to an existing account. */
export async function mailSignUp(ctx: AppContext, pendingSignUpId: string): Promise<void> {
  const { db } = ctx.database;
  await deleteExpiredPendingSignUps(db);
  const pending = await findPendingSignUp(db, pendingSignUpId);
  // Gone, or mailed already by an earlier run of this job.
  if (!pending || pending.token_hash !== null) return;
  const existing = await findUserByEmail(db, pending.email);
  await db.transaction().execute(async (trx) => {
    if (existing) {
      await deletePendingSignUp(trx, pending.id);
      const links = {
        signIn: `${ctx.config.publicUrl}/v2/login`,
        reset: `${ctx.config.publicUrl}/v2/password-reset`,
      };
      await queueMail(trx, ctx.jobs, signUpAttemptMail(existing.email, existing.first_name, links));
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await setPendingSignUpToken(trx, pending.id, hashMailedToken(token));
    const link = `${ctx.config.publicUrl}/v2/register/confirm?token=${token}`;
    await queueMail(trx, ctx.jobs, signUpConfirmationMail(pending.email, pending.first_name, link));
  });
  ctx.jobs.wake('mail-delivery');
}

const emailTaken = () =>
  new ConflictException('An account with this email already exists; sign in instead', { field: 'email' });

/** Creates the company (on a trial) and its owner from a mailed link, and signs the owner in. */
export async function confirmSignUp(ctx: AppContext, token: string): Promise<AuthRecord> {
  const user = await ctx.database.db
    .transaction()
    .execute(async (trx) => {
      const pending = await consumePendingSignUp(trx, hashMailedToken(token));
      if (!pending) {
        throw new ValidationException('This sign-up link is invalid, used or expired; sign up again', {
          issues: [{ path: 'body.token', message: 'Invalid or expired' }],
        });
      }
      if (await findUserByEmail(trx, pending.email)) throw emailTaken();
      const company = await insertCompany(trx, {
        name: pending.company_name,
        company_type: 'Regular',
        company_expiration_date: new Date(Date.now() + TRIAL_DAYS * 86_400_000),
        industry: pending.industry,
      });
      const owner = await insertUser(trx, {
        email: pending.email,
        password_hash: pending.password_hash,
        first_name: pending.first_name,
        last_name: pending.last_name,
        role: 'owner',
        permissions: JSON.stringify(permissionsFor('owner')),
        company_id: company.id,
        totp_secret: null,
      });
      await deletePendingSignUpsFor(trx, pending.email);
      return { ...owner, company_expiration_date: company.company_expiration_date };
    })
    .catch((error: unknown) => {
      // Two links of one address opened at once: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw emailTaken();
      throw error;
    });
  return authRecordFor(ctx, { ...user, company_two_factor_enabled: false, company_type: 'Regular' });
}
