import { agentsApi, defineRoute } from '@parley/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AUTH_RECORD_KEY, saveAuthRecord } from '../auth/auth-record';
import { ApiError } from './api-error';
import { authorizationScheme, callAgentsRoute, callRoute, configureRequests, http } from './request';

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('the request helper', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const signedOut = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureRequests({ agentsApiBaseUrl: 'https://agents.parley.test/v1', onSignedOut: signedOut });
    saveAuthRecord({
      token: 'the-token',
      expiry: Date.now() + 60_000,
      company2faEnabled: false,
      qrRegistered: false,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // As the app starts (the next file in this worker shares the module).
    configureRequests({ agentsApiBaseUrl: '/agents-api' });
    fetchMock.mockReset();
    signedOut.mockReset();
  });

  const sentHeaders = () => (fetchMock.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>;

  it('sends JSON headers and the session as `JWT {token}`', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await http.get('/api/frontend/user/me');
    expect(sentHeaders()).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'JWT the-token',
    });
  });

  it('uses `Bearer {token}` for the agents host only', async () => {
    fetchMock.mockResolvedValue(answer(200, {}));
    await http.post('https://agents.parley.test/v1/agents', { body: { name: 'a' } });
    expect(sentHeaders().Authorization).toBe('Bearer the-token');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: '{"name":"a"}' });
    expect(authorizationScheme('https://agents.parley.test/v10/x')).toBe('JWT');
    expect(authorizationScheme('https://other.test/v1/agents')).toBe('JWT');
    configureRequests({ agentsApiBaseUrl: '/agents-api' });
    expect(authorizationScheme('/agents-api/prompts')).toBe('Bearer');
    expect(authorizationScheme('/api/bots')).toBe('JWT');
  });

  it('calls an agents API route under the configured base URL, with Bearer', async () => {
    configureRequests({ agentsApiBaseUrl: 'https://agents.parley.test/v1/' });
    fetchMock.mockResolvedValue(answer(200, { agents: [] }));
    await callAgentsRoute(agentsApi.list, { query: { search: 'order' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://agents.parley.test/v1/agents?search=order');
    expect(sentHeaders().Authorization).toBe('Bearer the-token');
  });

  it('sends no Authorization without a session', async () => {
    localStorage.removeItem(AUTH_RECORD_KEY);
    fetchMock.mockResolvedValue(answer(200, {}));
    await http.get('/api/health');
    expect(sentHeaders().Authorization).toBeUndefined();
  });

  it('parses answers with their contract', async () => {
    fetchMock.mockResolvedValue(answer(200, { n: 2 }));
    await expect(http.get('/api/x', { schema: z.object({ n: z.number() }) })).resolves.toEqual({ n: 2 });
    fetchMock.mockResolvedValue(answer(200, { n: 'two' }));
    await expect(http.get('/api/x', { schema: z.object({ n: z.number() }) })).rejects.toThrow();
  });

  it('raises the parsed error body plus the HTTP status', async () => {
    fetchMock.mockResolvedValue(
      answer(409, { error: { name: 'ConflictException', message: 'Taken', details: { field: 'email' } } }),
    );
    const error = await http.post('/api/auth/register', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ConflictException',
      message: 'Taken',
      status: 409,
      details: { field: 'email' },
    });
  });

  it('names errors whose body is not ours by their status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ name: 'InternalException', status: 502 });
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ name: 'NotFoundException', status: 404 });
  });

  it('signs out on a 401 to a session request', async () => {
    fetchMock.mockResolvedValue(
      answer(401, { error: { name: 'UnauthorizedException', message: 'Sign in' } }),
    );
    await expect(http.get('/api/frontend/user/me')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(AUTH_RECORD_KEY)).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('does not sign out when a sign-in attempt is refused', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: { name: 'UnauthorizedException', message: 'Wrong' } }));
    await expect(http.post('/api/auth/login', { body: {}, token: null })).rejects.toMatchObject({
      status: 401,
    });
    expect(localStorage.getItem(AUTH_RECORD_KEY)).not.toBeNull();
    expect(signedOut).not.toHaveBeenCalled();
  });

  describe('calling a route by its contract', () => {
    const renameThing = defineRoute({
      method: 'PATCH',
      path: '/api/things/:id',
      tags: [],
      summary: 'Rename a thing',
      params: z.strictObject({ id: z.string() }),
      query: z.strictObject({ notify: z.boolean().optional() }),
      body: z.strictObject({ name: z.string() }),
      response: z.object({ id: z.string(), name: z.string() }),
      errors: [404],
    });

    it('sends its method to its address with the typed body and parses the answer', async () => {
      fetchMock.mockResolvedValue(answer(200, { id: 'a b', name: 'New', extra: 1 }));
      const renamed = await callRoute(renameThing, {
        params: { id: 'a b' },
        query: { notify: true },
        body: { name: 'New' },
      });
      expect(renamed).toEqual({ id: 'a b', name: 'New' });
      expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things/a%20b?notify=true');
      expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'PATCH', body: '{"name":"New"}' });
    });

    it('refuses an answer that is not the contract’s shape', async () => {
      fetchMock.mockResolvedValue(answer(200, { id: 'a' }));
      await expect(callRoute(renameThing, { params: { id: 'a' }, body: { name: 'New' } })).rejects.toThrow();
    });
  });

  // Last in this file: the position it leaves behind is sent with every request after it.
  it('sends back the latest write position it was given, so reads see this person’s own writes', async () => {
    const written = (position: string) =>
      new Response('{}', {
        status: 200,
        headers: { 'content-type': 'application/json', 'parley-written-at': position },
      });
    fetchMock
      .mockResolvedValueOnce(written('0/3699F00'))
      .mockResolvedValueOnce(written('0/3699D30'))
      .mockResolvedValue(answer(200, {}));
    await http.post('/api/conversations/c1/pass-control', { body: { to: 'agent' } });
    await http.post('/api/conversations/c2/pass-control', { body: { to: 'agent' } });
    await http.get('/api/inbox');
    const headersOf = (call: number) => fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>;
    expect(headersOf(0)['Parley-Read-After']).toBeUndefined();
    // An answer that arrived late with an older position does not move it back.
    expect(headersOf(2)['Parley-Read-After']).toBe('0/3699F00');
  });
});
