import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../../../test/fake-deepl';
import { type DeepLSettings, deeplTranslate, deeplUsage } from './deepl-client';

const free = fakeDeepL('free', { 'free-key:fx': { characterCount: 10, characterLimit: 500_000 } });
const pro = fakeDeepL('pro', {
  'pro-key': { characterCount: 1_000, characterLimit: 1_000_000 },
  'spent-key': { characterCount: 100, characterLimit: 105 },
});
let settings: DeepLSettings;

beforeAll(async () => {
  settings = { freeUrl: await free.listen(), proUrl: await pro.listen(), timeoutMs: 2_000 };
});
afterAll(async () => {
  await free.close();
  await pro.close();
});

describe('DeepL through the official client', () => {
  it('sends a free key to the free host and a pro key to the pro host, with DeepL’s auth header', async () => {
    expect(await deeplUsage('free-key:fx', settings)).toEqual({
      plan: 'free',
      characterCount: 10,
      characterLimit: 500_000,
    });
    expect(await deeplUsage('pro-key', settings)).toEqual({
      plan: 'pro',
      characterCount: 1_000,
      characterLimit: 1_000_000,
    });
    expect(free.requests.at(-1)).toMatchObject({
      path: '/v2/usage',
      authorization: 'DeepL-Auth-Key free-key:fx',
    });
    expect(pro.requests.at(-1)).toMatchObject({ path: '/v2/usage', authorization: 'DeepL-Auth-Key pro-key' });
  });

  it('names a refused key (403) and a spent quota (456)', async () => {
    await expect(deeplUsage('wrong-key', settings)).rejects.toMatchObject({
      name: 'DeepLError',
      status: 403,
      failure: { reason: 'error_status', status: 403 },
    });
    await expect(
      deeplTranslate('spent-key', settings, {
        texts: ['Hello there'],
        source: 'en',
        target: 'es',
        xml: false,
      }),
    ).rejects.toMatchObject({ status: 456, failure: { reason: 'rate_limited' } });
  });

  it('translates many texts in one form-encoded request, with XML tag handling when asked', async () => {
    const before = pro.translateCalls().length;
    const texts = await deeplTranslate('pro-key', settings, {
      texts: ['Hello', 'Hi <x id="0"/>'],
      source: 'en-US',
      target: 'pt',
      xml: true,
    });
    expect(texts).toEqual(['[PT-PT] HELLO', '[PT-PT] HI <x id="0"/>']);
    const calls = pro.translateCalls();
    expect(calls.length).toBe(before + 1);
    expect(calls.at(-1)).toMatchObject({
      text: ['Hello', 'Hi <x id="0"/>'],
      source_lang: ['en'],
      target_lang: ['pt-PT'],
      tag_handling: ['xml'],
    });
    expect(pro.requests.at(-1)?.contentType).toContain('application/x-www-form-urlencoded');
  });

  it('gives up after its time limit, with no retry', async () => {
    pro.state.delayMs = 500;
    try {
      const count = pro.requests.length;
      await expect(deeplUsage('pro-key', { ...settings, timeoutMs: 100 })).rejects.toMatchObject({
        failure: { reason: 'timeout' },
      });
      expect(pro.requests.length).toBe(count + 1);
    } finally {
      pro.state.delayMs = 0;
    }
  });
});
