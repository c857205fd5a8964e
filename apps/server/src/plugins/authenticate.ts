import { API_KEY_PREFIX, type ApiKeyScope, type Permission } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ForbiddenException, UnauthorizedException } from '../errors';
import { findApiKeyCaller } from '../features/agents/api-keys.repository';
import { type TokenScope, verifyToken } from '../features/auth/tokens';
import { findSessionUser, type SessionUser } from '../features/users/users.repository';
import { registerBotAccess } from './bot-access';
import { registerTenancy } from './tenancy';

/** Who may call a route: anyone, a signed-in user, or a user midway through two-factor setup. */
export type RouteAccess = 'public' | 'full' | 'qr-setup';

/** What a route needs of its caller: a permission, or only to be signed in (its own account, reads). */
export type RoutePermission = Permission | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Defaults to `full`: a route is private unless it says otherwise. */
    auth?: RouteAccess;
    /** Required on every route that is not public: the app does not start without it. */
    permission?: RoutePermission;
    /**
     * Parley staff (the Internal company) may call this route for another company by naming it
     * (`?companyId=`): reading conversations, reports and bots, and adding notes. Everything else
     * acts only for the caller's own company.
     */
    staffAcrossCompanies?: boolean;
    /**
     * The scope an API key needs to call this route (routes of the agents API only); a route
     * without one refuses API keys, whatever their scopes.
     */
    apiKeyScope?: ApiKeyScope;
    /**
     * Only for full companies: a Lite company gets 403 (the canvas builder's own routes, the agents
     * area, the webhook marketplace). Lite companies build and edit bots through the lite routes.
     */
    fullCompanyOnly?: boolean;
  }
  interface FastifyInstance {
    /** Every route of the API with who may call it, as declared (for the docs and the tests). */
    routeAccess: RouteAccessEntry[];
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  auth: RouteAccess;
  permission: RoutePermission | undefined;
  staffAcrossCompanies: boolean;
  /** Refused to Lite companies (see `fullCompanyOnly`). */
  fullCompanyOnly: boolean;
  /** Whether a success is written to the company's audit log (see features/audit). */
  audited: boolean;
  /** The query parameters its schema reads (tests find the routes that take a company's ids there). */
  query: string[];
}

/** The signed-in caller. `companyId` is the tenant every repository query is scoped by. */
export interface Session {
  userId: string;
  companyId: string;
  scope: TokenScope;
  user: SessionUser;
  /** Set when the caller is an API key (acting with the rights of the admin who made it). */
  apiKey?: { id: string; name: string; scopes: ApiKeyScope[] };
}

const schemePattern = /^(?:JWT|Bearer)\s+(\S+)$/i;

function queryParameters(route: RouteOptions): string[] {
  const schema = route.schema?.querystring;
  if (typeof schema !== 'object' || schema === null || !('shape' in schema)) return [];
  return typeof schema.shape === 'object' && schema.shape !== null ? Object.keys(schema.shape) : [];
}

/** Refuses to register a private route that does not say which permission it needs. */
function recordRouteAccess(app: FastifyInstance, route: RouteOptions): void {
  const config = route.config ?? {};
  const methods = [route.method].flat().filter((method) => method !== 'HEAD');
  const auth = config.auth ?? 'full';
  if (auth !== 'public' && !config.permission) {
    throw new Error(`${methods.join(',')} ${route.url} is not public and declares no config.permission`);
  }
  for (const method of methods) {
    app.routeAccess.push({
      method,
      url: route.url,
      auth,
      permission: config.permission,
      staffAcrossCompanies: config.staffAcrossCompanies ?? false,
      fullCompanyOnly: config.fullCompanyOnly ?? false,
      audited: config.audit !== undefined,
      query: queryParameters(route),
    });
  }
}

/**
 * Verifies `Authorization: JWT <token>` (or `Bearer <token>`), loads the caller and checks the
 * permission the route declares, on every route of the API scope: tenancy and roles come from one
 * place, the verified token and its user row.
 */
export function registerAuthenticate(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.addHook('onRoute', (route) => recordRouteAccess(app, route));
  app.addHook('onRequest', async (request) => {
    // Unknown routes fall through to the not-found answer rather than asking to sign in.
    if (request.routeOptions.url === undefined) return;
    const { config } = request.routeOptions;
    const access = config.auth ?? 'full';
    if (access === 'public') return;
    const session = await authenticate(app, request, access);
    request.session = session;
    assertPermitted(session, config.permission);
    if (config.fullCompanyOnly) assertFullCompany(session);
    if (session.apiKey) assertKeyScope(session.apiKey.scopes, config.apiKeyScope);
  });
  // After the caller is known, before the body is read: another company's ids answer 404 first.
  registerTenancy(app, customerCompanyOf);
  registerBotAccess(app);
}

function assertPermitted(session: Session, permission: RoutePermission | undefined): void {
  if (permission === 'signed-in') return;
  // A route without a permission cannot be registered; should one slip through, it stays shut.
  if (!permission || !session.user.permissions.includes(permission)) {
    throw new ForbiddenException(`Your role does not allow this (it needs the permission ${permission})`, {
      permission,
    });
  }
}

/** The lite rule: a Lite company has no canvas builder, agents area or webhook marketplace. */
function assertFullCompany(session: Session): void {
  if (session.user.company_type === 'Lite') {
    throw new ForbiddenException('Lite companies build and edit their bots with the guided form instead', {
      reason: 'lite-company',
    });
  }
}

/** An API key may call only agents API routes, and only those its scopes cover. */
function assertKeyScope(scopes: ApiKeyScope[], needed: ApiKeyScope | undefined): void {
  if (!needed) {
    throw new ForbiddenException('API keys may call the agents API only', { reason: 'api-key-not-allowed' });
  }
  if (!scopes.includes(needed)) {
    throw new ForbiddenException(`This API key does not have the scope ${needed}`, {
      reason: 'api-key-scope',
      scope: needed,
    });
  }
}

function authenticate(app: FastifyInstance, request: FastifyRequest, access: RouteAccess): Promise<Session> {
  const token = schemePattern.exec(request.headers.authorization ?? '')?.[1];
  if (token?.startsWith(API_KEY_PREFIX)) return authenticateApiKey(app, token);
  return authenticateToken(app, token, access);
}

/**
 * An API key of the agents API: found by its hash, not revoked, and acting with the rights of the
 * admin who made it, as long as that person is still active in the company.
 */
async function authenticateApiKey(app: FastifyInstance, token: string): Promise<Session> {
  const key = await findApiKeyCaller(app.ctx.database.db, token);
  if (!key) throw new UnauthorizedException('This API key is not valid', { reason: 'invalid-api-key' });
  if (key.revoked_at)
    throw new UnauthorizedException('This API key was revoked', { reason: 'revoked-api-key' });
  const user = await findSessionUser(app.ctx.database.db, key.company_id, key.created_by);
  if (user?.status !== 'active') {
    throw new UnauthorizedException('The person who made this API key is no longer active', {
      reason: 'invalid-api-key',
    });
  }
  return {
    userId: user.id,
    companyId: key.company_id,
    scope: 'full',
    user,
    apiKey: { id: key.id, name: key.name, scopes: key.scopes },
  };
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
 * any company they name on a route that allows it (`staffAcrossCompanies`: reading, and notes).
 * Every company-scoped route asks here, so the rule lives in one place.
 */
export function companyScope(request: FastifyRequest, requestedCompanyId?: string): string {
  const session = sessionOf(request);
  if (!requestedCompanyId || requestedCompanyId === session.companyId) return session.companyId;
  // Someone limited to some bots sees those bots only, even as Parley staff.
  if (session.user.company_type !== 'Internal' || session.user.bot_ids) {
    throw new ForbiddenException('Only Parley staff may look at another company');
  }
  if (!request.routeOptions.config.staffAcrossCompanies) {
    throw new ForbiddenException(
      'Parley staff may read another company and add notes to its conversations, not change them',
      { reason: 'staff-read-only' },
    );
  }
  return requestedCompanyId;
}

/**
 * The one company a customer may act for; undefined for Parley staff (the Internal company, not
 * limited to some bots), whose reach across companies each route decides (see companyScope).
 */
export function customerCompanyOf(request: FastifyRequest): string | undefined {
  const session = sessionOf(request);
  return session.user.company_type === 'Internal' && !session.user.bot_ids ? undefined : session.companyId;
}

/** Where a look-up by id may search: one company, or (Parley staff only) every company. */
export type CompanyReach = { companyId: string } | { anyCompany: true };

/**
 * The companies a look-up by id may search when the caller names none (a link to a conversation
 * carries only its id): their own, or for Parley staff on a route that reads across companies,
 * any company, since staff may read every one of them by naming it (see companyScope).
 */
export function lookupReach(request: FastifyRequest): CompanyReach {
  const session = sessionOf(request);
  if (
    session.user.company_type === 'Internal' &&
    !session.user.bot_ids &&
    request.routeOptions.config.staffAcrossCompanies
  ) {
    return { anyCompany: true };
  }
  return { companyId: session.companyId };
}

/**
 * The companies a list reads: the one named in its query (see companyScope), else the caller's
 * own, or for Parley staff on a route that reads across companies, every company.
 */
export function listReach(request: FastifyRequest, requestedCompanyId?: string): CompanyReach {
  if (requestedCompanyId) return { companyId: companyScope(request, requestedCompanyId) };
  return lookupReach(request);
}
