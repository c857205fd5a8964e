import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerAuthenticate } from './authenticate';

/** Writes any signed-in person may make: to their own account only. */
const ownAccountWrites = [
  'PATCH /api/frontend/user/me',
  'POST /api/frontend/user/me/password',
  'POST /api/auth/2fa/register',
];

describe('every route says who may call it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('declares a permission on every route that is not public', () => {
    const routes = t.app.routeAccess;
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes.filter((route) => route.auth !== 'public' && route.permission === undefined);
    expect(undeclared).toEqual([]);
  });

  it('needs a permission for every change, except to one’s own account', () => {
    const openWrites = t.app.routeAccess
      .filter(
        (route) => route.auth !== 'public' && route.method !== 'GET' && route.permission === 'signed-in',
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(openWrites.sort()).toEqual([...ownAccountWrites].sort());
  });

  it('lets Parley staff act for another company only where they read or add notes', () => {
    const acrossCompanies = t.app.routeAccess
      .filter((route) => route.staffAcrossCompanies)
      .map((route) => `${route.method} ${route.url}`);
    expect(acrossCompanies.filter((route) => !route.startsWith('GET '))).toEqual([
      'POST /api/conversations/:id/notes',
    ]);
  });

  it('keeps the lite rule on routes that need a permission (so each documents its 403)', () => {
    // Which routes are for full companies only, and that a Lite company gets 403 on each of
    // them, is checked route by route in features/lite/lite.api.test.ts.
    const liteRefused = t.app.routeAccess.filter((route) => route.fullCompanyOnly);
    expect(liteRefused.length).toBeGreaterThan(0);
    expect(
      liteRefused.filter((route) => route.auth === 'public' || route.permission === 'signed-in'),
    ).toEqual([]);
  });

  it('documents the 403 of every route that needs a permission', async () => {
    const paths = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>().paths;
    const undocumented = t.app.routeAccess
      .filter((route) => route.permission !== undefined && route.permission !== 'signed-in')
      .filter((route) => {
        const operation = paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
        return !operation?.responses || !('403' in operation.responses);
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented).toEqual([]);
  });

  it('refuses to start with a private route that forgot its permission', async () => {
    const app = Fastify();
    app.decorate('routeAccess', []);
    registerAuthenticate(app);
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow(
      'GET /api/forgotten is not public and declares no config.permission',
    );
    app.get('/api/remembered', { config: { permission: 'inbox:use' } }, async () => ({ ok: true }));
    await app.ready();
    expect(app.routeAccess.map((route) => `${route.method} ${route.url} ${route.permission}`)).toEqual([
      'GET /api/remembered inbox:use',
    ]);
    await app.close();
  });
});
