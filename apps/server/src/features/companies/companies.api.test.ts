import type { BotList, CompanyList, CompanySummary } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('company selectors: which companies and bots a person may pick', () => {
  let t: TestApp;
  let acme: { headers: Record<string, string>; companyId: string };
  let globex: { headers: Record<string, string>; companyId: string };
  let staff: { headers: Record<string, string>; companyId: string };

  const owner = async (company_name: string) => {
    const { auth } = await registerOwner(t, { company_name });
    return { headers: authHeader(auth.token), companyId: claimsOf(auth.token).companyId as string };
  };
  const get = (url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp();
    [acme, globex, staff] = [
      await owner('Acme 100% Widgets'),
      await owner('Globex'),
      await owner('Parley HQ'),
    ];
    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', staff.companyId)
      .execute();
    await t.request({
      method: 'POST',
      url: '/api/bots',
      headers: globex.headers,
      payload: { name: 'Globex help', language: 'en' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives a customer only their own company, and not-found for another', async () => {
    const own = (await get('/api/companies', acme.headers)).json<CompanyList>();
    expect(own.items).toEqual([{ id: acme.companyId, name: 'Acme 100% Widgets', company_type: 'Regular' }]);
    expect((await get('/api/companies?search=globex', acme.headers)).json<CompanyList>().items).toEqual([]);
    const other = await get(`/api/companies/${globex.companyId}`, acme.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.name).toBe('NotFoundException');
    expect((await get(`/api/companies/${acme.companyId}`, acme.headers)).json<CompanySummary>().name).toBe(
      'Acme 100% Widgets',
    );
  });

  it('gives Parley staff every company, searched by name (wildcards match themselves)', async () => {
    const all = (await get('/api/companies?limit=100', staff.headers)).json<CompanyList>();
    expect(all.items.map((company) => company.id)).toEqual(
      expect.arrayContaining([acme.companyId, globex.companyId, staff.companyId]),
    );
    const names = all.items.map((company) => company.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const searched = (await get('/api/companies?search=100%25', staff.headers)).json<CompanyList>();
    expect(searched.items.map((company) => company.id)).toEqual([acme.companyId]);
    expect((await get('/api/companies?search=%25', staff.headers)).json<CompanyList>().items).toHaveLength(1);
    expect((await get(`/api/companies/${globex.companyId}`, staff.headers)).json<CompanySummary>().name).toBe(
      'Globex',
    );
  });

  it('lists another company’s bots only for Parley staff', async () => {
    const forStaff = (await get(`/api/bots?companyId=${globex.companyId}`, staff.headers)).json<BotList>();
    expect(forStaff.items.map((bot) => bot.name)).toEqual(['Globex help']);
    const refused = await get(`/api/bots?companyId=${globex.companyId}`, acme.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.name).toBe('ForbiddenException');
  });

  it('names bad input', async () => {
    const badLimit = await get('/api/companies?limit=0', staff.headers);
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().error.name).toBe('ValidationException');
    expect((await get('/api/bots?companyId=nope', staff.headers)).statusCode).toBe(400);
    expect((await get('/api/companies/nope', staff.headers)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/companies' })).statusCode).toBe(401);
  });
});
