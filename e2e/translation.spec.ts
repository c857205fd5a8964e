import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDeepL } from '../apps/server/test/fake-deepl';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const greeting = flowFixture().module('start', 'text', { text: 'Hello {{ name }}, welcome!' });

describe('translation: the company’s DeepL key', () => {
  const free = fakeDeepL('free', {
    'e2e-free-key-9876:fx': { characterCount: 125_000, characterLimit: 500_000 },
  });
  const pro = fakeDeepL('pro', {});
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    const [freeUrl, proUrl] = await Promise.all([free.listen(), pro.listen()]);
    [server, browser] = await Promise.all([
      startServer({ DEEPL_FREE_URL: freeUrl, DEEPL_PRO_URL: proUrl }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
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
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings/translation`);
    await page.getByRole('heading', { name: 'Translation provider' }).waitFor();

    await page.getByLabel('DeepL API key').fill('revoked-key-0000:fx');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText('DeepL refused this key.', { exact: false }).waitFor();
    await screenshot(page, 'translation-key-refused');

    await page.getByLabel('DeepL API key').fill('e2e-free-key-9876:fx');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText('DeepL API Free').waitFor();
    await page.getByText('125,000 of 500,000 characters used this billing period').waitFor();
    expect(await page.getByText('••••6:fx').count()).toBe(1);
    expect(await page.content()).not.toContain('e2e-free-key-9876');

    await page.reload();
    await page.getByText('DeepL API Free').waitFor();
    expect(await page.getByText('••••6:fx').count()).toBe(1);
    await screenshot(page, 'translation-settings');
  });
});
