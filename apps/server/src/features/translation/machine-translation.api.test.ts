import type { BotDetail } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../../../test/fake-deepl';
import { authHeader, claimsOf, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const pro = fakeDeepL('pro', {
  'company-a-key-0001': { characterCount: 0, characterLimit: 1_000_000 },
  'company-b-key-0002': { characterCount: 0, characterLimit: 30 },
});

describe('machine translation: one request per batch, a cache per company, usage per bot', () => {
  let t: TestApp;
  const companies: { id: string; bot: string; headers: Record<string, string> }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ DEEPL_PRO_URL: await pro.listen() });
    for (const [email, key] of [
      ['a@example.com', 'company-a-key-0001'],
      ['b@example.com', 'company-b-key-0002'],
    ] as const) {
      const { auth } = await registerOwner(t, { email });
      const headers = authHeader(auth.token);
      const bot = (
        await t.request({
          method: 'POST',
          url: '/api/bots',
          headers,
          payload: { name: 'Bot', language: 'en' },
        })
      ).json<BotDetail>();
      const saved = await t.request({
        method: 'PUT',
        url: '/api/translation/provider',
        headers,
        payload: { provider: 'deepl', apiKey: key },
      });
      expect(saved.statusCode).toBe(200);
      companies.push({ id: claimsOf(auth.token).companyId, bot: bot.id, headers });
    }
  });
  afterAll(async () => {
    await t.close();
    await pro.close();
  });

  const translate = (company: (typeof companies)[number], texts: string[], target = 'es') =>
    t.app.ctx.translation.translate({
      companyId: company.id,
      botId: company.bot,
      source: 'en',
      target,
      texts,
    });

  it('sends the texts it lacks in one request, with template parts protected, and caches them', async () => {
    const [a] = companies;
    if (!a) throw new Error('no company');
    const before = pro.translateCalls().length;
    const texts = ['Hello {{ name }}, welcome!', 'Pick one', 'Hello {{ name }}, welcome!'];
    expect(await translate(a, texts)).toEqual([
      '[ES] HELLO {{ name }}, WELCOME!',
      '[ES] PICK ONE',
      '[ES] HELLO {{ name }}, WELCOME!',
    ]);
    const calls = pro.translateCalls();
    expect(calls.length).toBe(before + 1);
    expect(calls.at(-1)).toMatchObject({
      text: ['Hello <x id="0"/>, welcome!', 'Pick one'],
      tag_handling: ['xml'],
      target_lang: ['es'],
    });

    // Known now: from the database (another process), and from memory.
    expect(t.app.ctx.translation.fromMemory({ companyId: a.id, source: 'en', target: 'es', texts })).toEqual([
      '[ES] HELLO {{ name }}, WELCOME!',
      '[ES] PICK ONE',
      '[ES] HELLO {{ name }}, WELCOME!',
    ]);
    expect(await translate(a, ['Pick one', 'Thanks'])).toEqual(['[ES] PICK ONE', '[ES] THANKS']);
    expect(pro.translateCalls().at(-1)?.text).toEqual(['Thanks']);
    expect(await translate(a, ['Pick one'])).toEqual(['[ES] PICK ONE']);
    expect(pro.translateCalls().length).toBe(before + 2);

    const usage = await t.database.db
      .selectFrom('translation_usage')
      .select(['characters', 'requests'])
      .where('bot_id', '=', a.bot)
      .execute();
    expect(usage.map((row) => ({ characters: Number(row.characters), requests: row.requests }))).toEqual([
      { characters: 'Hello {{ name }}, welcome!'.length + 8 + 6, requests: 2 },
    ]);
  });

  it('keeps each company’s cache and key to itself', async () => {
    const [, b] = companies;
    if (!b) throw new Error('no company');
    expect(
      t.app.ctx.translation.fromMemory({ companyId: b.id, source: 'en', target: 'es', texts: ['Pick one'] }),
    ).toEqual([undefined]);
    const before = pro.translateCalls().length;
    expect(await translate(b, ['Pick one'])).toEqual(['[ES] PICK ONE']);
    expect(pro.translateCalls().length).toBe(before + 1);
    expect(pro.requests.at(-1)?.authorization).toBe('DeepL-Auth-Key company-b-key-0002');
  });

  it('names a spent quota, notes it for the settings screens, and caches nothing', async () => {
    const [, b] = companies;
    if (!b) throw new Error('no company');
    await expect(
      translate(b, ['A sentence far too long for what is left of this quota']),
    ).rejects.toMatchObject({
      failure: { reason: 'rate_limited', status: 456 },
    });
    const provider = await t.request({ method: 'GET', url: '/api/translation/provider', headers: b.headers });
    expect(provider.json().problem).toMatchObject({ reason: 'rate_limited', status: 456 });
    const cached = await t.database.db
      .selectFrom('translation_cache')
      .select('translated')
      .where('company_id', '=', b.id)
      .execute();
    expect(cached).toEqual([{ translated: '[ES] PICK ONE' }]);
  });

  it('says when a company has no key', async () => {
    const { auth } = await registerOwner(t, { email: 'c@example.com' });
    await expect(
      t.app.ctx.translation.translate({
        companyId: claimsOf(auth.token).companyId,
        botId: companies[0]?.bot ?? '',
        source: 'en',
        target: 'es',
        texts: ['Hi'],
      }),
    ).rejects.toMatchObject({ failure: { reason: 'not_configured' } });
  });
});
