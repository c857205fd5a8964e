import type { AuthRecord } from '@parley/contracts';
import type { AppContext } from '../../context';
import { markSignedIn, type SessionUser } from '../users/users.repository';
import { issueToken, QR_SETUP_TTL_MS } from './tokens';

/** A full session, or only the QR-registration step when the company requires two-factor. */
export async function authRecordFor(ctx: AppContext, user: SessionUser): Promise<AuthRecord> {
  const qrPending = user.company_two_factor_enabled && !user.qr_registered;
  const scope = qrPending ? 'qr-setup' : 'full';
  const { token, expiry } = await issueToken(
    ctx.config.jwtSecret,
    { userId: user.id, companyId: user.company_id, scope, sessionVersion: user.session_version },
    qrPending ? QR_SETUP_TTL_MS : ctx.config.sessionTtlMs,
  );
  // Every full session handed out is a sign-in (a password change hands a fresh one to the same person).
  if (scope === 'full') await markSignedIn(ctx.database.db, user.id);
  return {
    token,
    expiry,
    company2faEnabled: user.company_two_factor_enabled,
    qrRegistered: user.qr_registered,
  };
}
