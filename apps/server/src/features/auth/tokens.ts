import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * `full`: the whole API. `qr-setup`: only the two-factor registration calls, given to a user of a
 * company with two-factor on who has not registered an authenticator yet.
 */
export type TokenScope = 'full' | 'qr-setup';

export interface TokenClaims {
  userId: string;
  companyId: string;
  scope: TokenScope;
  /** The user's session_version when the token was issued. */
  sessionVersion: number;
}

const ISSUER = 'parley';
const AUDIENCE = 'parley-api';
/** A QR-setup token is a short-lived step of signing in, not a session. */
export const QR_SETUP_TTL_MS = 15 * 60_000;

const payloadSchema = z.object({
  sub: z.string(),
  cid: z.string(),
  scp: z.enum(['full', 'qr-setup']),
  ver: z.number().int(),
});

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function issueToken(
  secret: string,
  claims: TokenClaims,
  ttlMs: number,
  now = Date.now(),
): Promise<{ token: string; expiry: number }> {
  const expiry = now + ttlMs;
  const token = await new SignJWT({ cid: claims.companyId, scp: claims.scope, ver: claims.sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiry / 1000))
    .sign(keyOf(secret));
  return { token, expiry };
}

/** The token's claims, or why it is refused. */
export async function verifyToken(
  secret: string,
  token: string,
): Promise<{ ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' }> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, reason: 'invalid' };
    const { sub, cid, scp, ver } = parsed.data;
    return { ok: true, claims: { userId: sub, companyId: cid, scope: scp, sessionVersion: ver } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** What is stored of a token sent by mail (SHA-256): a leaked table lets nobody use the links. */
export function hashMailedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
