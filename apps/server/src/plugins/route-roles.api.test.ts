import { randomUUID } from 'node:crypto';
import { type Permission, permissionSchema, type UserRole, userRoleSchema } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, claimsOf, registerOwner, teammate } from '../../test/fixtures';
import { callRoute, methodOf } from '../../test/route-calls';
import { createTestApp, type TestApp } from '../../test/test-app';
import { permissionsFor } from '../features/users/permissions';

/**
 * What each role may do, written out here as the product promises it (README "Roles"), apart from
 * the server's own table: changing either without the other fails this test.
 */
const promised: Record<UserRole, Permission[]> = {
  owner: [
    'bots:view',
    'bots:manage',
    'bots:publish',
    'inbox:use',
    'reports:view',
    'users:manage',
    'company:manage',
  ],
  admin: [
    'bots:view',
    'bots:manage',
    'bots:publish',
    'inbox:use',
    'reports:view',
    'users:manage',
    'company:manage',
  ],
  builder: ['bots:view', 'bots:manage', 'inbox:use', 'reports:view'],
  agent: ['inbox:use'],
  analyst: ['reports:view'],
  viewer: ['bots:view', 'reports:view'],
};

const roles = userRoleSchema.options;

/**
 * Every role against every route the server registered (so a route added later is in the table
 * without touching this file): a role whose permissions include the route's declared one gets
 * past the check (whatever the route then answers to a made-up id), every other role gets 403
 * ForbiddenException naming the permission.
 */
describe('every role against every route', () => {
  let t: TestApp;
  let companyId: string;
  const headers = {} as Record<UserRole, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t);
    companyId = claimsOf(registered.auth.token).companyId;
    headers.owner = authHeader(registered.auth.token);
    for (const role of roles.filter((each) => each !== 'owner')) {
      headers[role] = await teammate(
        t,
        { companyId },
        {
          email: `${role}@example.com`,
          first_name: role,
          last_name: 'Teammate',
          role,
        },
      );
    }
  });
  afterAll(() => t.close());

  const privateRoutes = () => t.app.routeAccess.filter((route) => route.auth !== 'public');
  /** A route's URL with made-up ids (the caller's own company where one is named). */
  const urlOf = (url: string) =>
    url
      .replace('/companies/:id', `/companies/${companyId}`)
      .replace(':version', '999')
      .replace(/:\w+/g, () => randomUUID());

  it('gives each role the permissions the product promises', () => {
    for (const role of roles)
      expect({ role, may: permissionsFor(role).sort() }).toEqual({ role, may: [...promised[role]].sort() });
  });

  it('declares a known permission on every private route, and every permission guards some route', () => {
    const declared = new Set(privateRoutes().map((route) => route.permission));
    expect(privateRoutes().filter((route) => route.permission === undefined)).toEqual([]);
    for (const permission of declared) {
      expect(['signed-in', ...permissionSchema.options]).toContain(permission);
    }
    expect(permissionSchema.options.filter((permission) => !declared.has(permission))).toEqual([]);
  });

  it('lets a role through exactly where it has the route’s permission, and answers 403 elsewhere', async () => {
    const expected: string[] = [];
    const actual: string[] = [];
    for (const route of privateRoutes()) {
      for (const role of roles) {
        const allowed =
          route.permission === 'signed-in' || promised[role].some((p) => p === route.permission);
        expected.push(
          `${role} ${route.method} ${route.url}: ${allowed ? 'allowed' : `403 ${route.permission}`}`,
        );
        const response = await callRoute(t.app, {
          method: methodOf(route.method),
          url: urlOf(route.url),
          headers: headers[role],
        });
        const error = response.statusCode === 403 ? JSON.parse(response.body).error : undefined;
        // A route for Parley staff only (the development mailbox) lets every role past the
        // permission check, then refuses people of other companies by its own rule.
        const refused =
          error && error.details?.reason !== 'staff-only'
            ? `403 ${error.details?.permission ?? error.message}`
            : undefined;
        // A 401 would mean the caller was never checked for a permission: it is not "allowed".
        const outcome = refused ?? (response.statusCode === 401 ? '401' : 'allowed');
        actual.push(`${role} ${route.method} ${route.url}: ${outcome}`);
      }
    }
    expect(actual).toEqual(expected);
  });
});
