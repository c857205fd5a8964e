import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The directives of a content security policy, by name. */
function policyOf(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('security headers', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'parley-web-'));
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'webchat.js'), 'console.log("widget")');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
    t = await createTestApp({ WEB_DIST_DIR: dist, AGENTS_API_URL: 'https://agents.example.com/api' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.request({ method: 'GET', url });

  it('keeps the app’s pages out of other sites’ frames, with a policy the app can run under', async () => {
    for (const url of ['/v2/login', '/v2/inbox', '/v2', '/']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      const policy = policyOf(page.headers['content-security-policy']);
      expect(policy).toMatchObject({
        'frame-ancestors': "'none'",
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'object-src': "'none'",
        'connect-src': "'self' https://agents.example.com",
      });
    }
  });

  it('lets the app frame the tester and the API reference, and no other site', async () => {
    for (const url of ['/v2/lite/bots/9b2c/tester', '/api/docs', '/api/docs/']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(policyOf(page.headers['content-security-policy'])['frame-ancestors']).toBe("'self'");
    }
  });

  it('lets any site load the widget and call the chat API', async () => {
    const widget = await get('/webchat.js');
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(widget.headers['access-control-allow-origin']).toBe('*');
    expect(widget.headers['x-content-type-options']).toBe('nosniff');
    const chat = await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: { origin: 'https://shop.example.com' },
      payload: { deploymentKey: 'dep_unknown' },
    });
    expect(chat.statusCode).toBe(404);
    expect(chat.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(chat.headers['access-control-allow-origin']).toBe('*');
    // The app's own code stays same-origin.
    expect((await get('/assets/app.js')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends nosniff on API answers too', async () => {
    const answer = await get('/api/frontend/user/me');
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
