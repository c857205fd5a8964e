import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, registerOwner, strongPassword } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

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
