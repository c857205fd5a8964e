import type {
  BotTranslation,
  ChatMessage,
  InboxTranscript,
  StartConversationResponse,
  TranslationUsage,
  WebchatConfig,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../../../test/fake-deepl';
import { authHeader, deployedBot, registerOwner, visitorSays } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const KEY = 'conversations-key-0001';
const shop = flowFixture()
  .module('start', 'text', { text: 'Welcome to the shop!' }, { next: 'menu' })
  .module(
    'menu',
    'buttons',
    {
      text: 'What would you like?',
      buttons: [{ id: 'tea', label: 'Tea', action: { type: 'goto' } }],
    },
    { 'button:tea': 'ask' },
  )
  .module(
    'ask',
    'input',
    { prompt: 'Your name?', variable: 'name', validator: { type: 'text' } },
    { next: 'hi' },
  )
  .module('hi', 'text', { text: 'Thanks, {{ name }}.' }, { next: 'ask' })
  .module('help', 'text', { text: 'Here is some help.' }, { next: 'ask' })
  .global({ id: 'g1', trigger: { type: 'keyword', keywords: ['help'], match: 'contains' }, target: 'help' });

describe('a bot that speaks the visitor’s language', () => {
  const deepl = fakeDeepL('pro', { [KEY]: { characterCount: 0, characterLimit: 1_000_000 } });
  let t: TestApp;
  let headers: Record<string, string>;
  let botId: string;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ DEEPL_PRO_URL: await deepl.listen(), TRANSLATION_TIMEOUT_MS: '1500' });
    headers = authHeader((await registerOwner(t)).auth.token);
    const deployed = await deployedBot(t, headers, 'Shop', shop);
    botId = deployed.bot.id;
    key = deployed.key;
  });
  afterAll(async () => {
    await t.close();
    await deepl.close();
  });
  beforeEach(() => {
    deepl.state.delayMs = 0;
  });

  const offer = (offeredLanguages: string[]) =>
    t.request({
      method: 'PUT',
      url: `/api/bots/${botId}/translation`,
      headers,
      payload: { offeredLanguages },
    });
  const start = async (language?: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        payload: { deploymentKey: key, ...(language ? { language } : {}) },
      })
    ).json<StartConversationResponse>();
  const events = (conversationId: string, name: string) =>
    t.database.db
      .selectFrom('conversation_events')
      .select(['name', 'data'])
      .where('conversation_id', '=', conversationId)
      .where('name', '=', name)
      .execute();

  it('offers a language only once the company has a key, and says so by name', async () => {
    const refused = await offer(['es']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { name: 'ConflictException' } });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/translation/provider',
      headers,
      payload: { provider: 'deepl', apiKey: KEY },
    });
    expect(saved.statusCode).toBe(200);
    const offered = await offer(['es', 'de']);
    expect(offered.statusCode).toBe(200);
    expect(offered.json<BotTranslation>()).toMatchObject({
      mainLanguage: 'en',
      offeredLanguages: ['es', 'de'],
    });
  });

  it('gives the widget its words and title in each offered language (German machine-translated, once)', async () => {
    const config = (
      await t.request({ method: 'GET', url: `/api/chat/deployments/${key}/config` })
    ).json<WebchatConfig>();
    expect(config.offeredLanguages).toEqual(['es', 'de']);
    expect(config.style.strings.es?.send).toBe('Enviar');
    expect(config.style.strings.de?.send).toBe('[DE] SEND');
    // The window's title is the builder's, in the bot's language: translated for both.
    expect(config.style.strings.es?.title).toBe('[ES] CHAT WITH US');
    expect(config.style.strings.de?.title).toBe('[DE] CHAT WITH US');
    expect(config.style.strings.en?.title).toBeUndefined();
    const calls = deepl.translateCalls().length;
    await t.request({ method: 'GET', url: `/api/chat/deployments/${key}/config` });
    expect(deepl.translateCalls().length).toBe(calls);
  });

  it('speaks Spanish to a Spanish browser: messages and buttons translated, the originals kept', async () => {
    const chat = await start('es-ES');
    expect(chat.messages.map((message) => message.message)).toEqual([
      { type: 'text', text: '[ES] WELCOME TO THE SHOP!' },
      {
        type: 'buttons',
        text: '[ES] WHAT WOULD YOU LIKE?',
        buttons: [expect.objectContaining({ label: '[ES] TEA', kind: 'reply' })],
      },
    ]);
    const stored = await t.database.db
      .selectFrom('conversation_messages')
      .select(['text', 'translation'])
      .where('conversation_id', '=', chat.conversationId)
      .orderBy('seq')
      .execute();
    expect(stored[0]).toEqual({
      text: '[ES] WELCOME TO THE SHOP!',
      translation: { language: 'en', text: 'Welcome to the shop!' },
    });
  });

  it('reads the visitor’s words in the bot’s language: global connections match the translation', async () => {
    const chat = await start('es');
    const replies = await visitorSays(t, chat, 'ayuda');
    // The fake translates by upper-casing: "[EN] AYUDA" holds no "help"; a word that stays does.
    expect(replies[0]?.message).toEqual({ type: 'text', text: 'ayuda' });
    const helped = await visitorSays(t, chat, 'help por favor');
    expect(helped.map((message) => message.message)).toEqual([
      { type: 'text', text: 'help por favor' },
      { type: 'text', text: '[ES] HERE IS SOME HELP.' },
      { type: 'text', text: '[ES] YOUR NAME?' },
    ]);
    const [incoming] = await t.database.db
      .selectFrom('conversation_messages')
      .select(['text', 'translation'])
      .where('conversation_id', '=', chat.conversationId)
      .where('role', '=', 'user')
      .orderBy('seq', 'desc')
      .execute();
    expect(incoming).toEqual({
      text: 'help por favor',
      translation: { language: 'en', text: '[EN-US] HELP POR FAVOR' },
    });
  });

  it('a turn whose texts are all known asks DeepL nothing', async () => {
    await start('es');
    const calls = deepl.translateCalls().length;
    const chat = await start('es');
    expect(chat.messages).toHaveLength(2);
    expect(deepl.translateCalls().length).toBe(calls);
  });

  it('speaks the bot’s language to a visitor whose language it does not offer, or its own', async () => {
    for (const language of ['it', 'en-US', undefined]) {
      const chat = await start(language);
      expect(chat.messages[0]?.message).toEqual({ type: 'text', text: 'Welcome to the shop!' });
    }
  });

  it('the visitor changes language from the widget: the bot speaks it from the next message', async () => {
    const chat = await start('en');
    const changed = await t.request({
      method: 'PUT',
      url: `/api/chat/conversations/${chat.conversationId}/language`,
      headers: { authorization: `Bearer ${chat.token}` },
      payload: { language: 'de' },
    });
    expect(changed.json()).toEqual({ language: 'de' });
    const replies = await visitorSays(t, chat, { postback: 'parley:button:menu:tea', label: 'Tea' });
    expect(replies.at(-1)?.message).toEqual({ type: 'text', text: '[DE] YOUR NAME?' });
  });

  it('shows the team each message in the bot’s language too, and sends an agent’s reply in the visitor’s', async () => {
    const chat = await start('es');
    await visitorSays(t, chat, 'necesito ayuda');
    const taken = await t.request({
      method: 'POST',
      url: `/api/conversations/${chat.conversationId}/pass-control`,
      headers,
      payload: { to: 'agent' },
    });
    expect(taken.statusCode).toBe(200);
    const replied = await t.request({
      method: 'POST',
      url: `/api/conversations/${chat.conversationId}/agent-messages`,
      headers,
      payload: { text: 'I can help' },
    });
    expect(replied.statusCode).toBe(200);
    const visitorSees = (
      await t.request({
        method: 'GET',
        url: `/api/chat/v3/conversations/${chat.conversationId}/history`,
        headers: { authorization: `Bearer ${chat.token}` },
      })
    ).json<{ messages: ChatMessage[] }>().messages;
    expect(visitorSees.at(-1)).toMatchObject({
      role: 'agent',
      message: { type: 'text', text: '[ES] I CAN HELP' },
    });
    expect(visitorSees.at(-1)).not.toHaveProperty('translation');
    const transcript = (
      await t.request({ method: 'GET', url: `/api/inbox/conversations/${chat.conversationId}`, headers })
    ).json<InboxTranscript>();
    const byRole = (role: string) => transcript.messages.filter((message) => message.role === role);
    expect(byRole('user')[0]).toMatchObject({
      message: { type: 'text', text: 'necesito ayuda' },
      translation: { language: 'en', text: '[EN-US] NECESITO AYUDA' },
    });
    expect(byRole('bot')[0]).toMatchObject({
      message: { type: 'text', text: '[ES] WELCOME TO THE SHOP!' },
      translation: { language: 'en', text: 'Welcome to the shop!' },
    });
    expect(byRole('agent')[0]).toMatchObject({
      message: { type: 'text', text: '[ES] I CAN HELP' },
      translation: { language: 'en', text: 'I can help' },
    });
  });

  it('refuses a language change without the conversation’s token', async () => {
    const chat = await start('es');
    const refused = await t.request({
      method: 'PUT',
      url: `/api/chat/conversations/${chat.conversationId}/language`,
      payload: { language: 'de' },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('counts what each bot had translated, for the company’s admins, month by month', async () => {
    const usage = async (query = '', as = headers) =>
      t.request({ method: 'GET', url: `/api/translation/usage${query}`, headers: as });
    const now = (await usage()).json<TranslationUsage>();
    expect(now.month).toBe(new Date().toISOString().slice(0, 7));
    expect(now.bots).toEqual([
      { botId, name: 'Shop', deleted: false, characters: expect.any(Number), requests: expect.any(Number) },
    ]);
    expect(now.bots[0]?.characters).toBeGreaterThan(0);
    expect(now.characters).toBe(now.bots[0]?.characters);
    // The bot's own figure is the same one.
    const bot = (
      await t.request({ method: 'GET', url: `/api/bots/${botId}/translation`, headers })
    ).json<BotTranslation>();
    expect(bot.usage).toEqual({ characters: now.characters, requests: now.requests });

    expect((await usage('?month=2020-01')).json<TranslationUsage>()).toEqual({
      month: '2020-01',
      characters: 0,
      requests: 0,
      bots: [],
    });
    const bad = await usage('?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { name: 'ValidationException' } });
    // Another company sees only its own (none).
    const other = authHeader((await registerOwner(t)).auth.token);
    expect((await usage('', other)).json<TranslationUsage>().bots).toEqual([]);
  });

  it('a slow provider never breaks the conversation: the bot answers untranslated and the log says why', async () => {
    const chat = await start('es');
    deepl.state.delayMs = 3_000;
    const replies = await visitorSays(t, chat, 'tengo sueño');
    expect(replies.map((message) => message.message)).toEqual([
      { type: 'text', text: 'tengo sueño' },
      expect.anything(),
    ]);
    const failed = await events(chat.conversationId, 'Translation Failed');
    expect(failed[0]?.data).toMatchObject({
      direction: 'visitor',
      source: 'es',
      target: 'en',
      reason: 'timeout',
    });
    const provider = (await t.request({ method: 'GET', url: '/api/translation/provider', headers })).json();
    expect(provider.problem).toMatchObject({ reason: 'timeout' });
  });
});

describe('a spent DeepL quota', () => {
  const deepl = fakeDeepL('pro', { [KEY]: { characterCount: 0, characterLimit: 10 } });
  let t: TestApp;
  afterAll(async () => {
    await t.close();
    await deepl.close();
  });

  it('sends the bot’s message in its own language and logs the failure on the conversation', async () => {
    t = await createTestApp({ DEEPL_PRO_URL: await deepl.listen() });
    const headers = authHeader((await registerOwner(t)).auth.token);
    const { bot, key } = await deployedBot(t, headers, 'Shop', shop);
    await t.request({
      method: 'PUT',
      url: '/api/translation/provider',
      headers,
      payload: { provider: 'deepl', apiKey: KEY },
    });
    await t.request({
      method: 'PUT',
      url: `/api/bots/${bot.id}/translation`,
      headers,
      payload: { offeredLanguages: ['es'] },
    });
    const chat = (
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        payload: { deploymentKey: key, language: 'es' },
      })
    ).json<StartConversationResponse>();
    expect(chat.messages[0]?.message).toEqual({ type: 'text', text: 'Welcome to the shop!' });
    const failed = await t.database.db
      .selectFrom('conversation_events')
      .select('data')
      .where('conversation_id', '=', chat.conversationId)
      .where('name', '=', 'Translation Failed')
      .execute();
    expect(failed[0]?.data).toMatchObject({
      direction: 'bot',
      source: 'en',
      target: 'es',
      reason: 'rate_limited',
    });
  });
});
