import type { Agent, AgentAuditPage, CreatedApiKey } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner, teammate } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('the agents’ audit log: each company its own, Parley staff every company', () => {
  let t: TestApp;
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, headers: object, payload?: object) =>
    t.request({ method, url: `/agents-api${path}`, headers: headers as Record<string, string>, payload });
  const read = async (headers: object, query = '') => {
    const response = await call('GET', `/audit${query}`, headers);
    expect(response.statusCode).toBe(200);
    return response.json<AgentAuditPage>();
  };
  /** An owner of a new company, with an agent made, saved and switched off (three agent entries). */
  const companyWithAgent = async (name: string) => {
    const registered = await registerOwner(t, { company_name: name });
    const headers = authHeader(registered.auth.token, 'Bearer');
    const agent = (
      await call('POST', '/agents', headers, { definition: { name: `${name} desk` } })
    ).json<Agent>();
    await call('PUT', `/agents/${agent.id}`, headers, {
      definition: { name: `${name} desk`, goal: 'Answer' },
      baseVersion: 1,
    });
    await call('PUT', `/agents/${agent.id}/switch`, headers, { enabled: false, reason: 'Too costly' });
    return {
      headers,
      jwt: authHeader(registered.auth.token),
      companyId: claimsOf(registered.auth.token).companyId,
      agent,
    };
  };
  let shop: Awaited<ReturnType<typeof companyWithAgent>>;
  let bakery: Awaited<ReturnType<typeof companyWithAgent>>;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await companyWithAgent('Shop');
    bakery = await companyWithAgent('Bakery');
    // Not about agents: it stays out of the agents' log.
    await t.request({
      method: 'PUT',
      url: '/api/audit-log/settings',
      headers: shop.jwt,
      payload: { retention_days: 90 },
    });
  });
  afterAll(() => t.close());

  it('shows a company’s admins their own company’s changes to agents only, newest first', async () => {
    const page = await read(shop.headers);
    expect(page.items.map((entry) => entry.action)).toEqual([
      'agent.switched-off',
      'agent.saved',
      'agent.created',
    ]);
    expect(page.items.every((entry) => entry.company.id === shop.companyId)).toBe(true);
    expect(page.items[0]).toMatchObject({
      company: { name: 'Shop' },
      target: { type: 'agent', label: 'Shop desk' },
      details: { reason: 'Too costly' },
    });
    expect(await read(shop.headers, `?companyId=${shop.companyId}`)).toEqual(page);

    // A page at a time.
    const first = await read(shop.headers, '?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await read(shop.headers, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((entry) => entry.action)).toEqual(['agent.created']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses another company’s log to anyone but Parley staff', async () => {
    const refused = await call('GET', `/audit?companyId=${bakery.companyId}`, shop.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { name: 'ForbiddenException' } });
    expect(JSON.stringify(await read(shop.headers))).not.toContain('Bakery');

    const viewer = await teammate(
      t,
      { companyId: shop.companyId },
      { email: 'viewer@audit.example', first_name: 'Vi', last_name: 'Ewer', role: 'viewer' },
    );
    expect((await call('GET', '/audit', viewer)).statusCode).toBe(403);

    // The log names people and addresses: an API key, whatever its scopes, does not read it.
    const key = (
      await call('POST', '/api-keys', shop.headers, {
        name: 'Reporting',
        scopes: ['agents:read', 'agents:write', 'agents:run'],
      })
    ).json<CreatedApiKey>();
    expect((await call('GET', '/audit', { authorization: `Bearer ${key.secret}` })).statusCode).toBe(403);

    for (const bad of ['?limit=0', '?limit=500', '?companyId=nope', '?cursor=%%%', '?kind=bot']) {
      const response = await call('GET', `/audit${bad}`, shop.headers);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ error: { name: 'ValidationException' } });
    }
  });

  it('shows Parley staff every company’s changes to agents, or one company’s', async () => {
    const staff = await companyWithAgent('Parley HQ');
    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', staff.companyId)
      .execute();

    const everyone = await read(staff.headers);
    const companies = new Set(everyone.items.map((entry) => entry.company.name));
    expect(companies).toEqual(new Set(['Shop', 'Bakery', 'Parley HQ']));
    // Three changes to an agent in each company, and Shop’s API key.
    expect(everyone.items).toHaveLength(10);
    expect(everyone.items.every((entry) => entry.kind === 'agent')).toBe(true);
    const times = everyone.items.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());

    const bakeryOnly = await read(staff.headers, `?companyId=${bakery.companyId}`);
    expect(bakeryOnly.items.map((entry) => [entry.company.name, entry.action])).toEqual([
      ['Bakery', 'agent.switched-off'],
      ['Bakery', 'agent.saved'],
      ['Bakery', 'agent.created'],
    ]);
    expect(bakeryOnly.items[0]?.actor?.email).toBe((await read(bakery.headers)).items[0]?.actor?.email);

    // Across companies a page at a time too.
    const first = await read(staff.headers, '?limit=5');
    const rest = await read(staff.headers, `?limit=5&cursor=${first.nextCursor}`);
    expect([...first.items, ...rest.items].map((entry) => entry.id)).toEqual(
      everyone.items.map((entry) => entry.id),
    );

    // Staff read other companies' agents; they still do not change them.
    const foreign = await call('PUT', `/agents/${shop.agent.id}/switch`, staff.headers, { enabled: true });
    expect(foreign.statusCode).toBe(404);
  });
});
