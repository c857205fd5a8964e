import type { Agent, AgentSummary, ApiKey, CreatedApiKey } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner, teammate } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const orderStatus = {
  name: 'Order status',
  goal: 'Tell the visitor where their order is',
  instructions: 'You help {{ first_name }} find an order.',
};

describe('the agents API', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token, 'Bearer');
    companyId = claimsOf(registered.auth.token).companyId;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.request({ method, url: `/agents-api${url}`, headers: headers as Record<string, string>, payload });
  const create = async (headers = owner, definition: object = orderStatus) => {
    const response = await call('POST', '/agents', headers, { definition });
    expect(response.statusCode).toBe(201);
    return response.json<Agent>();
  };

  it('creates an agent with defaults, finds it by search, and keeps each saved version', async () => {
    const agent = await create();
    expect(agent).toMatchObject({
      name: 'Order status',
      version: 1,
      definition: {
        model: { model: '', temperature: 0.2 },
        limits: { maxSteps: 6 },
        exits: ['done', 'handoff', 'failed'],
        toolIds: [],
      },
    });
    await create(owner, { name: 'Booking', goal: 'Book a slot' });

    const found = await call('GET', '/agents?search=ORDER', owner);
    expect(found.json<{ agents: AgentSummary[] }>().agents.map((each) => each.name)).toEqual([
      'Order status',
    ]);
    const byGoal = await call('GET', '/agents?search=slot', owner);
    expect(byGoal.json<{ agents: AgentSummary[] }>().agents.map((each) => each.name)).toEqual(['Booking']);

    const saved = await call('PUT', `/agents/${agent.id}`, owner, {
      definition: { ...agent.definition, goal: 'Find orders by number', builtInTools: ['hand_off'] },
      baseVersion: 1,
    });
    expect(saved.json<Agent>()).toMatchObject({ version: 2, goal: 'Find orders by number' });
    // A save from a stale copy is refused and loses nothing.
    const stale = await call('PUT', `/agents/${agent.id}`, owner, {
      definition: { ...agent.definition, goal: 'Overwritten' },
      baseVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: { name: 'ConflictException', details: { currentVersion: 2 } },
    });

    const versions = await call('GET', `/agents/${agent.id}/versions`, owner);
    expect(versions.json<{ versions: { version: number }[] }>().versions.map((v) => v.version)).toEqual([
      2, 1,
    ]);
    const first = await call('GET', `/agents/${agent.id}/versions/1`, owner);
    expect(first.json()).toMatchObject({ version: 1, definition: { goal: orderStatus.goal } });
    expect((await call('GET', `/agents/${agent.id}/versions/9`, owner)).statusCode).toBe(404);
  });

  it('duplicates and deletes an agent', async () => {
    const agent = await create();
    const copy = await call('POST', `/agents/${agent.id}/duplicate`, owner);
    expect(copy.statusCode).toBe(201);
    expect(copy.json<Agent>()).toMatchObject({ name: 'Order status (copy)', version: 1 });
    expect((await call('DELETE', `/agents/${agent.id}`, owner)).statusCode).toBe(204);
    expect((await call('GET', `/agents/${agent.id}`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/agents/${agent.id}`, owner)).statusCode).toBe(404);
  });

  it('names bad input', async () => {
    const empty = await call('POST', '/agents', owner, { definition: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { name: 'ValidationException' } });
    const limits = await call('POST', '/agents', owner, {
      definition: { name: 'A', limits: { maxSteps: 0, maxSeconds: 60, maxTokens: 1000 } },
    });
    expect(limits.statusCode).toBe(400);
    expect((await call('GET', '/agents/not-an-id', owner)).statusCode).toBe(400);
  });

  it('accepts a session token as Bearer or JWT, and nobody without one', async () => {
    const jwt = { authorization: owner.authorization?.replace('Bearer', 'JWT') };
    expect((await call('GET', '/agents', jwt)).statusCode).toBe(200);
    expect((await call('GET', '/agents', owner)).statusCode).toBe(200);
    expect((await call('GET', '/agents', {})).statusCode).toBe(401);
    expect((await call('GET', '/agents', { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
  });

  it('keeps each company to its own agents', async () => {
    const agent = await create();
    const other = authHeader((await registerOwner(t, { company_name: 'Other' })).auth.token, 'Bearer');
    expect((await call('GET', '/agents', other)).json<{ agents: unknown[] }>().agents).toEqual([]);
    for (const [method, url] of [
      ['GET', `/agents/${agent.id}`],
      ['POST', `/agents/${agent.id}/duplicate`],
      ['DELETE', `/agents/${agent.id}`],
      ['GET', `/agents/${agent.id}/versions`],
    ] as const) {
      expect((await call(method, url, other)).statusCode).toBe(404);
    }
    const save = await call('PUT', `/agents/${agent.id}`, other, { definition: orderStatus, baseVersion: 1 });
    expect(save.statusCode).toBe(404);
  });

  it('lets roles without bots:manage read but not change agents', async () => {
    const viewer = await teammate(
      t,
      { companyId },
      {
        email: 'viewer@example.com',
        first_name: 'Vi',
        last_name: 'Ewer',
        role: 'viewer',
      },
    );
    expect((await call('GET', '/agents', viewer)).statusCode).toBe(200);
    const refused = await call('POST', '/agents', viewer, { definition: orderStatus });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', '/api-keys', viewer)).statusCode).toBe(403);
  });

  describe('API keys', () => {
    const makeKey = async (scopes: string[], headers = owner) => {
      const response = await call('POST', '/api-keys', headers, { name: `Key ${scopes.join('+')}`, scopes });
      expect(response.statusCode).toBe(201);
      return response.json<CreatedApiKey>();
    };
    const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

    it('shows the secret once, stores only its hash, and lists the key without it', async () => {
      const { key, secret } = await makeKey(['agents:read']);
      expect(secret).toMatch(/^pak_[\w-]{40,}$/);
      expect(key).toMatchObject({
        scopes: ['agents:read'],
        revokedAt: null,
        hint: `${secret.slice(0, 10)}…`,
      });
      const listed = await call('GET', '/api-keys', owner);
      expect(listed.body).not.toContain(secret);
      expect(listed.json<{ keys: ApiKey[] }>().keys.map((each) => each.id)).toContain(key.id);
      const stored = await t.database.db
        .selectFrom('agent_api_keys')
        .select('token_hash')
        .where('id', '=', key.id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(secret);
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('allows what its scopes cover, in its company only, and only on the agents API', async () => {
      const agent = await create();
      const reader = await makeKey(['agents:read']);
      expect((await call('GET', '/agents', bearer(reader.secret))).statusCode).toBe(200);
      expect((await call('GET', `/agents/${agent.id}`, bearer(reader.secret))).statusCode).toBe(200);
      const refused = await call('POST', '/agents', bearer(reader.secret), { definition: orderStatus });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: { name: 'ForbiddenException', details: { reason: 'api-key-scope', scope: 'agents:write' } },
      });
      const writer = await makeKey(['agents:read', 'agents:write']);
      const created = await call('POST', '/agents', bearer(writer.secret), { definition: orderStatus });
      expect(created.statusCode).toBe(201);
      const versions = await call('GET', `/agents/${created.json<Agent>().id}/versions`, owner);
      expect(versions.json()).toMatchObject({
        versions: [{ createdBy: expect.stringContaining('API key') }],
      });
      // A key cannot manage keys, nor reach the rest of the API.
      expect((await call('GET', '/api-keys', bearer(writer.secret))).statusCode).toBe(403);
      const bots = await t.request({ method: 'GET', url: '/api/bots', headers: bearer(writer.secret) });
      expect(bots.statusCode).toBe(403);
      expect(bots.json()).toMatchObject({ error: { details: { reason: 'api-key-not-allowed' } } });
      // Another company's key does not see this company's agent.
      const other = authHeader((await registerOwner(t, { company_name: 'Keyed' })).auth.token, 'Bearer');
      const foreign = await makeKey(['agents:read'], other);
      expect((await call('GET', `/agents/${agent.id}`, bearer(foreign.secret))).statusCode).toBe(404);
    });

    it('stops working once revoked, and a made-up key never works', async () => {
      const { key, secret } = await makeKey(['agents:read']);
      const revoked = await call('DELETE', `/api-keys/${key.id}`, owner);
      expect(revoked.json<ApiKey>().revokedAt).not.toBeNull();
      const refused = await call('GET', '/agents', bearer(secret));
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: { details: { reason: 'revoked-api-key' } } });
      expect((await call('GET', '/agents', bearer(`${secret}x`))).statusCode).toBe(401);
      const unknown = await call('DELETE', '/api-keys/00000000-0000-4000-8000-000000000000', owner);
      expect(unknown.statusCode).toBe(404);
    });

    it('names a key without a scope or name', async () => {
      const response = await call('POST', '/api-keys', owner, { name: 'Empty', scopes: [] });
      expect(response.statusCode).toBe(400);
      expect(
        (await call('POST', '/api-keys', owner, { name: 'X', scopes: ['bots:manage'] })).statusCode,
      ).toBe(400);
    });
  });

  it('is described in the OpenAPI document under its base path', async () => {
    const docs = await t.request({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/agents-api/agents', '/agents-api/agents/{id}', '/agents-api/api-keys']),
    );
  });
});
