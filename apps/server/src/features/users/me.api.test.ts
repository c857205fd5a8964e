import type { CurrentUser } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { issueToken } from '../auth/tokens';
import { insertSections } from '../companies/companies.repository';

describe('GET /api/frontend/user/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.request({ method: 'GET', url: '/api/frontend/user/me', headers: authHeader(token) });

  it('answers the user, the company and only that company’s sections, in column order', async () => {
    const a = await registerOwner(t, { company_name: 'Company A' });
    const b = await registerOwner(t, { company_name: 'Company B' });
    const companyA = claimsOf(a.auth.token).companyId;
    const companyB = claimsOf(b.auth.token).companyId;
    await insertSections(t.database.db, [
      {
        company_id: companyA,
        column: 'Resources',
        label: 'Docs',
        description: 'Read the docs',
        iframe_url: '/api/docs',
        icon: JSON.stringify({ initial_state: '/i.svg', selected_state: '/s.svg' }),
        position: 1,
      },
      {
        company_id: companyA,
        column: 'Analytics',
        label: 'Dashboard',
        description: '',
        iframe_url: null,
        icon: null,
        position: 0,
      },
      {
        company_id: companyB,
        column: 'Resources',
        label: 'Secret of B',
        description: '',
        iframe_url: null,
        icon: null,
        position: 0,
      },
    ]);

    const response = await me(a.auth.token);
    expect(response.statusCode).toBe(200);
    const user = response.json<CurrentUser>();
    expect(Object.keys(user).sort()).toEqual(
      [
        'company',
        'email',
        'first_name',
        'id',
        'language',
        'last_name',
        'permissions',
        'qr_registered',
        'role',
        'status',
        'user_type',
      ].sort(),
    );
    expect(JSON.stringify(user)).not.toMatch(/password|totp|hash/i);
    expect(user.company).toMatchObject({ id: companyA, name: 'Company A', industry: null });
    expect(user.company.sections).toEqual([
      {
        id: expect.any(String),
        column: 'Analytics',
        label: 'Dashboard',
        description: '',
        iframe_url: null,
        icon: null,
      },
      {
        id: expect.any(String),
        column: 'Resources',
        label: 'Docs',
        description: 'Read the docs',
        iframe_url: '/api/docs',
        icon: { initial_state: '/i.svg', selected_state: '/s.svg' },
      },
    ]);
    const ofB = (await me(b.auth.token)).json<CurrentUser>();
    expect(ofB.company.sections.map((section) => section.label)).toEqual(['Secret of B']);
  });

  it("refuses a token that pairs a user with another company's id", async () => {
    const a = await registerOwner(t);
    const b = await registerOwner(t);
    const crossed = await issueToken(
      t.config.jwtSecret,
      { ...claimsOf(a.auth.token), scope: 'full', companyId: claimsOf(b.auth.token).companyId },
      60_000,
    );
    const response = await me(crossed.token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.name).toBe('UnauthorizedException');
  });

  it('refuses the token of a disabled user', async () => {
    const a = await registerOwner(t);
    await t.database.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('id', '=', claimsOf(a.auth.token).userId)
      .execute();
    const response = await me(a.auth.token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ message: 'This account is disabled' });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.registration.email, password: a.registration.password },
    });
    expect(login.statusCode).toBe(401);
  });
});
