import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../apps/server/test/fake-deepl';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, startHostSite } from './support/host-page';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const greeting = flowFixture().module('start', 'text', { text: 'Hello {{ name }}, welcome!' });
const concierge = flowFixture()
  .module('start', 'text', { text: 'Welcome to the shop!' }, { next: 'ask' })
  .module(
    'ask',
    'input',
    { prompt: 'How can I help?', variable: 'need', validator: { type: 'text' } },
    { next: 'ask' },
  );

describe('translation: the company’s DeepL key', () => {
  const free = fakeDeepL('free', {
    'e2e-free-key-9876:fx': { characterCount: 125_000, characterLimit: 500_000 },
  });
  const pro = fakeDeepL('pro', {});
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  beforeAll(async () => {
    const [freeUrl, proUrl] = await Promise.all([free.listen(), pro.listen()]);
    [server, browser, site] = await Promise.all([
      // The journey translates the missing texts itself ("Translate missing"): none in the background.
      startServer({ DEEPL_FREE_URL: freeUrl, DEEPL_PRO_URL: proUrl, PRETRANSLATE: '0' }),
      launchBrowser(),
      startHostSite(),
    ]);
  });
  afterAll(async () => {
    await site?.close();
    await browser?.close();
    await server?.stop();
    await free.close();
    await pro.close();
  });

  it('refuses a key DeepL refuses, and saves a working one showing only its plan, usage and hint', async () => {
    const { bot } = await publishWebchatBot(server.url, 'owner@demo.parley.dev', 'Polyglot', greeting);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings/languages`);
    await page.getByRole('heading', { name: 'Translation provider' }).waitFor();

    await page.getByLabel('DeepL API key').fill('revoked-key-0000:fx');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText('DeepL refused this key.', { exact: false }).waitFor();
    await screenshot(page, 'translation-key-refused');

    await page.getByLabel('DeepL API key').fill('e2e-free-key-9876:fx');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText('DeepL API Free', { exact: true }).waitFor();
    await page.getByText('125,000 of 500,000 characters used this billing period').waitFor();
    expect(await page.getByText('••••6:fx').count()).toBe(1);
    expect(await page.content()).not.toContain('e2e-free-key-9876');

    await page.reload();
    await page.getByText('DeepL API Free', { exact: true }).waitFor();
    expect(await page.getByText('••••6:fx').count()).toBe(1);
    await screenshot(page, 'translation-settings');
  });

  it('adds Spanish; a Spanish visitor chats in Spanish, and an English-speaking agent takes over and replies', async () => {
    const { bot, deployment } = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Concierge',
      concierge,
    );
    const agent = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(agent, server.url, 'owner@demo.parley.dev');
    await agent.getByRole('heading', { name: /^Hello, / }).waitFor();
    // The person reads and writes English (their profile says so).
    const token = JSON.parse(
      (await agent.evaluate(() => localStorage.getItem('__AUTH_TOKEN__'))) ?? '{}',
    ).token;
    const me = { id: JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string };
    await agent.goto(`${server.url}/v2/profile/${me.id}`);
    await agent.getByRole('combobox', { name: 'Language' }).click();
    await agent.getByRole('option', { name: 'English' }).click();
    await agent.getByText('Your language was saved.').waitFor();

    await agent.goto(`${server.url}/v2/lite/bots/${bot.id}/settings/languages`);
    await agent.getByRole('tab', { name: 'Languages', selected: true }).waitFor();
    await agent.getByRole('tab', { name: 'Translations', selected: false }).waitFor();
    await agent.getByRole('heading', { name: 'Languages' }).waitFor();
    await agent.getByRole('checkbox', { name: 'Spanish' }).check();
    await agent.getByRole('button', { name: 'Save languages' }).click();
    await agent.getByText('Languages saved').waitFor();
    await screenshot(agent, 'translation-languages');

    // Translate everything at once, then a person rewrites the greeting: the visitor reads theirs.
    await agent.goto(`${server.url}/v2/lite/bots/${bot.id}/settings/translations`);
    await agent.getByRole('button', { name: /^Translate \d+ missing texts?$/ }).click();
    await agent.getByRole('button', { name: 'Nothing missing' }).waitFor();
    const greetingRow = agent.getByTestId('translation-start.text');
    await greetingRow.getByLabel('Translation').fill('¡Bienvenido a la tienda!');
    await greetingRow.getByRole('button', { name: 'Save' }).click();
    await agent.getByText('Translation saved').waitFor();
    await agent.getByTestId('translation-start.text').getByText('Edited').waitFor();
    await screenshot(agent, 'translations-view');

    // A Spanish page embeds the chat: the bot greets in Spanish (the fake DeepL upper-cases).
    site.pages.set(
      '/es',
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Tienda</title></head><body><h1>Tienda</h1>
<script src="${server.url}/webchat.js" data-deployment="${deployment.key}" data-language="es"></script></body></html>`,
    );
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await visitor.goto(`${site.url}/es`);
    await visitor.getByRole('button', { name: 'Abrir chat' }).click();
    // The window's title too is the visitor's language's (machine-translated from the style's).
    const chat = visitor.getByRole('dialog', { name: '[ES] CHAT WITH US' });
    await chat.getByText('¡Bienvenido a la tienda!').waitFor();
    expect(await chat.getByRole('combobox', { name: 'Idioma' }).inputValue()).toBe('es');
    const input = chat.getByRole('textbox', { name: 'Escribe un mensaje…' });
    await input.fill('Hola, necesito ayuda');
    await input.press('Enter');
    await chat.getByText('[ES] HOW CAN I HELP?').nth(1).waitFor();
    await screenshot(visitor, 'translation-widget-spanish');

    // The agent reads the visitor in English, the original a click away, takes over and replies.
    await agent.goto(`${server.url}/v2/inbox?botId=${bot.id}`);
    await agent.getByRole('list', { name: 'Conversations' }).locator('[data-unread]').first().click();
    const transcript = agent.getByRole('log', { name: 'Transcript' });
    await transcript.getByText('[EN-US] HOLA, NECESITO AYUDA').waitFor();
    await transcript.getByRole('button', { name: 'Show original' }).click();
    await transcript.getByText('Hola, necesito ayuda').waitFor();
    await agent.getByRole('button', { name: 'Take over' }).click();
    const reply = agent.getByRole('textbox', { name: 'Reply to the user' });
    await reply.fill('Of course, I can help');
    await reply.press('Enter');
    await transcript.getByText('[ES] OF COURSE, I CAN HELP').waitFor();
    await transcript.getByText('English: Of course, I can help').waitFor();
    await screenshot(agent, 'translation-inbox-agent');
    await chat.getByText('[ES] OF COURSE, I CAN HELP').waitFor();
    await screenshot(visitor, 'translation-widget-agent-reply');

    // The same person now reads Spanish: the visitor's messages come as the visitor wrote them.
    await agent.goto(`${server.url}/v2/profile/${me.id}`);
    await agent.getByRole('combobox', { name: 'Language' }).click();
    await agent.getByRole('option', { name: 'Spanish' }).click();
    // Parley's screens speak Spanish too from then on.
    await agent.getByText('Se guardó tu idioma.').waitFor();
    await input.fill('¿Tienen té verde?');
    await input.press('Enter');
    await agent.goto(`${server.url}/v2/inbox?botId=${bot.id}`);
    await agent.getByRole('list', { name: 'Conversaciones' }).locator('[data-unread]').first().click();
    const leído = agent.getByRole('log', { name: 'Transcripción' });
    await leído.getByText('¿Tienen té verde?').waitFor();
    await leído.getByText('Hola, necesito ayuda').waitFor();
    expect(await leído.getByText('[EN-US] HOLA, NECESITO AYUDA').count()).toBe(0);
    await screenshot(agent, 'translation-inbox-spanish-reader');

    // What the company had translated, per bot, in company settings.
    await agent.goto(`${server.url}/v2/company/settings`);
    const usage = agent.getByRole('heading', { name: 'Uso de traducción' });
    await usage.waitFor();
    await usage.scrollIntoViewIfNeeded();
    await screenshot(agent, 'translation-company-usage');
  });
});
