import type { BotDetail, BotTranslations, ChatMessage, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../../../test/fake-deepl';
import { authHeader, deployedBot, registerOwner, visitorSends } from '../../../test/fixtures';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app';

const KEY = 'pretranslation-key-0001';
const shop = flowFixture()
  .module(
    'ask',
    'input',
    { prompt: 'What would you like?', variable: 'want', validator: { type: 'text' } },
    { next: 'reply' },
  )
  .module('reply', 'text', { text: 'We have tea and coffee, {{ want }} included!' }, { next: 'ask' });

/** Background translation of a bot's texts (issue 21: a visitor's first turn makes one DeepL call). */
describe('translating a bot’s texts in the background', () => {
  const account = { characterCount: 0, characterLimit: 1_000_000 };
  const deepl = fakeDeepL('pro', { [KEY]: account });
  let t: TestApp;
  let headers: Record<string, string>;
  let botId: string;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({
      DEEPL_PRO_URL: await deepl.listen(),
      PRETRANSLATE: '1',
      PRETRANSLATE_RETRY_DELAY_SECONDS: '1',
    });
    headers = authHeader((await registerOwner(t)).auth.token);
    const deployed = await deployedBot(t, headers, 'Shop', shop);
    botId = deployed.bot.id;
    key = deployed.key;
    const saved = await t.request({
      method: 'PUT',
      url: '/api/translation/provider',
      headers,
      payload: { provider: 'deepl', apiKey: KEY },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await deepl.close();
  });

  const offer = async (offeredLanguages: string[]) => {
    const response = await t.request({
      method: 'PUT',
      url: `/api/bots/${botId}/translation`,
      headers,
      payload: { offeredLanguages },
    });
    expect(response.statusCode).toBe(200);
  };
  const texts = async (language: string) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/bots/${botId}/translations?language=${language}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<BotTranslations>();
  };
  const settled = (language: string, status: 'done' | 'failed') =>
    eventually(async () => {
      const found = await texts(language);
      return found.pretranslation?.status === status ? found : undefined;
    }, 20_000);
  /** Every text sent to DeepL into `target`, one entry per time it was sent. */
  const sentInto = (target: string) =>
    deepl
      .translateCalls()
      .filter((fields) => fields.target_lang?.[0]?.toUpperCase() === target)
      .flatMap((fields) => fields.text ?? []);

  it('translates every text of the bot when a language is offered, each text once, and shows it done', async () => {
    await offer(['es']);
    const done = await settled('es', 'done');
    expect(done.counts.missing).toBe(0);
    expect(done.counts.machine).toBe(done.texts.length);
    expect(done.pretranslation).toMatchObject({
      translated: new Set(done.texts.map((text) => text.source)).size,
      attempts: 1,
      problem: null,
    });
    const sent = sentInto('ES');
    expect(sent).toHaveLength(new Set(sent).size);
    expect(sent).toHaveLength(done.pretranslation?.translated ?? -1);
    // Offered again (unchanged): nothing is queued, nothing sent again.
    await offer(['es']);
    expect(sentInto('ES')).toHaveLength(sent.length);
  });

  it('then answers a visitor’s first turn with one DeepL call: the visitor’s words only', async () => {
    const callsBefore = deepl.translateCalls().length;
    const started = await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { deploymentKey: key, language: 'es' },
    });
    expect(started.statusCode).toBe(201);
    const chat = started.json<StartConversationResponse>();
    const response = await visitorSends(t, chat, 'quiero un té');
    expect(response.statusCode).toBe(200);
    const said = response.json<{ messages: ChatMessage[] }>().messages.map((message) => message.message);
    expect(said).toContainEqual(
      expect.objectContaining({ type: 'text', text: expect.stringContaining('[ES] WE HAVE TEA AND COFFEE') }),
    );
    const calls = deepl.translateCalls().slice(callsBefore);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ source_lang: ['es'], target_lang: ['en-US'], text: ['quiero un té'] });
  });

  it('queues the new version’s texts for every offered language when a version is published', async () => {
    const bot = (await t.request({ method: 'GET', url: `/api/bots/${botId}`, headers })).json<BotDetail>();
    const changed = flowFixture()
      .module(
        'ask',
        'input',
        { prompt: 'What would you like today?', variable: 'want', validator: { type: 'text' } },
        { next: 'reply' },
      )
      .module('reply', 'text', { text: 'We have tea and coffee, {{ want }} included!' }, { next: 'ask' });
    const saved = await t.request({
      method: 'PUT',
      url: `/api/bots/${botId}/flow`,
      headers,
      payload: { flow: changed.onto(bot.flow) },
    });
    expect(saved.statusCode).toBe(200);
    const sentBefore = sentInto('ES').length;
    const published = await t.request({ method: 'POST', url: `/api/bots/${botId}/publish`, headers });
    expect(published.statusCode).toBe(201);
    const queued = await t.database.db
      .selectFrom('bot_pretranslations')
      .select(['language', 'status'])
      .where('bot_id', '=', botId)
      .execute();
    expect(queued).toEqual([{ language: 'es', status: expect.stringMatching(/^(queued|running|done)$/) }]);
    const done = await eventually(async () => {
      const found = await texts('es');
      return found.counts.missing === 0 && found.pretranslation?.status === 'done' ? found : undefined;
    }, 20_000);
    expect(done.pretranslation?.translated).toBe(1);
    expect(sentInto('ES').slice(sentBefore)).toEqual(['What would you like today?']);
  });

  it('records a failed run for the Translations view and tries it again until it is done', async () => {
    account.characterLimit = account.characterCount; // DeepL answers 456: the quota is spent.
    await offer(['es', 'de']);
    const failed = await settled('de', 'failed');
    expect(failed.pretranslation?.problem).toMatch(/DeepL/);
    expect(failed.pretranslation?.attempts).toBeGreaterThanOrEqual(1);
    expect(failed.counts.missing).toBe(failed.texts.length);
    // The refused requests translated nothing; once the quota is back, each text is sent once.
    const refused = sentInto('DE').length;
    account.characterLimit = 1_000_000;
    const done = await settled('de', 'done');
    expect(done.pretranslation?.attempts).toBeGreaterThanOrEqual(2);
    expect(done.counts.missing).toBe(0);
    const sent = sentInto('DE').slice(refused);
    expect(sent).toHaveLength(new Set(sent).size);
    expect(sent).toHaveLength(done.pretranslation?.translated ?? -1);
  });
});
