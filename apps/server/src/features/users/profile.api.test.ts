import type { AuthRecord, CurrentUser } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, registerOwner, strongPassword } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('editing one’s own profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('changes names, trimmed, and leaves the rest alone', async () => {
    const { auth } = await registerOwner(t);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/frontend/user/me',
      headers: authHeader(auth.token),
      payload: { first_name: '  Grace ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentUser>()).toMatchObject({ first_name: 'Grace', last_name: 'Lovelace' });
  });

  it('keeps the language the person reads conversations in, and lets them clear it', async () => {
    const { auth } = await registerOwner(t);
    const patch = (payload: object) =>
      t.request({ method: 'PATCH', url: '/api/frontend/user/me', headers: authHeader(auth.token), payload });
    const me = async () =>
      (
        await t.request({ method: 'GET', url: '/api/frontend/user/me', headers: authHeader(auth.token) })
      ).json<CurrentUser>();
    expect((await me()).language).toBeNull();
    const saved = await patch({ language: 'es' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CurrentUser>()).toMatchObject({ language: 'es', first_name: 'Ada' });
    expect((await me()).language).toBe('es');
    const unknown = await patch({ language: 'xx' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.issues[0].path).toBe('body.language');
    expect((await me()).language).toBe('es');
    expect((await patch({ language: null })).json<CurrentUser>().language).toBeNull();
  });

  it('refuses empty updates, unknown fields, and markup', async () => {
    const { auth } = await registerOwner(t);
    const patch = (payload: object) =>
      t.request({ method: 'PATCH', url: '/api/frontend/user/me', headers: authHeader(auth.token), payload });
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ email: 'new@example.com' })).statusCode).toBe(400);
    expect((await patch({ role: 'admin', first_name: 'X' })).statusCode).toBe(400);
    const markup = await patch({ last_name: '<b>bold</b>' });
    expect(markup.statusCode).toBe(400);
    expect(markup.json().error.details.issues[0]).toEqual({
      path: 'body.last_name',
      message: 'Names cannot contain < or >',
    });
    const me = await t.request({
      method: 'GET',
      url: '/api/frontend/user/me',
      headers: authHeader(auth.token),
    });
    expect(me.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', role: 'owner' });
  });

  it('requires signing in', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/frontend/user/me',
      payload: { first_name: 'X' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('changes the password with the current one, keeps this session, and ends the others', async () => {
    const { registration, auth: firstSession } = await registerOwner(t);
    const otherSession = (
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: registration.email, password: strongPassword },
      })
    ).json<AuthRecord>();
    const change = (token: string, payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/frontend/user/me/password',
        headers: authHeader(token),
        payload,
      });

    const wrong = await change(firstSession.token, {
      current_password: 'not my password',
      new_password: 'a new long passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.issues[0].path).toBe('body.current_password');
    const same = await change(firstSession.token, {
      current_password: strongPassword,
      new_password: strongPassword,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details.issues[0].path).toBe('body.new_password');

    const changed = await change(firstSession.token, {
      current_password: strongPassword,
      new_password: 'a new long passphrase',
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json<AuthRecord>();
    const me = (token: string) =>
      t.request({ method: 'GET', url: '/api/frontend/user/me', headers: authHeader(token) });
    expect((await me(fresh.token)).statusCode).toBe(200);
    expect((await me(firstSession.token)).statusCode).toBe(401);
    expect((await me(otherSession.token)).statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: registration.email, password: 'a new long passphrase' },
    });
    expect(login.statusCode).toBe(200);
  });
});
