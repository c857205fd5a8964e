import { describe, expect, it } from 'vitest';
import { issueToken, verifyToken } from './tokens';

const secret = 'unit-test-secret-unit-test-secret-0000';
const claims = { userId: 'u1', companyId: 'c1', scope: 'full' as const, sessionVersion: 3 };

describe('session tokens', () => {
  it('round-trips the claims and reports the expiry in epoch milliseconds', async () => {
    const now = Date.now();
    const { token, expiry } = await issueToken(secret, claims, 60_000, now);
    expect(expiry).toBe(now + 60_000);
    expect(await verifyToken(secret, token)).toEqual({ ok: true, claims });
  });

  it('tells an expired token from a forged one', async () => {
    const expired = await issueToken(secret, claims, 1_000, Date.now() - 10_000);
    expect(await verifyToken(secret, expired.token)).toEqual({ ok: false, reason: 'expired' });
    const forged = await issueToken('another-secret-another-secret-000000', claims, 60_000);
    expect(await verifyToken(secret, forged.token)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyToken(secret, 'garbage')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses unsigned tokens (alg none)', async () => {
    const body = Buffer.from(
      JSON.stringify({ sub: 'u1', cid: 'c1', scp: 'full', ver: 0, iss: 'parley', aud: 'parley-api' }),
    ).toString('base64url');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await verifyToken(secret, `${header}.${body}.`)).toEqual({ ok: false, reason: 'invalid' });
  });
});
