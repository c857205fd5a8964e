import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const helloFlow = flowFixture().module('start', 'text', { text: 'Hello from the styled bot!' });

describe('bot settings: web chat, styling and the tester', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  beforeAll(async () => {
    [server, browser, site] = await Promise.all([startServer(), launchBrowser(), startHostSite()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  it('publishes, deploys and hands over the embed code from the bot card', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, server.url, 'trial@demo.parley.dev');
    await page.getByRole('button', { name: 'Create a bot' }).click();
    await page.getByLabel('Bot name').fill('Front desk');
    await page.getByRole('button', { name: 'Create bot' }).click();
    const card = page.getByTestId('bot-card').filter({ hasText: 'Front desk' });
    await card.getByRole('link', { name: 'Web chat' }).click();
    await page.getByRole('heading', { name: 'Front desk settings' }).waitFor();
    await page.getByText('The bot has not been published yet.').waitFor();
    await page.getByRole('button', { name: 'Publish the draft' }).click();
    await page.getByText('Version 1 published. Add web chat to a website to put it live.').waitFor();
    await page.getByRole('button', { name: 'Add web chat to a website' }).click();
    const snippet = page.getByLabel('Embed code', { exact: true });
    await snippet.waitFor();
    expect(await snippet.textContent()).toMatch(
      new RegExp(`^<script src="${server.url}/webchat.js" data-deployment="[\\w-]+" async></script>$`),
    );
    await page.getByText('Live on version 1').waitFor();
    await screenshot(page, 'bot-settings-webchat');
  });

  it('shows style changes in the live preview, saves them, and the embedding page follows', async () => {
    const { bot, deployment } = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Styled bot',
      helloFlow,
    );
    site.pages.set('/', shopPage(server.url, deployment.key));
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings/styling`);
    const preview = page.frameLocator('[data-testid="widget-preview"]');
    await preview.getByRole('dialog', { name: 'Chat with us' }).waitFor();
    // The preview speaks as the bot does: its own greeting, not a sample conversation.
    await preview.getByText('Hello from the styled bot!').waitFor();

    await page.getByLabel('Title', { exact: true }).fill('Ask Rosa');
    await page.getByRole('textbox', { name: 'Brand color', exact: true }).fill('#be123c');
    await page.getByRole('button', { name: 'Bottom left' }).click();
    await page.getByRole('button', { name: 'Dark' }).click();
    const dialog = preview.getByRole('dialog', { name: 'Ask Rosa' });
    await dialog.waitFor();
    const header = dialog.locator('header');
    await expect
      .poll(() => header.evaluate((node) => getComputedStyle(node).backgroundColor))
      .toBe('rgb(190, 18, 60)');

    // A bad color is named and keeps the preview as it was.
    await page.getByRole('textbox', { name: 'Brand color', exact: true }).fill('crimson');
    await page.getByText('A color like #4f46e5').waitFor();
    expect(await page.getByRole('button', { name: 'Save style' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Save style' }).click();
    expect(await page.getByText('Style saved.').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Brand color', exact: true }).fill('#be123c');
    await screenshot(page, 'styling-editor');

    await page.getByRole('button', { name: 'Save style' }).click();
    await page.getByText('Style saved. Pages load it the next time they open.').waitFor();

    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await visitor.goto(site.url);
    const launcher = visitor.getByRole('button', { name: 'Open chat' });
    await launcher.waitFor();
    const box = await launcher.boundingBox();
    expect(box?.x).toBeLessThan(100);
    await launcher.click();
    const chat = visitor.getByRole('dialog', { name: 'Ask Rosa' });
    await chat.getByText('Hello from the styled bot!').waitFor();
    expect(await chat.locator('header').evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
      'rgb(190, 18, 60)',
    );
    await screenshot(visitor, 'webchat-styled');
  });

  it('runs the draft full-page in the tester, with no app layout', async () => {
    const { token, bot } = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Draft bot',
      helloFlow,
    );
    const draft = flowFixture().module('start', 'text', { text: 'This is the **draft** talking.' });
    await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, { flow: draft.onto(bot.flow) });

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings`);
    const tryDraft = page.getByRole('link', { name: 'Try the draft in the tester' });
    const href = (await tryDraft.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/v2\/lite\/bots\/[\w-]+\/tester$/);

    await page.goto(`${server.url}${href}`);
    const tester = page.getByRole('main', { name: 'Chat with us' });
    await tester.locator('strong', { hasText: 'draft' }).waitFor();
    expect(await tester.locator('p').filter({ hasText: 'talking.' }).textContent()).toBe(
      'This is the draft talking.',
    );
    expect(await page.getByRole('link', { name: 'Home' }).count()).toBe(0);
    await screenshot(page, 'tester');

    // The builder edits the draft; a new conversation in the tester runs the new draft.
    const edited = flowFixture().module('start', 'text', { text: 'Edited draft here.' });
    await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, { flow: edited.onto(bot.flow) });
    await tester.getByRole('button', { name: 'New conversation' }).click();
    await tester.getByText('Edited draft here.').waitFor();
  });
});
