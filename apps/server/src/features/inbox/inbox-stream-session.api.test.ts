import type { AddressInfo } from 'node:net';
import type { AuthRecord } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, registerOwner, strongPassword } from '../../../test/fixtures';
import { createTestApp, type TestApp, testEngine } from '../../../test/test-app';

/** Reads an event stream until it ends or `until` holds; answers what it read. */
async function readStream(
  response: Response,
  until: (text: string) => boolean,
): Promise<{ text: string; ended: boolean }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { text, ended: true };
    text += decoder.decode(value);
    if (until(text)) {
      await reader.cancel();
      return { text, ended: false };
    }
  }
}

describe('the inbox event stream and its session', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({}, { streamHeartbeatMs: 100 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('keeps streaming while the session stands', async () => {
    const owner = authHeader((await registerOwner(t)).auth.token);
    const response = await fetch(`${base}/api/inbox/events`, { headers: owner });
    expect(response.status).toBe(200);
    // Several heartbeats, each with a session check, and the stream is still open.
    const { ended } = await readStream(response, (text) => text.split(': keep-alive').length > 4);
    expect(ended).toBe(false);
  });

  it('ends a stream opened before a password change', async () => {
    const owner = authHeader((await registerOwner(t)).auth.token);
    const response = await fetch(`${base}/api/inbox/events`, { headers: owner });
    expect(response.status).toBe(200);
    const changed = await t.request({
      method: 'POST',
      url: '/api/frontend/user/me/password',
      headers: owner,
      payload: { current_password: strongPassword, new_password: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    const { text, ended } = await readStream(response, () => false);
    expect(ended).toBe(true);
    const [, data] = /event: session-ended\ndata: (.*)\n/.exec(text) ?? [];
    expect(JSON.parse(data ?? '{}')).toMatchObject({
      name: 'UnauthorizedException',
      message: 'Your password changed; sign in again',
    });
  });
});

describe('a password change ends the other sessions and their streams at once', () => {
  let t: TestApp;
  // Heartbeats (and the session checks they make) far apart: a stream must end on the change itself.
  const quiet = { streamHeartbeatMs: 10 * 60_000 };
  beforeAll(async () => {
    t = await createTestApp({}, quiet);
  });
  afterAll(() => t.close());

  const listening = (app: FastifyInstance) => app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = async (email: string, password = strongPassword) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
    return authHeader(response.json<AuthRecord>().token);
  };
  const changePassword = (headers: Record<string, string>) =>
    t.request({
      method: 'POST',
      url: '/api/frontend/user/me/password',
      headers,
      payload: { current_password: strongPassword, new_password: 'a brand new passphrase' },
    });
  const me = (headers: Record<string, string>) =>
    t.request({ method: 'GET', url: '/api/frontend/user/me', headers });

  /** Opens the inbox stream (fetch answers once its headers came). */
  const openInbox = async (base: string, headers: Record<string, string>) => {
    const response = await fetch(`${base}/api/inbox/events`, { headers });
    expect(response.status).toBe(200);
    return response;
  };
  const expectEndedByPasswordChange = async (response: Response) => {
    const { text, ended } = await readStream(response, () => false);
    expect(ended).toBe(true);
    const [, data] = /event: session-ended\ndata: (.*)\n/.exec(text) ?? [];
    expect(JSON.parse(data ?? '{}')).toMatchObject({
      name: 'UnauthorizedException',
      message: 'Your password changed; sign in again',
    });
  };

  it('signs out the other sessions and closes their streams, keeping the one that changed it', async () => {
    const { registration, auth } = await registerOwner(t);
    const here = authHeader(auth.token);
    const elsewhere = await signIn(registration.email);
    const base = await listening(t.app);
    const [ownStream, otherStream] = await Promise.all([openInbox(base, here), openInbox(base, elsewhere)]);

    const changed = await changePassword(here);
    expect(changed.statusCode).toBe(200);
    await Promise.all([expectEndedByPasswordChange(otherStream), expectEndedByPasswordChange(ownStream)]);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(authHeader(changed.json<AuthRecord>().token))).statusCode).toBe(200);
  }, 20_000);

  it.runIf(testEngine === 'postgres')(
    'closes a stream another server process holds open',
    async () => {
      const other = await t.secondInstance();
      const { registration, auth } = await registerOwner(t);
      const elsewhere = await signIn(registration.email);
      const stream = await openInbox(await listening(other), elsewhere);
      expect((await changePassword(authHeader(auth.token))).statusCode).toBe(200);
      await expectEndedByPasswordChange(stream);
    },
    20_000,
  );
});
