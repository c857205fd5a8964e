import type { AuthRecord, TwoFactorQr } from '@parley/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner, strongPassword } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The code an authenticator shows 30 seconds from now (the server accepts one step of drift). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** The secret inside an otpauth:// URI, as an authenticator app reads it. */
function secretOf(otpauthUri: string): string {
  return new URL(otpauthUri).searchParams.get('secret') ?? '';
}

describe('two-factor authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '5' });
  });
  afterAll(() => t.close());

  async function ownerOfTwoFactorCompany() {
    const { registration, auth } = await registerOwner(t);
    await t.database.db
      .updateTable('companies')
      .set({ two_factor_enabled: true })
      .where('id', '=', claimsOf(auth.token).companyId)
      .execute();
    return registration;
  }
  const login = (payload: object) => t.request({ method: 'POST', url: '/api/auth/login', payload });

  /** A member of a two-factor company with a registered authenticator. */
  async function registeredMember() {
    const { email } = await ownerOfTwoFactorCompany();
    const setup = (await login({ email, password: strongPassword })).json<AuthRecord>();
    const qr = (
      await t.request({ method: 'GET', url: '/api/auth/2fa/qr', headers: authHeader(setup.token) })
    ).json<TwoFactorQr>();
    const secret = secretOf(qr.otpauthUri);
    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/register',
      headers: authHeader(setup.token),
      payload: { otp: await generate({ secret }) },
    });
    expect(registered.statusCode).toBe(200);
    return { email, secret };
  }

  it('walks a member through QR registration, then asks for a code at every sign-in', async () => {
    const { email } = await ownerOfTwoFactorCompany();

    // First sign-in: a token that only allows the QR registration calls.
    const first = await login({ email, password: strongPassword });
    expect(first.statusCode).toBe(200);
    const setup = first.json<AuthRecord>();
    expect(setup).toMatchObject({ company2faEnabled: true, qrRegistered: false });
    expect(setup.expiry - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const meWithSetupToken = await t.request({
      method: 'GET',
      url: '/api/frontend/user/me',
      headers: authHeader(setup.token),
    });
    expect(meWithSetupToken.statusCode).toBe(401);
    expect(meWithSetupToken.json().error.details).toEqual({ reason: 'qr-registration-required' });

    const qrResponse = await t.request({
      method: 'GET',
      url: '/api/auth/2fa/qr',
      headers: authHeader(setup.token),
    });
    expect(qrResponse.statusCode).toBe(200);
    const qr = qrResponse.json<TwoFactorQr>();
    expect(qr.otpauthUri).toMatch(/^otpauth:\/\/totp\/Parley:.+\?.*secret=/);
    expect(qr.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Asking again shows the same secret, so a person who reloads can still scan the first one.
    const again = (
      await t.request({ method: 'GET', url: '/api/auth/2fa/qr', headers: authHeader(setup.token) })
    ).json<TwoFactorQr>();
    expect(secretOf(again.otpauthUri)).toBe(secretOf(qr.otpauthUri));

    const secret = secretOf(qr.otpauthUri);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/register',
      headers: authHeader(setup.token),
      payload: { otp: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.name).toBe('ValidationException');

    const registrationCode = await generate({ secret });
    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/register',
      headers: authHeader(setup.token),
      payload: { otp: registrationCode },
    });
    expect(registered.statusCode).toBe(200);
    const session = registered.json<AuthRecord>();
    expect(session).toMatchObject({ company2faEnabled: true, qrRegistered: true });
    const me = await t.request({
      method: 'GET',
      url: '/api/frontend/user/me',
      headers: authHeader(session.token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ qr_registered: true, company: { two_factor_enabled: true } });

    // Registration happens once.
    const twice = await t.request({
      method: 'GET',
      url: '/api/auth/2fa/qr',
      headers: authHeader(session.token),
    });
    expect(twice.statusCode).toBe(409);

    // From now on a code is required.
    const withoutCode = await login({ email, password: strongPassword });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().error).toMatchObject({
      name: 'UnauthorizedException',
      details: { otpRequired: true },
    });
    const badCode = await login({ email, password: strongPassword, otp: '123456' });
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().error.details).toEqual({ otpRequired: true });
    // The code that registered the app is used up; the app's next one signs in.
    const sameCode = await login({ email, password: strongPassword, otp: registrationCode });
    expect(sameCode.statusCode).toBe(401);
    const withCode = await login({ email, password: strongPassword, otp: await nextCode(secret) });
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json()).toMatchObject({ company2faEnabled: true, qrRegistered: true });
  });

  it('lets each code sign in once, even when two sign-ins race with it', async () => {
    const { email, secret } = await registeredMember();
    const code = await nextCode(secret);
    const racing = await Promise.all(
      [1, 2, 3].map(() => login({ email, password: strongPassword, otp: code })),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 401, 401]);
    const replayed = await login({ email, password: strongPassword, otp: code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error).toMatchObject({
      name: 'UnauthorizedException',
      details: { otpRequired: true },
    });
    // An older code than the last one used is no good either.
    const older = await login({ email, password: strongPassword, otp: await generate({ secret }) });
    expect(older.statusCode).toBe(401);
  });

  it('slows down guessing of the registration code', async () => {
    const { email } = await ownerOfTwoFactorCompany();
    const setup = (await login({ email, password: strongPassword })).json<AuthRecord>();
    await t.request({ method: 'GET', url: '/api/auth/2fa/qr', headers: authHeader(setup.token) });
    const guess = () =>
      t.request({
        method: 'POST',
        url: '/api/auth/2fa/register',
        headers: authHeader(setup.token),
        payload: { otp: '000000' },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess()).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const waiting = await guess();
    expect(waiting.json().error.name).toBe('RateLimitException');
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('asks for the password before the code: a wrong password never reveals that a code is needed', async () => {
    const { email } = await ownerOfTwoFactorCompany();
    const response = await login({ email, password: 'wrong password' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.details).toEqual({ reason: 'bad-credentials' });
  });

  it('refuses registering a code before the QR code was shown', async () => {
    const { email } = await ownerOfTwoFactorCompany();
    const setup = (await login({ email, password: strongPassword })).json<AuthRecord>();
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/register',
      headers: authHeader(setup.token),
      payload: { otp: '123456' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.name).toBe('ConflictException');
  });

  it('signs out full sessions of members who have not registered once the company turns two-factor on', async () => {
    const { auth } = await registerOwner(t);
    await t.database.db
      .updateTable('companies')
      .set({ two_factor_enabled: true })
      .where('id', '=', claimsOf(auth.token).companyId)
      .execute();
    const response = await t.request({
      method: 'GET',
      url: '/api/frontend/user/me',
      headers: authHeader(auth.token),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.details).toEqual({ reason: 'qr-registration-required' });
  });
});
