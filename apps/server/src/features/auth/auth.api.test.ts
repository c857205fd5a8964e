import type { AuthRecord, CurrentUser } from '@parley/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  mailDeliveredTo,
  newRegistration,
  registerOwner,
  signUpTokenMailedTo,
  strongPassword,
} from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app';
import type { JobQueue } from '../../jobs/job-queue';
import { findUserByEmail } from '../users/users.repository';
import { requestSignUp } from './sign-up.service';
import { issueToken } from './tokens';

describe('sign-up and sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (token: string, scheme: 'JWT' | 'Bearer' = 'JWT') =>
    t.request({ method: 'GET', url: '/api/frontend/user/me', headers: authHeader(token, scheme) });

  it('signs up through the mailed link: a company on a trial with its owner, signed in', async () => {
    const before = Date.now();
    const registration = newRegistration({ company_name: '  Acme Robots  ' });
    const response = await t.request({ method: 'POST', url: '/api/auth/register', payload: registration });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'accepted' });
    // Nothing exists until the owner of the address opens the link.
    expect(await findUserByEmail(t.database.db, registration.email)).toBeUndefined();

    const token = await signUpTokenMailedTo(t, registration.email);
    const mail = await mailDeliveredTo(t, registration.email);
    expect(mail.subject).toBe('Finish creating your Parley account');
    expect(mail.text).toContain(`http://parley.test/v2/register/confirm?token=${token}`);
    const confirm = () =>
      t.request({ method: 'POST', url: '/api/auth/register/confirm', payload: { token } });
    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(201);
    const auth = confirmed.json<AuthRecord>();
    expect(auth).toEqual({
      token: expect.any(String),
      expiry: expect.any(Number),
      company2faEnabled: false,
      qrRegistered: false,
    });
    expect(auth.expiry).toBeGreaterThanOrEqual(before + 12 * 3_600_000 - 1000);

    const user = (await me(auth.token)).json<CurrentUser>();
    expect(user).toMatchObject({
      email: registration.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'owner',
      status: 'active',
      user_type: 'customer',
      company: { name: 'Acme Robots', company_type: 'Regular', two_factor_enabled: false, sections: [] },
    });
    expect(user.permissions).toContain('company:manage');
    const trialEnds = Date.parse(user.company.company_expiration_date);
    expect(trialEnds - before).toBeGreaterThan(13.9 * 86_400_000);
    expect(trialEnds - before).toBeLessThan(14.1 * 86_400_000);

    // The link works once.
    const again = await confirm();
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      name: 'ValidationException',
      details: { issues: [{ path: 'body.token' }] },
    });
  });

  it('answers a sign-up with a taken address as any other, and tells the account’s owner by mail', async () => {
    const { registration } = await registerOwner(t);
    const fresh = await t.request({ method: 'POST', url: '/api/auth/register', payload: newRegistration() });
    const taken = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: newRegistration({ email: registration.email.toUpperCase(), first_name: 'Mallory' }),
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-length']).toBe(fresh.headers['content-length']);

    const notice = await mailDeliveredTo(t, registration.email, (mail) =>
      mail.subject.startsWith('Someone tried to sign up'),
    );
    expect(notice.text).toContain('Hi Ada,');
    expect(notice.text).toContain('http://parley.test/v2/login');
    expect(notice.text).not.toContain('/v2/register/confirm');
    const users = await t.database.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', registration.email.toLowerCase())
      .execute();
    expect(users).toHaveLength(1);
    const waiting = await t.database.db
      .selectFrom('pending_sign_ups')
      .select('id')
      .where(sql<string>`lower(email)`, '=', registration.email.toLowerCase())
      .execute();
    expect(waiting).toEqual([]);
  });

  it('takes a sign-up with the same work whether the address has an account or not', async () => {
    const { registration } = await registerOwner(t);
    const queued: unknown[] = [];
    const jobs: JobQueue = {
      ...t.app.ctx.jobs,
      send: async (_db, queue, data) => {
        queued.push({ queue, data });
      },
      wake: () => {},
    };
    const ctx = { ...t.app.ctx, jobs };
    const stranger = newRegistration();
    await requestSignUp(ctx, newRegistration({ email: registration.email }));
    await requestSignUp(ctx, stranger);
    const stored = await t.database.db
      .selectFrom('pending_sign_ups')
      .select(['id', 'email', 'password_hash', 'token_hash'])
      .where('email', 'in', [registration.email, stranger.email])
      .orderBy('created_at')
      .execute();
    // Both hashed the password (argon2id, ~50 ms: the bulk of the time), stored and queued alike.
    expect(stored.map((row) => row.email)).toEqual([registration.email, stranger.email]);
    for (const row of stored) {
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.token_hash).toBeNull();
    }
    expect(queued).toEqual(
      stored.map((row) => ({ queue: 'sign-up-mail', data: { pendingSignUpId: row.id } })),
    );
  });

  it('stops the other links of an address once one of them made the account', async () => {
    const registration = newRegistration();
    const signUp = () => t.request({ method: 'POST', url: '/api/auth/register', payload: registration });
    await signUp();
    const first = await signUpTokenMailedTo(t, registration.email);
    await signUp();
    const second = await eventually(async () => {
      const token = await signUpTokenMailedTo(t, registration.email);
      return token === first ? undefined : token;
    });
    const confirm = (token: string) =>
      t.request({ method: 'POST', url: '/api/auth/register/confirm', payload: { token } });
    expect((await confirm(second)).statusCode).toBe(201);
    const late = await confirm(first);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.name).toBe('ValidationException');
  });

  it('refuses passwords shorter than 10 characters', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: newRegistration({ password: 'short-pw' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      name: 'ValidationException',
      details: { issues: [{ path: 'body.password', message: 'Password must be at least 10 characters' }] },
    });
  });

  it('signs in with any case of the email, and the token works with JWT and Bearer', async () => {
    const { registration } = await registerOwner(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registration.email.toUpperCase(), password: strongPassword },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<AuthRecord>();
    expect((await me(token, 'JWT')).statusCode).toBe(200);
    expect((await me(token, 'Bearer')).statusCode).toBe(200);
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const { registration } = await registerOwner(t);
    const wrongPassword = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registration.email, password: 'not the password' },
    });
    const unknownEmail = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().error.name).toBe('UnauthorizedException');
  });

  it('refuses missing, malformed, tampered and expired tokens', async () => {
    const { auth } = await registerOwner(t);
    const noHeader = await t.request({ method: 'GET', url: '/api/frontend/user/me' });
    expect(noHeader.statusCode).toBe(401);
    expect(noHeader.json().error).toMatchObject({
      name: 'UnauthorizedException',
      details: { reason: 'missing-token' },
    });

    expect((await me('not-a-jwt')).json().error.details).toEqual({ reason: 'invalid-token' });
    const [header, payload, signature] = auth.token.split('.');
    // One character of the signature changed (the last one may carry only padding bits).
    const flipped = signature?.[5] === 'A' ? 'B' : 'A';
    const tampered = `${header}.${payload}.${signature?.slice(0, 5)}${flipped}${signature?.slice(6)}`;
    expect((await me(tampered)).statusCode).toBe(401);
    const otherSecret = await issueToken(
      'another-secret-another-secret-another!!',
      claimsOf(auth.token),
      60_000,
    );
    expect((await me(otherSecret.token)).statusCode).toBe(401);

    const expired = await issueToken(t.config.jwtSecret, claimsOf(auth.token), 1_000, Date.now() - 60_000);
    const response = await me(expired.token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({
      message: 'Your session has expired; sign in again',
      details: { reason: 'expired' },
    });
  });
});

describe('rate limiting of sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_PER_IP: '8' });
  });
  afterAll(() => t.close());

  it('never locks an account: failures from elsewhere leave the right password working', async () => {
    const { registration } = await registerOwner(t);
    const attempt = (password: string, remoteAddress: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: registration.email, password },
        remoteAddress,
      });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.5']) {
      expect((await attempt('wrong password!', address)).statusCode).toBe(401);
    }
    expect((await attempt(strongPassword, '10.0.0.4')).statusCode).toBe(200);
  });

  it('limits the sign-in, sign-up and recovery calls of one IP address', async () => {
    const remoteAddress = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const response = await t.request({
        method: 'POST',
        url: i % 2 ? '/api/auth/password-reset' : '/api/auth/login',
        payload:
          i % 2 ? { email: `x${i}@example.com` } : { email: `x${i}@example.com`, password: 'whatever!!' },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 8)).not.toContain(429);
    expect(statuses[8]).toBe(429);
    // Another address is not affected.
    const other = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'a@example.com' },
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).toBe(202);
  });
});
