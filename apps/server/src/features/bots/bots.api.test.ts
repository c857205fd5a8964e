import type { BotDetail, BotList } from '@parley/contracts';
import { validateFlow } from '@parley/flow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('the bots API', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerOwner(t)).auth.token;
    otherToken = (await registerOwner(t)).auth.token;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = token) =>
    t.request({ method, url, headers: authHeader(as), ...(payload ? { payload } : {}) });
  const create = async (name: string, language = 'en') => {
    const response = await call('POST', '/api/bots', { name, language });
    expect(response.statusCode).toBe(201);
    return response.json<BotDetail>();
  };

  it('creates a bot with a valid starter flow that welcomes in its language', async () => {
    const bot = await create('  Support Bot ', 'es');
    expect(bot).toMatchObject({
      name: 'Support Bot',
      language: 'es',
      status: 'draft',
      published_version: null,
      counts: { modules: 1, intents: 0, globalConnections: 0 },
    });
    expect(bot.flow.modules[0]).toMatchObject({
      type: 'text',
      content: { text: expect.stringContaining('Hola') },
    });
    expect(validateFlow(bot.flow).filter((finding) => finding.severity === 'error')).toEqual([]);
    const fetched = await call('GET', `/api/bots/${bot.id}`);
    expect(fetched.json()).toEqual(bot);
  });

  it('lists bots without their flows, paged, searched and sorted', async () => {
    const { token: own } = { token: (await registerOwner(t)).auth.token };
    for (const name of ['Zeta', 'alpha', 'Beta 50%', 'Gamma']) {
      expect((await call('POST', '/api/bots', { name, language: 'en' }, own)).statusCode).toBe(201);
    }
    const all = (await call('GET', '/api/bots?sort=name&order=asc', undefined, own)).json<BotList>();
    expect(all.items.map((bot) => bot.name)).toEqual(['alpha', 'Beta 50%', 'Gamma', 'Zeta']);
    expect(all.total).toBe(4);
    expect(JSON.stringify(all)).not.toContain('modules":[');
    const paged = (
      await call('GET', '/api/bots?sort=name&order=asc&page=2&pageSize=3', undefined, own)
    ).json<BotList>();
    expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 3, items: [{ name: 'Zeta' }] });
    const searched = (await call('GET', '/api/bots?search=%25', undefined, own)).json<BotList>();
    expect(searched.items.map((bot) => bot.name)).toEqual(['Beta 50%']);
    const newest = (await call('GET', '/api/bots', undefined, own)).json<BotList>();
    expect(newest.items[0]?.name).toBe('Gamma');
    expect((await call('GET', '/api/bots?sort=colour', undefined, own)).statusCode).toBe(400);
  });

  it('renames and changes language, keeping the flow in step', async () => {
    const bot = await create('Old name');
    const renamed = await call('PATCH', `/api/bots/${bot.id}`, { name: 'New name', language: 'fr' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'New name',
      language: 'fr',
      flow: { settings: { language: 'fr' } },
    });
    expect(Date.parse(renamed.json<BotDetail>().updated_at)).toBeGreaterThanOrEqual(
      Date.parse(bot.updated_at),
    );
    expect((await call('PATCH', `/api/bots/${bot.id}`, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/api/bots/${bot.id}`, { name: '' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/bots/${bot.id}`, { language: 'klingon' })).statusCode).toBe(400);
  });

  it('duplicates a bot with its flow', async () => {
    const bot = await create('Original');
    const copy = await call('POST', `/api/bots/${bot.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Original (copy)', flow: bot.flow });
    expect(copy.json<BotDetail>().id).not.toBe(bot.id);
  });

  it('deletes softly: the bot leaves the lists, the row stays for reports', async () => {
    const bot = await create('Short-lived');
    expect((await call('DELETE', `/api/bots/${bot.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/bots/${bot.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/bots/${bot.id}`)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/bots?pageSize=100')).json<BotList>();
    expect(listed.items.map((item) => item.id)).not.toContain(bot.id);
    const row = await t.database.db
      .selectFrom('bots')
      .select(['deleted_at'])
      .where('id', '=', bot.id)
      .executeTakeFirst();
    expect(row?.deleted_at).toBeInstanceOf(Date);
  });

  // Every id route's answer to another company is proved for all routes by plugins/route-tenancy.
  it('never lists another company’s bots', async () => {
    const bot = await create('Private');
    const listed = await call('GET', '/api/bots', undefined, otherToken);
    expect(listed.json<BotList>().items.map((item) => item.id)).not.toContain(bot.id);
  });

  it('accepts body-less calls that still say Content-Type: application/json (as the web app sends them)', async () => {
    const bot = await create('Headers');
    const headers = { ...authHeader(token), 'content-type': 'application/json', accept: 'application/json' };
    const copy = await t.request({ method: 'POST', url: `/api/bots/${bot.id}/duplicate`, headers, body: '' });
    expect(copy.statusCode).toBe(201);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/bots/${copy.json<BotDetail>().id}`,
      headers,
      body: '',
    });
    expect(removed.statusCode).toBe(204);
  });

  it('answers 404 for ids that cannot exist, and requires signing in', async () => {
    expect((await call('GET', '/api/bots/not-a-uuid')).statusCode).toBe(404);
    expect((await call('GET', '/api/bots/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/bots' })).statusCode).toBe(401);
  });

  it('refuses bad input, writing nothing', async () => {
    const before = (await call('GET', '/api/bots?pageSize=100')).json<BotList>().total;
    for (const payload of [
      {},
      { name: 'x' },
      { name: 'x', language: 'en', extra: 1 },
      { name: '<b>x</b>', language: 'en' },
      { name: 'x'.repeat(81), language: 'en' },
      { name: 42, language: 'en' },
    ]) {
      const response = await call('POST', '/api/bots', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.name).toBe('ValidationException');
    }
    expect((await call('GET', '/api/bots?pageSize=100')).json<BotList>().total).toBe(before);
  });
});
