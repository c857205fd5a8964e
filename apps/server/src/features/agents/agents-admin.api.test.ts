import type {
  Agent,
  AgentControl,
  AgentDashboard,
  AgentRun,
  AgentSettings,
  AgentUsage,
  ChatMessage,
  CreatedApiKey,
  StoredRun,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../../../test/fake-openai';
import {
  authHeader,
  claimsOf,
  deployedBot,
  registerOwner,
  startChat,
  teammate,
  visitorSays,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { removeExpiredRuns } from './agents-admin.service';

type Body = Record<string, unknown>;
const lastSaid = (body: Body) =>
  (body.messages as { role: string; content?: string }[]).findLast((message) => message.role === 'user')
    ?.content ?? '';

const settingsBody = {
  defaultModel: 'gpt-test',
  defaultLimits: { maxSteps: 3, maxSeconds: 20, maxTokens: 5_000 },
  retentionDays: 30,
  currency: 'EUR',
  prices: [{ model: 'gpt-test', promptPerMillion: 2, completionPerMillion: 8 }],
  spendingLimit: { monthlyTokens: null, monthlyCost: null },
};

describe('agents settings, admin and dashboard', () => {
  // The server's model and a company's own provider, told apart by what they answer.
  const serverModel = fakeOpenAi({ tokens: ['From the server.'] });
  const ownModel = fakeOpenAi({
    tokens: ['From the company’s provider.'],
    toolCalls: (body) =>
      lastSaid(body).includes('person') ? [{ name: 'hand_off', arguments: '{"reason":"asked"}' }] : undefined,
  });
  let t: TestApp;
  let guarded: TestApp;
  let owner: Record<string, string>;
  let jwtOwner: Record<string, string>;
  let companyId: string;
  let agent: Agent;
  /** The company's own provider's base URL. */
  let ownUrl = '';
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers: object, payload?: object) =>
    t.request({ method, url: `/agents-api${path}`, headers: headers as Record<string, string>, payload });
  const play = async (text = 'Where is my order?', headers = owner) => {
    const response = await call('POST', `/agents/${agent.id}/playground`, headers, {
      messages: [{ role: 'user', content: text }],
    });
    expect(response.statusCode).toBe(200);
    return response.json<AgentRun>();
  };

  beforeAll(async () => {
    const [serverUrl, providerUrl] = await Promise.all([serverModel.listen(), ownModel.listen()]);
    ownUrl = providerUrl;
    [t, guarded] = await Promise.all([
      createTestApp({
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: serverUrl,
        OUTGOING_ALLOW_HOSTS: '127.0.0.1',
      }),
      createTestApp({ OUTGOING_ALLOW_HOSTS: '' }),
    ]);
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token, 'Bearer');
    jwtOwner = authHeader(registered.auth.token);
    companyId = claimsOf(registered.auth.token).companyId;
  });
  afterAll(async () => {
    await Promise.all([t.close(), guarded.close()]);
    await Promise.all([serverModel.close(), ownModel.close()]);
  });

  it('keeps defaults that new agents inherit, and names bad settings', async () => {
    const fresh = await call('GET', '/settings', owner);
    expect(fresh.json<AgentSettings>()).toMatchObject({
      provider: { configured: false },
      retentionDays: 90,
      defaultLimits: { maxSteps: 6 },
    });
    const saved = await call('PUT', '/settings', owner, settingsBody);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AgentSettings>()).toMatchObject({ retentionDays: 30, currency: 'EUR' });

    const created = await call('POST', '/agents', owner, { definition: { name: 'Orders' } });
    agent = created.json<Agent>();
    expect(agent.definition.limits).toEqual(settingsBody.defaultLimits);
    // Limits given explicitly win over the defaults.
    const own = await call('POST', '/agents', owner, {
      definition: { name: 'Own limits', limits: { maxSteps: 9, maxSeconds: 60, maxTokens: 20_000 } },
    });
    expect(own.json<Agent>().definition.limits.maxSteps).toBe(9);

    for (const bad of [
      { ...settingsBody, retentionDays: 0 },
      { ...settingsBody, currency: 'euro' },
      { ...settingsBody, prices: [settingsBody.prices[0], settingsBody.prices[0]] },
      { ...settingsBody, spendingLimit: { monthlyTokens: -5, monthlyCost: null } },
    ]) {
      const refused = await call('PUT', '/settings', owner, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { name: 'ValidationException' } });
    }
  });

  it('checks a provider with its models endpoint, keeps its key sealed, and runs agents on it', async () => {
    const before = await play();
    expect(before.reply).toBe('From the server.');
    expect(before.steps[0]).toMatchObject({ kind: 'model', model: 'gpt-test' });

    const wrongKey = await call('PUT', '/settings/provider', owner, {
      baseUrl: ownUrl,
      apiKey: 'sk-wrong',
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json()).toMatchObject({ error: { name: 'ModelKeyRejectedException' } });
    const closed = await call('PUT', '/settings/provider', owner, {
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'test-key',
    });
    expect(closed.statusCode).toBe(502);
    expect((await call('GET', '/settings', owner)).json<AgentSettings>().provider.configured).toBe(false);

    const saved = await call('PUT', '/settings/provider', owner, {
      baseUrl: `${ownUrl}/`,
      apiKey: 'test-key',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AgentSettings>().provider).toMatchObject({
      configured: true,
      baseUrl: ownUrl,
      keyHint: '••••',
      models: ['gpt-test', 'gpt-test-mini'],
    });
    expect(saved.body).not.toContain('test-key');
    const stored = await t.database.db
      .selectFrom('agent_settings')
      .select('provider_key')
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(stored.provider_key).toMatch(/^v1\./);

    const served = serverModel.requests.length;
    const after = await play();
    expect(after.reply).toBe('From the company’s provider.');
    expect(serverModel.requests.length).toBe(served);
    expect(ownModel.requests.at(-1)?.body).toMatchObject({ model: 'gpt-test' });

    const removed = await call('DELETE', '/settings/provider', owner);
    expect(removed.json<AgentSettings>().provider.configured).toBe(false);
    expect((await play()).reply).toBe('From the server.');
  });

  it('refuses a provider at an address the server does not allow', async () => {
    const other = authHeader(
      (await registerOwner(guarded, { company_name: 'Guarded' })).auth.token,
      'Bearer',
    );
    const refused = await guarded.request({
      method: 'PUT',
      url: '/agents-api/settings/provider',
      headers: other,
      payload: { baseUrl: ownUrl, apiKey: 'test-key' },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error: { name: 'UpstreamException' } });
  });

  it('counts usage per agent and day, and a spending limit stops the agent with a named step', async () => {
    await play();
    const usage = (await call('GET', '/usage', owner)).json<AgentUsage>();
    const orders = usage.agents.find((each) => each.id === agent.id);
    expect(orders?.totals.turns).toBeGreaterThanOrEqual(3);
    expect(orders?.totals.promptTokens).toBeGreaterThan(0);
    expect(orders?.monthTokens).toBeGreaterThan(0);
    expect(orders?.totals.cost).toBeGreaterThanOrEqual(0);
    expect(usage.currency).toBe('EUR');
    expect(usage.days.some((day) => day.agentId === agent.id && day.steps > 0)).toBe(true);
    const micros = await t.database.db
      .selectFrom('agent_usage_daily')
      .select(sql<string>`sum(cost_micros)`.as('micros'))
      .where('agent_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(Number(micros.micros)).toBeGreaterThan(0);

    const limited = await call('PUT', `/agents/${agent.id}/spending-limit`, owner, {
      spendingLimit: { monthlyTokens: 1, monthlyCost: null },
    });
    expect(limited.json<AgentControl>().spendingLimit.monthlyTokens).toBe(1);
    const calls = serverModel.requests.length;
    const stopped = await play();
    expect(stopped.outcome).toBe('failed');
    expect(stopped.failure).toBe('Orders reached its monthly spending limit (1 tokens)');
    expect(stopped.steps[0]).toMatchObject({ kind: 'limit', limit: 'spending' });
    expect(serverModel.requests.length).toBe(calls);

    // The company's cap stops every agent the same way.
    await call('PUT', `/agents/${agent.id}/spending-limit`, owner, {
      spendingLimit: { monthlyTokens: null, monthlyCost: null },
    });
    await call('PUT', '/settings', owner, {
      ...settingsBody,
      prices: [{ model: 'gpt-test', promptPerMillion: 10_000, completionPerMillion: 10_000 }],
      spendingLimit: { monthlyTokens: null, monthlyCost: 0.01 },
    });
    await play();
    const capped = await play();
    expect(capped.failure).toMatch(/The company’s agents reached their monthly spending limit \(0.01 EUR\)/);
    await call('PUT', '/settings', owner, settingsBody);
    expect((await play()).outcome).toBe('answered');

    const errors = (await call('GET', '/usage', owner)).json<AgentUsage>();
    expect(errors.agents.find((each) => each.id === agent.id)?.totals.errors).toBeGreaterThanOrEqual(2);
  });

  it('switches an agent off: its turns fail at once, a bot takes its failed exit, and on again', async () => {
    const off = await call('PUT', `/agents/${agent.id}/switch`, owner, {
      enabled: false,
      reason: 'costs too much',
    });
    expect(off.json<AgentControl>()).toMatchObject({ enabled: false, disabledReason: 'costs too much' });
    const refused = await play();
    expect(refused).toMatchObject({
      outcome: 'failed',
      failure: 'Orders is switched off by an admin: costs too much',
      steps: [{ kind: 'exit', exit: 'failed' }],
    });

    const flow = flowFixture()
      .module('start', 'text', { text: 'Hi!' }, { next: 'orders' })
      .module(
        'orders',
        'agent',
        { agent: { id: agent.id, name: 'Orders', version: 1 }, variables: [] },
        { handoff: 'human', failed: 'sorry' },
      )
      .module('human', 'handoff', { message: 'Connecting you with a person…' })
      .module('sorry', 'text', { text: 'Our assistant is off; a person will answer.' });
    const { key } = await deployedBot(t, jwtOwner, 'Shop', flow, 'test');
    const texts = (messages: ChatMessage[]) =>
      messages.map((message) => ('text' in message.message ? message.message.text : undefined));
    // The agent takes the conversation as it starts; switched off, the bot goes on by its failed port.
    const first = await startChat(t, key);
    expect(first.messages.map((message) => message.message)).toContainEqual({
      type: 'text',
      text: 'Our assistant is off; a person will answer.',
    });

    await call('PUT', `/agents/${agent.id}/switch`, owner, { enabled: true });
    const second = await startChat(t, key);
    expect(texts(await visitorSays(t, second, 'Where is my order?'))).toContain('From the server.');
    expect(texts(await visitorSays(t, second, 'a person please'))).toContain('From the server.');

    const audit = await t.request({ method: 'GET', url: '/api/audit-log?kind=agent', headers: jwtOwner });
    const actions = audit.json<{ items: { action: string }[] }>().items.map((item) => item.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'agent.switched-off',
        'agent.switched-on',
        'agent.spending-limit-changed',
        'agent.settings-changed',
        'agent.provider-changed',
        'agent.provider-removed',
      ]),
    );
  });

  it('shows the dashboard per agent and day, with the latest failed turns one call away', async () => {
    const board = (await call('GET', '/dashboard', owner)).json<AgentDashboard>();
    const orders = board.agents.find((each) => each.id === agent.id);
    // Two conversations: one failed at once (switched off), one answered.
    expect(orders).toMatchObject({ conversations: 2, failed: 1 });
    expect(orders?.stepP50Ms).not.toBeNull();
    expect(board.series.length).toBe(30);
    expect(board.series.at(-1)?.conversations).toBe(2);
    expect(board.failedRuns.map((run) => run.source)).toEqual(['conversation']);
    const everything = (await call('GET', '/dashboard?source=all', owner)).json<AgentDashboard>();
    expect(everything.failedRuns.length).toBeGreaterThan(1);
    expect(everything.totals.tokens).toBeGreaterThan(board.totals.tokens);

    const failed = board.failedRuns[0];
    const run = await call('GET', `/runs/${failed?.id}`, owner);
    expect(run.json<StoredRun>()).toMatchObject({
      agentName: 'Orders',
      outcome: 'failed',
      steps: [{ kind: 'exit', exit: 'failed' }],
    });
    const bad = await call('GET', '/dashboard?from=2026-02-01&to=2026-01-01', owner);
    expect(bad.statusCode).toBe(400);
  });

  it('keeps every company to its own, lets staff read any, and API keys only read', async () => {
    const board = (await call('GET', '/dashboard', owner)).json<AgentDashboard>();
    const runId = board.failedRuns[0]?.id;
    const otherOwner = await registerOwner(t, { company_name: 'Other' });
    const other = authHeader(otherOwner.auth.token, 'Bearer');
    expect((await call('GET', `/runs/${runId}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/agents/${agent.id}/switch`, other, { enabled: false })).statusCode).toBe(404);
    const foreignLimit = await call('PUT', `/agents/${agent.id}/spending-limit`, other, {
      spendingLimit: { monthlyTokens: 5, monthlyCost: null },
    });
    expect(foreignLimit.statusCode).toBe(404);
    expect((await call('GET', '/usage', other)).json<AgentUsage>().agents).toEqual([]);
    expect((await call('GET', `/usage?companyId=${companyId}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/dashboard?companyId=${companyId}`, other)).statusCode).toBe(403);

    await t.database.db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', claimsOf(otherOwner.auth.token).companyId)
      .execute();
    const staffUsage = await call('GET', `/usage?companyId=${companyId}`, other);
    expect(staffUsage.json<AgentUsage>().agents.map((each) => each.name)).toContain('Orders');
    expect((await call('GET', `/runs/${runId}?companyId=${companyId}`, other)).statusCode).toBe(200);
    // Staff read across companies; they do not change another company's agents.
    expect((await call('PUT', `/agents/${agent.id}/switch`, other, { enabled: false })).statusCode).toBe(404);

    const viewer = await teammate(
      t,
      { companyId },
      { email: 'viewer@agents.example', first_name: 'Vi', last_name: 'Ewer', role: 'viewer' },
    );
    const viewerBearer = { authorization: viewer.authorization?.replace('JWT', 'Bearer') };
    expect((await call('GET', '/dashboard', viewerBearer)).statusCode).toBe(200);
    expect((await call('GET', '/usage', viewerBearer)).statusCode).toBe(403);
    expect((await call('GET', '/settings', viewerBearer)).statusCode).toBe(403);

    const key = (
      await call('POST', '/api-keys', owner, { name: 'Reporting', scopes: ['agents:read'] })
    ).json<CreatedApiKey>();
    const reader = { authorization: `Bearer ${key.secret}` };
    expect((await call('GET', '/usage', reader)).statusCode).toBe(200);
    expect((await call('GET', '/dashboard', reader)).statusCode).toBe(200);
    expect((await call('GET', `/runs/${runId}`, reader)).statusCode).toBe(200);
    expect((await call('GET', '/settings', reader)).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['PUT', '/settings', settingsBody],
      ['PUT', '/settings/provider', { baseUrl: ownUrl, apiKey: 'test-key' }],
      ['DELETE', '/settings/provider', undefined],
      ['PUT', `/agents/${agent.id}/switch`, { enabled: false }],
    ] as const) {
      const refused = await call(method, path, reader, body);
      expect(refused.statusCode).toBe(403);
    }
  });

  it('removes runs past the company’s retention in the daily cleanup, and keeps the usage', async () => {
    const runs = () =>
      t.database.db.selectFrom('agent_runs').select('id').where('company_id', '=', companyId).execute();
    const before = (await runs()).length;
    const [oldest] = await runs();
    await t.database.db
      .updateTable('agent_runs')
      .set({ created_at: sql`now() - interval '31 days'` } as never)
      .where('id', '=', oldest?.id ?? '')
      .execute();
    expect(await removeExpiredRuns(t.database.db)).toBe(1);
    expect((await runs()).length).toBe(before - 1);
    const usage = (await call('GET', '/usage', owner)).json<AgentUsage>();
    expect(usage.agents.find((each) => each.id === agent.id)?.totals.turns).toBeGreaterThanOrEqual(before);
  });
});
