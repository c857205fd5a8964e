import type { AuthRecord, TwoFactorQr } from '@parley/contracts';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner, strongPassword } from '../../../test/fixtures';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app';

describe('slowing down password guessing without locking anyone out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '10', AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, remoteAddress: string, otp?: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, ...(otp ? { otp } : {}) },
      remoteAddress,
    });

  /** As if the wait of every throttled attempt were over. */
  const waitsPass = () =>
    t.database.db
      .updateTable('attempt_throttles')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();

  it('checks no more than the limit of 45 wrong passwords sent at once', async () => {
    const { registration } = await registerOwner(t);
    const answers = await Promise.all(
      Array.from({ length: 45 }, () => attempt(registration.email, 'wrong password!', '10.1.0.1')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // Each 401 is a password that was checked; the rest were turned away before.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json().error.name).toBe('RateLimitException');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  /**
   * Holds back every claim of an attempt (as a busy server gets to queued requests late) until the
   * wait set on `key` is over, and runs `whileHeld` meanwhile. On PGlite a transaction owns the
   * only session; on PostgreSQL it locks the table against writes.
   */
  const holdAttemptsUntilWaitOver = async <T>(key: string, whileHeld: () => Promise<T>): Promise<T> => {
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const hold = t.database.db.transaction().execute(async (trx) => {
      if (testEngine === 'postgres') await sql`lock table attempt_throttles in exclusive mode`.execute(trx);
      held();
      for (;;) {
        const { rows } = await sql<{ over: boolean }>`select next_attempt_at < clock_timestamp() as over
          from attempt_throttles where key = ${key}`.execute(trx);
        if (rows[0]?.over) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    await holding;
    const answers = whileHeld();
    await hold;
    return answers;
  };

  it('refuses wrong passwords sent during the wait even when the server gets to them after it', async () => {
    const { registration } = await registerOwner(t);
    const address = '10.1.0.11';
    const guesses = (count: number) =>
      Promise.all(
        Array.from({ length: count }, () => attempt(registration.email, 'wrong password!', address)),
      );
    const first = await guesses(10);
    expect(first.map((answer) => answer.statusCode)).toEqual(Array(10).fill(401));
    // 35 more arrive within the second's wait; the server only reaches them once it is over.
    const late = await holdAttemptsUntilWaitOver(`sign-in:pair:${address}:${registration.email}`, () =>
      guesses(35),
    );
    expect(late.map((answer) => answer.statusCode)).toEqual(Array(35).fill(429));
  });

  it('makes one address wait longer after each further failure, and the right password clears it', async () => {
    const { registration } = await registerOwner(t);
    const address = '10.1.0.2';
    for (let i = 0; i < 10; i++) {
      expect((await attempt(registration.email, 'wrong password!', address)).statusCode).toBe(401);
    }
    const retryAfter = async () => {
      const answer = await attempt(registration.email, strongPassword, address);
      expect(answer.statusCode).toBe(429);
      return Number(answer.headers['retry-after']);
    };
    const waits = [await retryAfter()];
    for (let i = 0; i < 3; i++) {
      await waitsPass();
      expect((await attempt(registration.email, 'wrong password!', address)).statusCode).toBe(401);
      waits.push(await retryAfter());
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    await waitsPass();
    expect((await attempt(registration.email, strongPassword, address)).statusCode).toBe(200);
    // A success forgets that address's failures: it starts afresh, with one free try while the
    // account has had this many failures.
    expect((await attempt(registration.email, 'wrong password!', address)).statusCode).toBe(401);
    expect(await retryAfter()).toBe(1);
  });

  it('lets the right password in from a fresh address while another address is held back', async () => {
    const { registration } = await registerOwner(t);
    for (let i = 0; i < 12; i++) await attempt(registration.email, 'wrong password!', '10.1.0.3');
    expect((await attempt(registration.email, strongPassword, '10.1.0.3')).statusCode).toBe(429);
    expect((await attempt(registration.email, strongPassword, '10.1.0.4')).statusCode).toBe(200);
  });

  it('gives every other address one free try at an account under attack', async () => {
    const { registration } = await registerOwner(t);
    for (let i = 0; i < 10; i++) await attempt(registration.email, 'wrong password!', '10.1.0.5');
    // A guesser moving to another address gets one guess there, then waits.
    expect((await attempt(registration.email, 'wrong password!', '10.1.0.6')).statusCode).toBe(401);
    expect((await attempt(registration.email, 'wrong password!', '10.1.0.6')).statusCode).toBe(429);
    // Its owner, on yet another address, gets in at the first try.
    expect((await attempt(registration.email, strongPassword, '10.1.0.7')).statusCode).toBe(200);
  });

  it('treats unknown addresses as known ones, so the answers tell nothing', async () => {
    const unknown = [];
    const known = [];
    const { registration } = await registerOwner(t);
    for (let i = 0; i < 11; i++) {
      unknown.push((await attempt('nobody@example.com', 'wrong password!', '10.1.0.8')).statusCode);
      known.push((await attempt(registration.email, 'wrong password!', '10.1.0.8')).statusCode);
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toBe(429);
  });

  it('lets the right password and a valid code through a wait', async () => {
    const { registration, auth } = await registerOwner(t);
    await t.database.db
      .updateTable('companies')
      .set({ two_factor_enabled: true })
      .where('id', '=', claimsOf(auth.token).companyId)
      .execute();
    const setup = (await attempt(registration.email, strongPassword, '10.1.0.9')).json<AuthRecord>();
    const qr = (
      await t.request({ method: 'GET', url: '/api/auth/2fa/qr', headers: authHeader(setup.token) })
    ).json<TwoFactorQr>();
    const secret = new URL(qr.otpauthUri).searchParams.get('secret') ?? '';
    await t.request({
      method: 'POST',
      url: '/api/auth/2fa/register',
      headers: authHeader(setup.token),
      payload: { otp: await generate({ secret }) },
    });

    // The person shares the attacker's address (an office, a mobile network).
    const address = '10.1.0.10';
    for (let i = 0; i < 10; i++) await attempt(registration.email, 'wrong password!', address);
    const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await attempt(registration.email, strongPassword, address)).statusCode).toBe(429);
    expect((await attempt(registration.email, 'wrong password!', address, nextCode)).statusCode).toBe(401);
    expect((await attempt(registration.email, strongPassword, address, '123456')).statusCode).toBe(429);
    expect((await attempt(registration.email, strongPassword, address, nextCode)).statusCode).toBe(200);
  });
});
