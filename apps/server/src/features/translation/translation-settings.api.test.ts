import type { TranslationProvider } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../../../test/fake-deepl';
import { authHeader, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const free = fakeDeepL('free', { 'free-key-1234:fx': { characterCount: 1200, characterLimit: 500_000 } });
const pro = fakeDeepL('pro', { 'pro-key-abcd-5678': { characterCount: 42, characterLimit: 1_000_000 } });

describe('translation settings: the company’s DeepL key', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ DEEPL_FREE_URL: await free.listen(), DEEPL_PRO_URL: await pro.listen() });
    headers = authHeader((await registerOwner(t)).auth.token);
    otherHeaders = authHeader((await registerOwner(t, { email: 'other@example.com' })).auth.token);
  });
  afterAll(async () => {
    await t.close();
    await free.close();
    await pro.close();
  });

  const saveKey = (apiKey: string, as = headers) =>
    t.request({
      method: 'PUT',
      url: '/api/translation/provider',
      headers: as,
      payload: { provider: 'deepl', apiKey },
    });

  it('starts with no provider', async () => {
    const response = await t.request({ method: 'GET', url: '/api/translation/provider', headers });
    expect(response.json()).toEqual({ configured: false });
  });

  it('refuses a key DeepL refuses, by name, and saves nothing', async () => {
    const response = await saveKey('not-a-real-key:fx');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { name: 'TranslationKeyRejectedException', message: expect.stringContaining('DeepL refused') },
    });
    // A Pro key is checked on the Pro host only: the free host never sees it.
    const onFree = free.requests.length;
    expect((await saveKey('pro-key-on-nothing')).statusCode).toBe(400);
    expect(free.requests.length).toBe(onFree);
    const after = await t.request({ method: 'GET', url: '/api/translation/provider', headers });
    expect(after.json()).toEqual({ configured: false });
  });

  it('refuses a malformed key before calling DeepL', async () => {
    const calls = free.requests.length + pro.requests.length;
    const response = await saveKey('short');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.name).toBe('ValidationException');
    expect(free.requests.length + pro.requests.length).toBe(calls);
  });

  it('checks a free key on the free host, keeps it sealed and shows only its hint and usage', async () => {
    const response = await saveKey('free-key-1234:fx');
    expect(response.statusCode).toBe(200);
    expect(response.json<TranslationProvider>()).toMatchObject({
      configured: true,
      provider: 'deepl',
      plan: 'free',
      keyHint: '••••4:fx',
      characterCount: 1200,
      characterLimit: 500_000,
      problem: null,
    });
    expect(free.requests.at(-1)).toMatchObject({
      path: '/v2/usage',
      authorization: 'DeepL-Auth-Key free-key-1234:fx',
    });
    expect(response.body).not.toContain('free-key-1234');
    const stored = await t.database.db
      .selectFrom('company_translation')
      .select('sealed_key')
      .executeTakeFirstOrThrow();
    expect(stored.sealed_key).not.toContain('free-key');
  });

  it('replaces it with a pro key checked on the pro host', async () => {
    const response = await saveKey('pro-key-abcd-5678');
    expect(response.json<TranslationProvider>()).toMatchObject({
      plan: 'pro',
      keyHint: '••••5678',
      characterCount: 42,
    });
    expect(pro.requests.at(-1)).toMatchObject({
      path: '/v2/usage',
      authorization: 'DeepL-Auth-Key pro-key-abcd-5678',
    });
  });

  it('keeps each company’s key to itself', async () => {
    const other = await t.request({ method: 'GET', url: '/api/translation/provider', headers: otherHeaders });
    expect(other.json()).toEqual({ configured: false });
  });

  it('forgets the key on removal', async () => {
    const removed = await t.request({ method: 'DELETE', url: '/api/translation/provider', headers });
    expect(removed.json()).toEqual({ configured: false });
    const count = await t.database.db.selectFrom('company_translation').select('company_id').execute();
    expect(count).toEqual([]);
  });
});
