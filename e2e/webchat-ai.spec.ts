import type { AddressInfo } from 'node:net';
import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../apps/server/test/fake-openai';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { type RunningServer, startServer } from './support/server';

const answer = ['Try', ' a', ' **smoky**', ' lapsang', ' souchong', ',', ' brewed', ' at', ' 95', '°C', '.'];

describe('an AI answer in the web chat widget', () => {
  const model = fakeOpenAi({ tokens: answer, tokenDelayMs: 150 });
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  beforeAll(async () => {
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    const modelUrl = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
    [server, browser, site] = await Promise.all([
      startServer({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: modelUrl }),
      launchBrowser(),
      startHostSite(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
    await new Promise<void>((resolve) => model.server.close(() => resolve()));
  });

  it('shows the answer while the model writes it, then the stored message', async () => {
    const { deployment } = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Sommelier',
      flowFixture()
        .module(
          'start',
          'input',
          { prompt: 'What flavours do you like?', variable: 'taste', validator: { type: 'text' } },
          { next: 'advise' },
        )
        .module('advise', 'llm', { userPrompt: 'Recommend a tea for someone who likes {{ taste }}.' }),
    );
    site.pages.set('/', shopPage(server.url, deployment.key));
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByText('What flavours do you like?').waitFor();
    await chat.getByRole('textbox', { name: 'Write a message…' }).fill('smoky');
    await chat.getByRole('textbox', { name: 'Write a message…' }).press('Enter');

    const writing = chat.locator('[aria-busy="true"]');
    await writing.getByText('Try a', { exact: false }).waitFor();
    const partial = (await writing.textContent()) ?? '';
    expect(partial.length).toBeLessThan('Try a smoky lapsang souchong, brewed at 95°C.'.length);
    await screenshot(page, 'webchat-ai-writing');

    await chat.getByText('Try a smoky lapsang souchong, brewed at 95°C.').waitFor();
    expect(await chat.locator('strong', { hasText: 'smoky' }).count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => writing.count()).toBe(0);
  });
});
