import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenException, UnauthorizedException } from '../errors';
import { type TokenScope, verifyToken } from '../features/auth/tokens';
import { findSessionUser, type SessionUser } from '../features/users/users.repository';

/** Who may call a route: anyone, a signed-in user, or a user midway through two-factor setup. */
export type RouteAccess = 'public' | 'full' | 'qr-setup';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Defaults to `full`: a route is private unless it says otherwise. */
    auth?: RouteAccess;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

/** The signed-in caller. `companyId` is the tenant every repository query is scoped by. */
export interface Session {
  userId: string;
  companyId: string;
  scope: TokenScope;
  user: SessionUser;
}

const schemePattern = /^(?:JWT|Bearer)\s+(\S+)$/i;

/**
 * Verifies `Authorization: JWT <token>` (or `Bearer <token>`) and loads the caller on every
 * route of the API scope, so tenancy comes from one place: the verified token and its user row.
 */
export function registerAuthenticate(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    // Unknown routes fall through to the not-found answer rather than asking to sign in.
    if (request.routeOptions.url === undefined) return;
    const access = request.routeOptions.config.auth ?? 'full';
    if (access === 'public') return;
    request.session = await authenticate(app, request, access);
  });
}

function authenticate(app: FastifyInstance, request: FastifyRequest, access: RouteAccess): Promise<Session> {
  return authenticateToken(app, schemePattern.exec(request.headers.authorization ?? '')?.[1], access);
}

/**
 * Checks again that the session a request came with still stands (not expired, password not
 * changed, account active): long-lived answers such as event streams ask now and then.
 */
export async function sessionStillValid(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<UnauthorizedException | undefined> {
  try {
    await authenticate(app, request, request.routeOptions.config.auth ?? 'full');
    return undefined;
  } catch (error) {
    if (error instanceof UnauthorizedException) return error;
    throw error;
  }
}

async function authenticateToken(
  app: FastifyInstance,
  token: string | undefined,
  access: RouteAccess,
): Promise<Session> {
  if (!token) throw new UnauthorizedException('Sign in to continue', { reason: 'missing-token' });
  const verified = await verifyToken(app.ctx.config.jwtSecret, token);
  if (!verified.ok) {
    throw verified.reason === 'expired'
      ? new UnauthorizedException('Your session has expired; sign in again', { reason: 'expired' })
      : new UnauthorizedException('Sign in to continue', { reason: 'invalid-token' });
  }
  const { userId, companyId, scope, sessionVersion } = verified.claims;
  const user = await findSessionUser(app.ctx.database.db, companyId, userId);
  if (!user) throw new UnauthorizedException('Sign in to continue', { reason: 'invalid-token' });
  if (user.status !== 'active') {
    throw new UnauthorizedException('This account is disabled', { reason: 'disabled' });
  }
  if (sessionVersion !== user.session_version) {
    throw new UnauthorizedException('Your password changed; sign in again', { reason: 'expired' });
  }
  const qrPending = user.company_two_factor_enabled && !user.qr_registered;
  if (access === 'full' && (scope !== 'full' || qrPending)) {
    throw new UnauthorizedException('Set up two-factor authentication to continue', {
      reason: 'qr-registration-required',
    });
  }
  return { userId, companyId, scope, user };
}

/** The caller of a route that is not public (the hook guarantees it is there). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new UnauthorizedException();
  return request.session;
}

/**
 * The company a request acts for: the caller's own, or, for staff of the Internal company only,
 * any company they name. Every company-scoped route asks here, so the rule lives in one place.
 */
export function companyScope(request: FastifyRequest, requestedCompanyId?: string): string {
  const session = sessionOf(request);
  if (!requestedCompanyId || requestedCompanyId === session.companyId) return session.companyId;
  if (session.user.company_type !== 'Internal') {
    throw new ForbiddenException('Only Parley staff may look at another company');
  }
  return requestedCompanyId;
}
