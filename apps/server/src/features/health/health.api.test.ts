import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers that the process is alive, without asking the database', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers, its migrations are current and the job queue runs', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      database: { engine: testEngine, ok: true },
      migrations: {
        applied: expect.any(Number),
        pending: 0,
        latest: expect.stringMatching(/^\d{4}-/),
        unknown: [],
      },
      queue: { ok: true },
      stopping: false,
    });
  });

  it('is not ready, and says why, on a database migrated by a newer version', async () => {
    await sql`insert into schema_migrations (name, timestamp) values ('9999-from-the-future', now())`.execute(
      t.database.db,
    );
    try {
      const response = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not_ready',
        database: { ok: true },
        migrations: { pending: 0, unknown: ['9999-from-the-future'] },
      });
      // Alive all the same: restarting it would not help.
      expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await sql`delete from schema_migrations where name = '9999-from-the-future'`.execute(t.database.db);
    }
  });

  it('answers unknown API routes with a named 404', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { name: 'NotFoundException', message: 'No route GET /api/nothing-here' },
    });
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/frontend/user/me',
        '/api/health',
        '/api/health/ready',
      ]),
    );
    expect(
      document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'password']));
    const ui = await t.request({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('lists the configured public URL as the server to try the API on', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/docs/json',
      headers: { host: '10.0.0.5:41234' },
    });
    expect(response.json().servers).toEqual([{ url: 'http://parley.test' }]);
  });
});

describe('the API reference without a configured public URL', () => {
  const servers = async (env: Record<string, string>, headers: Record<string, string>) => {
    const t = await createTestApp({ PUBLIC_URL: '', ...env });
    try {
      return (await t.request({ method: 'GET', url: '/api/docs/json', headers })).json().servers;
    } finally {
      await t.close();
    }
  };

  it('lists the address the reader reached, not the port the process listens on', async () => {
    expect(await servers({ PORT: '41234' }, { host: 'chat.example.com' })).toEqual([
      { url: 'http://chat.example.com' },
    ]);
  });

  it('behind a trusted proxy, lists the address the proxy was reached at', async () => {
    const forwarded = {
      host: '10.0.0.5:41234',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'bots.example.com',
    };
    expect(await servers({ TRUST_PROXY: '1' }, forwarded)).toEqual([{ url: 'https://bots.example.com' }]);
    // Without TRUST_PROXY, forwarded headers are anyone's to send: the connection's own address counts.
    expect(await servers({}, forwarded)).toEqual([{ url: 'http://10.0.0.5:41234' }]);
  });
});
