import type { AuthRecord, CurrentUser } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, demoAccounts, seedDemo } from './seed';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: '1' });
  });
  afterAll(() => t.close());

  const signIn = async (email: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.json<AuthRecord>();
  };
  const me = async (token: string) =>
    (
      await t.request({ method: 'GET', url: '/api/frontend/user/me', headers: authHeader(token) })
    ).json<CurrentUser>();

  it('creates the five demo accounts, each able to sign in with parley-demo', async () => {
    const owner = await me((await signIn('owner@demo.parley.dev')).token);
    expect(owner.company).toMatchObject({
      name: 'Demo Co',
      company_type: 'Regular',
      company_expiration_date: 'None',
    });
    expect(owner.company.sections[0]).toMatchObject({ label: 'API reference', iframe_url: '/api/docs' });

    const trial = await me((await signIn('trial@demo.parley.dev')).token);
    const daysLeft = (Date.parse(trial.company.company_expiration_date) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(13.9);
    expect(daysLeft).toBeLessThanOrEqual(14);

    const staff = await me((await signIn('staff@parley.dev')).token);
    expect(staff).toMatchObject({
      user_type: 'internal',
      company: { name: 'Parley', company_type: 'Internal' },
    });

    const lite = await me((await signIn('lite@demo.parley.dev')).token);
    expect(lite.company.company_type).toBe('Lite');

    expect(await signIn('secure@demo.parley.dev')).toMatchObject({
      company2faEnabled: true,
      qrRegistered: false,
    });
  });

  it('is idempotent: seeding again, forced or not, changes nothing', async () => {
    const countRows = async () => ({
      users: (await t.database.db.selectFrom('users').select('id').execute()).length,
      companies: (await t.database.db.selectFrom('companies').select('id').execute()).length,
      sections: (await t.database.db.selectFrom('sections').select('id').execute()).length,
    });
    const before = await countRows();
    expect(before.users).toBe(demoAccounts.length);
    expect(await seedDemo(t.database.db, { force: false })).toEqual([]);
    expect(await seedDemo(t.database.db, { force: true })).toEqual([]);
    expect(await countRows()).toEqual(before);
  });

  it('runs once per database: a deleted demo account stays deleted unless seeding is forced', async () => {
    await t.database.db.deleteFrom('companies').where('name', '=', 'Lite Co').execute();
    expect(await seedDemo(t.database.db, { force: false })).toEqual([]);
    expect(await seedDemo(t.database.db, { force: true })).toEqual(['lite@demo.parley.dev']);
  });
});
