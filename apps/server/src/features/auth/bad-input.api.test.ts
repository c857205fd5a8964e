import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRegistration, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('bad input is refused with a named error and writes nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function counts() {
    const { db } = t.database;
    const users = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const companies = await db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const signUps = await db
      .selectFrom('pending_sign_ups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { users: users.n, companies: companies.n, signUps: signUps.n };
  }

  async function expectRefused(
    request: { payload?: unknown; body?: string; headers?: Record<string, string> },
    expected: { status: number; name: string; message?: string | RegExp; path?: string },
  ) {
    const before = await counts();
    const response = await t.request({ method: 'POST', url: '/api/auth/register', ...request } as never);
    expect(response.statusCode).toBe(expected.status);
    const { error } = response.json();
    expect(error.name).toBe(expected.name);
    if (expected.message) expect(error.message).toMatch(expected.message);
    if (expected.path)
      expect(error.details.issues.map((issue: { path: string }) => issue.path)).toContain(expected.path);
    expect(response.body).not.toMatch(/stack|at \w+ \(|select |insert into/i);
    expect(await counts()).toEqual(before);
    return error;
  }

  it('malformed JSON', async () => {
    await expectRefused(
      { body: '{"email": "a@b.co", ', headers: { 'content-type': 'application/json' } },
      { status: 400, name: 'ValidationException', message: 'The request body is not valid JSON' },
    );
  });

  it('an empty body, and a body that is not JSON', async () => {
    await expectRefused(
      { body: '', headers: { 'content-type': 'application/json' } },
      { status: 400, name: 'ValidationException' },
    );
    await expectRefused(
      { body: 'email=a@b.co', headers: { 'content-type': 'text/plain' } },
      { status: 400, name: 'ValidationException', message: 'Send the request body as application/json' },
    );
    await expectRefused({ payload: [1, 2, 3] }, { status: 400, name: 'ValidationException' });
  });

  it('missing and extra fields', async () => {
    const { company_name: _omitted, ...missing } = newRegistration();
    await expectRefused(
      { payload: missing },
      { status: 400, name: 'ValidationException', path: 'body.company_name' },
    );
    const error = await expectRefused(
      { payload: { ...newRegistration(), role: 'owner', is_admin: true } },
      { status: 400, name: 'ValidationException' },
    );
    expect(JSON.stringify(error.details)).toMatch(/is_admin/);
  });

  it('wrong types', async () => {
    await expectRefused(
      { payload: { ...newRegistration(), email: 42 } },
      { status: 400, name: 'ValidationException', path: 'body.email' },
    );
    await expectRefused(
      { payload: { ...newRegistration(), first_name: ['Ada'] } },
      { status: 400, name: 'ValidationException', path: 'body.first_name' },
    );
    await expectRefused(
      { payload: { ...newRegistration(), password: null } },
      { status: 400, name: 'ValidationException', path: 'body.password' },
    );
  });

  it('1 MB strings: too long for the field, or too large for the server', async () => {
    const error = await expectRefused(
      { payload: { ...newRegistration(), first_name: 'a'.repeat(1_000_000) } },
      { status: 400, name: 'ValidationException', path: 'body.first_name' },
    );
    expect(JSON.stringify(error).length).toBeLessThan(2000);
    await expectRefused(
      { payload: { ...newRegistration(), first_name: 'a'.repeat(1_100_000) } },
      { status: 413, name: 'PayloadTooLargeException' },
    );
  });

  it('emails with Unicode or SQL, and names with markup', async () => {
    await expectRefused(
      { payload: newRegistration({ email: 'jöse@exämple.com' }) },
      { status: 400, name: 'ValidationException', path: 'body.email' },
    );
    await expectRefused(
      { payload: newRegistration({ email: "x'; drop table users;--@example.com" }) },
      { status: 400, name: 'ValidationException', path: 'body.email' },
    );
    await expectRefused(
      { payload: newRegistration({ first_name: '<script>alert(1)</script>' }) },
      {
        status: 400,
        name: 'ValidationException',
        message: 'The request is not valid',
        path: 'body.first_name',
      },
    );
  });

  it('stores SQL-looking text verbatim: it is data, never code', async () => {
    const companyName = "Robert'); DROP TABLE companies;--";
    const { auth } = await registerOwner(t, { company_name: companyName });
    const me = await t.request({
      method: 'GET',
      url: '/api/frontend/user/me',
      headers: { authorization: `JWT ${auth.token}` },
    });
    expect(me.json().company.name).toBe(companyName);
  });

  it('strips NUL characters before anything is written', async () => {
    const { registration, auth } = await registerOwner(t, {
      first_name: 'A\u0000da',
      company_name: 'Nul\u0000 Industries',
    });
    const me = await t.request({
      method: 'GET',
      url: '/api/frontend/user/me',
      headers: { authorization: `JWT ${auth.token}` },
    });
    expect(me.json()).toMatchObject({ first_name: 'Ada', company: { name: 'Nul Industries' } });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${registration.email}\u0000`, password: registration.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a NUL-only name counts as empty', async () => {
    await expectRefused(
      { payload: newRegistration({ last_name: '\u0000\u0000' }) },
      { status: 400, name: 'ValidationException', path: 'body.last_name' },
    );
  });
});
