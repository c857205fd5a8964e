import type {
  ChatMessage,
  InboxMessage,
  InboxTranscript,
  StartConversationResponse,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../../../test/fake-deepl';
import {
  authHeader,
  claimsOf,
  deployedBot,
  registerOwner,
  teammate,
  visitorSays,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const KEY = 'agent-language-key-01';
const flow = flowFixture().module(
  'ask',
  'input',
  { prompt: 'How can I help?', variable: 'need', validator: { type: 'text' } },
  { next: 'ask' },
);

/**
 * Each person of the team reads a conversation in their own language (their profile's) and writes
 * in it: the visitor's messages come translated into it, their replies go out in the visitor's.
 */
describe('the agent’s language in the inbox', () => {
  const deepl = fakeDeepL('pro', { [KEY]: { characterCount: 0, characterLimit: 1_000_000 } });
  let t: TestApp;
  let owner: Record<string, string>;
  let ana: Record<string, string>;
  let dieter: Record<string, string>;
  let key: string;
  let plainKey: string;
  beforeAll(async () => {
    t = await createTestApp({ DEEPL_PRO_URL: await deepl.listen(), TRANSLATION_TIMEOUT_MS: '1500' });
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token);
    const company = claimsOf(registered.auth.token);
    ana = await teammate(t, company, { email: 'ana@example.com', first_name: 'Ana', last_name: 'García' });
    dieter = await teammate(t, company, {
      email: 'dieter@example.com',
      first_name: 'Dieter',
      last_name: 'B',
    });
    for (const [headers, language] of [
      [ana, 'es'],
      [dieter, 'de'],
    ] as const) {
      const saved = await t.request({
        method: 'PATCH',
        url: '/api/frontend/user/me',
        headers,
        payload: { language },
      });
      expect(saved.statusCode).toBe(200);
    }
    const deployed = await deployedBot(t, owner, 'Help desk', flow);
    key = deployed.key;
    plainKey = (await deployedBot(t, owner, 'English only', flow)).key;
    await t.request({
      method: 'PUT',
      url: '/api/translation/provider',
      headers: owner,
      payload: { provider: 'deepl', apiKey: KEY },
    });
    const offered = await t.request({
      method: 'PUT',
      url: `/api/bots/${deployed.bot.id}/translation`,
      headers: owner,
      payload: { offeredLanguages: ['es', 'de'] },
    });
    expect(offered.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await deepl.close();
  });
  beforeEach(() => {
    deepl.state.delayMs = 0;
  });

  const start = async (deploymentKey: string, language: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        payload: { deploymentKey, language },
      })
    ).json<StartConversationResponse>();
  const visitorMessages = async (headers: Record<string, string>, conversationId: string) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/inbox/conversations/${conversationId}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return response
      .json<InboxTranscript>()
      .messages.filter((message) => message.role === 'user')
      .map(({ message, translation }: InboxMessage) => ({ message, translation }));
  };
  const takeOver = async (headers: Record<string, string>, conversationId: string) => {
    const taken = await t.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/pass-control`,
      headers,
      payload: { to: 'agent' },
    });
    expect(taken.statusCode).toBe(200);
  };
  const reply = async (headers: Record<string, string>, conversationId: string, text: string) => {
    const replied = await t.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/agent-messages`,
      headers,
      payload: { text },
    });
    expect(replied.statusCode).toBe(200);
  };
  const visitorSees = async (chat: StartConversationResponse) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/chat/v3/conversations/${chat.conversationId}/history`,
        headers: { authorization: `Bearer ${chat.token}` },
      })
    ).json<{ messages: ChatMessage[] }>().messages;

  it('shows each reader a Spanish visitor’s message in their own language, the original kept', async () => {
    const chat = await start(key, 'es');
    await visitorSays(t, chat, 'necesito ayuda');
    const original = { type: 'text', text: 'necesito ayuda' };
    // Someone with no language of their own reads the bot's (English), as the bot read it.
    expect(await visitorMessages(owner, chat.conversationId)).toEqual([
      { message: original, translation: { language: 'en', text: '[EN-US] NECESITO AYUDA' } },
    ]);
    // A Spanish reader reads the visitor's own words.
    expect(await visitorMessages(ana, chat.conversationId)).toEqual([{ message: original }]);
    // A German reader gets it in German (from the English the bot read, whose language is sure).
    const calls = deepl.translateCalls().length;
    expect(await visitorMessages(dieter, chat.conversationId)).toEqual([
      { message: original, translation: { language: 'de', text: '[DE] [EN-US] NECESITO AYUDA' } },
    ]);
    expect(deepl.translateCalls().length).toBe(calls + 1);
    expect(deepl.translateCalls().at(-1)).toMatchObject({ source_lang: ['en'], target_lang: ['de'] });
    // Read again (or by anyone of the company reading German): known, no call.
    await visitorMessages(dieter, chat.conversationId);
    expect(deepl.translateCalls().length).toBe(calls + 1);
  });

  it('translates a visitor who writes the bot’s language for a reader of another', async () => {
    const chat = await start(key, 'en');
    await visitorSays(t, chat, 'I need help');
    expect(await visitorMessages(ana, chat.conversationId)).toEqual([
      {
        message: { type: 'text', text: 'I need help' },
        translation: { language: 'es', text: '[ES] I NEED HELP' },
      },
    ]);
    expect(await visitorMessages(owner, chat.conversationId)).toEqual([
      { message: { type: 'text', text: 'I need help' } },
    ]);
  });

  it('sends a German agent’s reply in Spanish; the agent sees both', async () => {
    const chat = await start(key, 'es');
    await visitorSays(t, chat, 'hola');
    await takeOver(dieter, chat.conversationId);
    await reply(dieter, chat.conversationId, 'Ich helfe Ihnen');
    expect(deepl.translateCalls().at(-1)).toMatchObject({ source_lang: ['de'], target_lang: ['es'] });
    const seen = (await visitorSees(chat)).at(-1);
    expect(seen).toMatchObject({ role: 'agent', message: { type: 'text', text: '[ES] ICH HELFE IHNEN' } });
    expect(seen).not.toHaveProperty('translation');
    const transcript = (
      await t.request({
        method: 'GET',
        url: `/api/inbox/conversations/${chat.conversationId}`,
        headers: dieter,
      })
    ).json<InboxTranscript>();
    expect(transcript.messages.at(-1)).toMatchObject({
      role: 'agent',
      message: { type: 'text', text: '[ES] ICH HELFE IHNEN' },
      translation: { language: 'de', text: 'Ich helfe Ihnen' },
    });
  });

  it('sends a Spanish agent’s reply to a Spanish visitor as written, and to an English one in English', async () => {
    const spanish = await start(key, 'es');
    await takeOver(ana, spanish.conversationId);
    const calls = deepl.translateCalls().length;
    await reply(ana, spanish.conversationId, 'Te ayudo');
    expect(deepl.translateCalls().length).toBe(calls);
    expect((await visitorSees(spanish)).at(-1)).toMatchObject({
      role: 'agent',
      message: { type: 'text', text: 'Te ayudo' },
    });

    const english = await start(key, 'en');
    await takeOver(ana, english.conversationId);
    await reply(ana, english.conversationId, 'Te ayudo');
    expect((await visitorSees(english)).at(-1)).toMatchObject({
      role: 'agent',
      message: { type: 'text', text: '[EN-US] TE AYUDO' },
    });
  });

  it('leaves a bot that offers no other language as it is, for every reader', async () => {
    const chat = await start(plainKey, 'es');
    await visitorSays(t, chat, 'hola');
    const calls = deepl.translateCalls().length;
    expect(await visitorMessages(dieter, chat.conversationId)).toEqual([
      { message: { type: 'text', text: 'hola' } },
    ]);
    await takeOver(dieter, chat.conversationId);
    await reply(dieter, chat.conversationId, 'Hallo');
    expect((await visitorSees(chat)).at(-1)).toMatchObject({ message: { type: 'text', text: 'Hallo' } });
    expect(deepl.translateCalls().length).toBe(calls);
  });

  it('a slow provider leaves the reader the bot’s language, and the reply goes out as written, logged', async () => {
    const chat = await start(key, 'es');
    await visitorSays(t, chat, 'una pregunta lenta');
    deepl.state.delayMs = 3_000;
    expect(await visitorMessages(dieter, chat.conversationId)).toEqual([
      {
        message: { type: 'text', text: 'una pregunta lenta' },
        translation: { language: 'en', text: '[EN-US] UNA PREGUNTA LENTA' },
      },
    ]);
    await takeOver(dieter, chat.conversationId);
    await reply(dieter, chat.conversationId, 'Einen Moment bitte');
    expect((await visitorSees(chat)).at(-1)).toMatchObject({
      message: { type: 'text', text: 'Einen Moment bitte' },
    });
    const failed = await t.database.db
      .selectFrom('conversation_events')
      .select('data')
      .where('conversation_id', '=', chat.conversationId)
      .where('name', '=', 'Translation Failed')
      .execute();
    expect(failed.map((event) => event.data)).toContainEqual(
      expect.objectContaining({ direction: 'agent', source: 'de', target: 'es', reason: 'timeout' }),
    );
  });
});
