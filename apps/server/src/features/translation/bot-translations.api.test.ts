import type {
  BotDetail,
  BotTextTranslation,
  BotTranslations,
  StartConversationResponse,
  TranslationFile,
  TranslationImportProblem,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../../../test/fake-deepl';
import { authHeader, deployedBot, registerOwner, visitorSays } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

const KEY = 'translations-view-key-01';
const OTHER_KEY = 'translations-view-key-02';

/** Fifty-two numbered steps: more texts than one "translate missing" batch (50) holds. */
function longFlow() {
  let fixture = flowFixture()
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
    .module('hi', 'text', { text: 'Thanks, {{ name }}.' }, { next: 'step1' });
  for (let step = 1; step <= 52; step += 1)
    fixture = fixture.module(
      `step${step}`,
      'text',
      { text: `Step ${step} of the tour.` },
      step < 52 ? { next: `step${step + 1}` } : {},
    );
  return fixture;
}

describe('the Translations view: every text of a bot per language, people’s translations first', () => {
  const deepl = fakeDeepL('pro', {
    [KEY]: { characterCount: 0, characterLimit: 1_000_000 },
    [OTHER_KEY]: { characterCount: 0, characterLimit: 1_000_000 },
  });
  let t: TestApp;
  let headers: Record<string, string>;
  let otherCompany: Record<string, string>;
  let botId: string;
  let deploymentKey: string;

  beforeAll(async () => {
    t = await createTestApp({ DEEPL_PRO_URL: await deepl.listen(), TRANSLATION_TIMEOUT_MS: '2000' });
    headers = authHeader((await registerOwner(t)).auth.token);
    otherCompany = authHeader((await registerOwner(t, { company_name: 'Other company' })).auth.token);
    const deployed = await deployedBot(t, headers, 'Tour shop', longFlow());
    botId = deployed.bot.id;
    deploymentKey = deployed.key;
    for (const [who, key] of [
      [headers, KEY],
      [otherCompany, OTHER_KEY],
    ] as const)
      await t.request({
        method: 'PUT',
        url: '/api/translation/provider',
        headers: who,
        payload: { provider: 'deepl', apiKey: key },
      });
    await t.request({
      method: 'PUT',
      url: `/api/bots/${botId}/translation`,
      headers,
      payload: { offeredLanguages: ['es', 'de'] },
    });
  });
  afterAll(async () => {
    await t.close();
    await deepl.close();
  });

  const list = async (language = 'es', who = headers) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/bots/${botId}/translations?language=${language}`,
      headers: who,
    });
    return response;
  };
  const texts = async (language = 'es') => (await list(language)).json<BotTranslations>();
  const textOf = async (key: string, language = 'es') =>
    (await texts(language)).texts.find((text) => text.key === key) as BotTextTranslation;
  const save = (key: string, translation: string, language = 'es') =>
    t.request({
      method: 'PUT',
      url: `/api/bots/${botId}/translations`,
      headers,
      payload: { language, key, translation },
    });
  const translateMissing = (language = 'es') =>
    t.request({
      method: 'POST',
      url: `/api/bots/${botId}/translations/translate-missing`,
      headers,
      payload: { language },
    });
  const exported = async (format: 'csv' | 'xliff', language = 'es') =>
    (
      await t.request({
        method: 'GET',
        url: `/api/bots/${botId}/translations/export?language=${language}&format=${format}`,
        headers,
      })
    ).json<TranslationFile>();
  const importFile = (format: 'csv' | 'xliff', content: string, language = 'es') =>
    t.request({
      method: 'POST',
      url: `/api/bots/${botId}/translations/import`,
      headers,
      payload: { language, format, content },
    });
  const startChat = async (language: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        payload: { deploymentKey, language },
      })
    ).json<StartConversationResponse>();

  it('lists every text a visitor reads, by where it is, all missing before anything is translated', async () => {
    const view = await texts();
    expect(view.mainLanguage).toBe('en');
    const byKey = Object.fromEntries(view.texts.map((text) => [text.key, text]));
    expect(byKey['start.text']).toMatchObject({
      moduleId: 'start',
      field: 'text',
      source: 'Welcome to the shop!',
      state: 'missing',
      translation: null,
    });
    expect(byKey['menu.buttons.tea.label']).toMatchObject({ source: 'Tea', field: 'buttons.tea.label' });
    expect(byKey['ask.prompt']).toMatchObject({ source: 'Your name?' });
    expect(byKey['settings.fallbackMessage']).toMatchObject({ moduleId: null });
    expect(view.counts.missing).toBe(view.texts.length);
    expect(view.texts.length).toBeGreaterThan(50);
  });

  it('answers a language the bot does not offer, and another company’s bot, as not found', async () => {
    expect((await list('fr')).statusCode).toBe(404);
    expect((await list('en')).statusCode).toBe(404);
    const foreign = await list('es', otherCompany);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { name: 'NotFoundException' } });
    const saved = await t.request({
      method: 'PUT',
      url: `/api/bots/${botId}/translations`,
      headers: otherCompany,
      payload: { language: 'es', key: 'start.text', translation: 'Hola' },
    });
    expect(saved.statusCode).toBe(404);
  });

  it('translates all missing texts in batches of at most fifty, one DeepL request each, templates protected', async () => {
    const before = deepl.translateCalls().length;
    const total = (await texts()).texts.length;
    const unique = new Set((await texts()).texts.map((text) => text.source)).size;
    const first = await translateMissing();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ translated: 50, remaining: unique - 50 });
    const second = await translateMissing();
    expect(second.json()).toEqual({ translated: unique - 50, remaining: 0 });
    expect((await translateMissing()).json()).toEqual({ translated: 0, remaining: 0 });
    const calls = deepl.translateCalls().slice(before);
    expect(calls).toHaveLength(2);
    expect(calls.every((call) => (call.text?.length ?? 0) <= 50)).toBe(true);
    const view = await texts();
    expect(view.counts.machine).toBe(total);
    expect(view.texts.find((text) => text.key === 'hi.text')?.translation).toBe('[ES] THANKS, {{ name }}.');
  });

  it('a Spanish visitor reads the machine’s translations with no call to DeepL', async () => {
    const before = deepl.translateCalls().length;
    const chat = await startChat('es');
    expect(chat.messages[0]?.message).toEqual({ type: 'text', text: '[ES] WELCOME TO THE SHOP!' });
    expect(deepl.translateCalls().length).toBe(before);
  });

  it('a person’s translation wins: marked edited (or reviewed when it keeps the machine’s words) and used by conversations', async () => {
    const edited = await save('start.text', '¡Bienvenido a la tienda!');
    expect(edited.statusCode).toBe(200);
    expect(edited.json<BotTextTranslation>()).toMatchObject({
      state: 'edited',
      translation: '¡Bienvenido a la tienda!',
      machine: '[ES] WELCOME TO THE SHOP!',
    });
    const reviewed = await save('ask.prompt', '[ES] YOUR NAME?');
    expect(reviewed.json<BotTextTranslation>().state).toBe('reviewed');
    const templated = await save('hi.text', 'Gracias, {{ name }}, de verdad.');
    expect(templated.json<BotTextTranslation>().state).toBe('edited');

    const chat = await startChat('es');
    expect(chat.messages[0]?.message).toEqual({ type: 'text', text: '¡Bienvenido a la tienda!' });
    await visitorSays(t, chat, { postback: 'parley:button:menu:tea', label: 'Té' });
    const before = deepl.translateCalls().length;
    const replies = await visitorSays(t, chat, 'Ana');
    // The person's translation of the template with the visitor's value in it (the name as the bot
    // read it: the fake upper-cases what it translates into English), and no call for it.
    expect(replies.map((reply) => reply.message)).toContainEqual({
      type: 'text',
      text: 'Gracias, [EN-US] ANA, de verdad.',
    });
    // Only the visitor's words went to DeepL (into English); nothing of the bot's.
    expect(
      deepl
        .translateCalls()
        .slice(before)
        .map((call) => call.target_lang?.[0]),
    ).toEqual(['en-US']);
  });

  it('refuses a translation that loses or makes up a template part, by name, and keeps the one before', async () => {
    const lost = await save('hi.text', 'Gracias.');
    expect(lost.statusCode).toBe(400);
    expect(lost.json()).toMatchObject({
      error: { name: 'ValidationException', message: expect.stringContaining('{{ name }}') },
    });
    const made = await save('start.text', 'Hola {{ nombre }}');
    expect(made.statusCode).toBe(400);
    expect((await textOf('hi.text')).translation).toBe('Gracias, {{ name }}, de verdad.');
    expect((await save('nowhere.text', 'Hola')).statusCode).toBe(404);
    expect((await save('start.text', '   ')).statusCode).toBe(400);
  });

  it('never lets the machine overwrite a person’s translation', async () => {
    await translateMissing();
    expect((await textOf('start.text')).translation).toBe('¡Bienvenido a la tienda!');
  });

  it('shows a person’s translation as outdated when its source changes; conversations use the machine’s of the new text', async () => {
    const bot = (await t.request({ method: 'GET', url: `/api/bots/${botId}`, headers })).json<BotDetail>();
    const flow = {
      ...bot.flow,
      modules: bot.flow.modules.map((module) =>
        module.id === 'start' ? { ...module, content: { text: 'Welcome to our shop!' } } : module,
      ),
    };
    const put = await t.request({
      method: 'PUT',
      url: `/api/bots/${botId}/flow`,
      headers,
      payload: { flow },
    });
    expect(put.statusCode).toBe(200);
    expect(await textOf('start.text')).toMatchObject({
      state: 'outdated',
      source: 'Welcome to our shop!',
      previousSource: 'Welcome to the shop!',
      translation: '¡Bienvenido a la tienda!',
      machine: null,
    });
    expect((await translateMissing()).json()).toEqual({ translated: 1, remaining: 0 });
    expect(await textOf('start.text')).toMatchObject({
      state: 'outdated',
      machine: '[ES] WELCOME TO OUR SHOP!',
    });
    // Confirming it for the new source makes it the person's again.
    await save('start.text', '¡Bienvenido a nuestra tienda!');
    expect((await textOf('start.text')).state).toBe('edited');
  });

  it('forgets a person’s translation on request: the machine’s is used again', async () => {
    const reset = await t.request({
      method: 'POST',
      url: `/api/bots/${botId}/translations/reset`,
      headers,
      payload: { language: 'es', key: 'ask.prompt' },
    });
    expect(reset.json<BotTextTranslation>()).toMatchObject({
      state: 'machine',
      translation: '[ES] YOUR NAME?',
    });
  });

  it('exports CSV and XLIFF and imports them back: an unchanged file changes nothing', async () => {
    const csv = await exported('csv');
    expect(csv.fileName).toBe('tour-shop-en-es.csv');
    expect(csv.content.split('\r\n')[0]).toBe('\uFEFFkey,module,source,translation,state');
    expect(csv.content).toContain('hi.text,,"Thanks, {{ name }}.","Gracias, {{ name }}, de verdad.",edited');
    expect((await importFile('csv', csv.content)).json()).toMatchObject({ imported: 0 });
    const xliff = await exported('xliff');
    expect(xliff.fileName).toBe('tour-shop-en-es.xlf');
    expect(xliff.content).toContain('target-language="es"');
    expect(xliff.content).toContain(
      '<trans-unit id="start.text" xml:space="preserve">\n        <source>Welcome to our shop!</source>',
    );
    expect((await importFile('xliff', xliff.content)).json()).toMatchObject({ imported: 0 });
  });

  it('imports a translator’s CSV: each changed row becomes a person’s translation', async () => {
    const content = [
      'key,source,translation',
      'step1.text,Step 1 of the tour.,Paso 1 del recorrido.',
      'step2.text,Step 2 of the tour.,',
      '"menu.buttons.tea.label",Tea,Té',
    ].join('\n');
    const imported = await importFile('csv', content);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ imported: 2, unchanged: 1 });
    expect(await textOf('step1.text')).toMatchObject({
      state: 'edited',
      translation: 'Paso 1 del recorrido.',
    });
    expect(await textOf('step2.text')).toMatchObject({ state: 'machine' });
  });

  it('imports an XLIFF file into its own language only', async () => {
    const xliff = (await exported('xliff', 'de')).content.replace(
      '<target state="translated">[DE] STEP 3 OF THE TOUR.</target>',
      '<target state="translated">Schritt 3 der Tour.</target>',
    );
    expect((await importFile('xliff', xliff, 'de')).json()).toEqual({
      imported: expect.any(Number),
      unchanged: expect.any(Number),
    });
    const wrong = await importFile('xliff', xliff, 'es');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: {
        name: 'TranslationImportException',
        details: { problems: [{ code: 'wrong-language' }] },
      },
    });
  });

  it('refuses a file with any problem, naming each line, and saves none of it', async () => {
    const content = [
      'key,source,translation',
      'step4.text,Step 4 of the tour.,Paso 4 del recorrido.',
      'nowhere.text,Hello,Hola',
      'hi.text,"Thanks, {{ name }}.",Gracias.',
      'step5.text,Step five of the tour.,Paso 5.',
      'step4.text,Step 4 of the tour.,Paso 4.',
    ].join('\n');
    const refused = await importFile('csv', content);
    expect(refused.statusCode).toBe(400);
    const problems = refused.json<{
      error: { name: string; details: { problems: TranslationImportProblem[] } };
    }>().error;
    expect(problems.name).toBe('TranslationImportException');
    expect(problems.details.problems.map(({ line, key, code }) => ({ line, key, code }))).toEqual([
      { line: 3, key: 'nowhere.text', code: 'unknown-key' },
      { line: 4, key: 'hi.text', code: 'template-parts' },
      { line: 5, key: 'step5.text', code: 'source-changed' },
      { line: 6, key: 'step4.text', code: 'duplicate-key' },
    ]);
    // The good row was not saved either.
    expect((await textOf('step4.text')).state).toBe('machine');

    const cases: [string, 'csv' | 'xliff', string][] = [
      ['missing-column', 'csv', 'id,text\nstart.text,Hola'],
      ['malformed', 'csv', 'key,translation\n"start.text,Hola'],
      ['malformed', 'xliff', '<xliff><file><body><trans-unit id="start.text">'],
      ['malformed', 'xliff', '<html></html>'],
      [
        'markup',
        'xliff',
        '<xliff version="1.2"><file target-language="es"><body><trans-unit id="start.text"><source>x</source><target>Hola <g id="1">amigo</g></target></trans-unit></body></file></xliff>',
      ],
    ];
    for (const [code, format, file] of cases) {
      const answer = await importFile(format, file);
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json(), code).toMatchObject({
        error: {
          name: 'TranslationImportException',
          details: { problems: [expect.objectContaining({ code })] },
        },
      });
    }
  });

  it('keeps each bot’s people’s translations to itself and each company’s machine cache to itself', async () => {
    const other = await deployedBot(t, otherCompany, 'Other shop', longFlow());
    await t.request({
      method: 'PUT',
      url: `/api/bots/${other.bot.id}/translation`,
      headers: otherCompany,
      payload: { offeredLanguages: ['es'] },
    });
    const view = (
      await t.request({
        method: 'GET',
        url: `/api/bots/${other.bot.id}/translations?language=es`,
        headers: otherCompany,
      })
    ).json<BotTranslations>();
    expect(view.counts.missing).toBe(view.texts.length);
  });
});
