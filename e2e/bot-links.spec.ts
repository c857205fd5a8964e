import type { StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type PublishedBot, publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/** A bot that answers with links as builders write them: bare, in parentheses, `<…>`, from variables. */
const linkFlow = flowFixture()
  .module(
    'start',
    'set_variable',
    { assignments: [{ variable: 'base', value: '"https://example.com"' }] },
    { next: 'links' },
  )
  .module('links', 'text', {
    text: 'See <https://example.com/hours>. Or write to us (https://example.com/contact)! [Track it]({{ base }}/track).',
  });
const CLEAN = 'See https://example.com/hours. Or write to us (https://example.com/contact)! Track it.';
const LINKS = [
  ['https://example.com/hours', 'https://example.com/hours'],
  ['https://example.com/contact', 'https://example.com/contact'],
  ['Track it', 'https://example.com/track'],
];

describe('links in bot messages, wherever the app shows them', () => {
  let server: RunningServer;
  let browser: Browser;
  let bot: PublishedBot;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    bot = await publishWebchatBot(server.url, 'owner@demo.parley.dev', 'Links bot', linkFlow);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the inbox previews them as plain text and links them in the transcript', async () => {
    const { conversationId } = await call<StartConversationResponse>(
      server.url,
      'POST',
      '/api/chat/conversations',
      undefined,
      { deploymentKey: bot.deployment.key, user: { name: 'Lena Links' } },
    );
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.waitForURL(/\/v2$/);
    await page.goto(`${server.url}/v2/inbox?botId=${bot.bot.id}`);
    const row = page.locator(`[data-conversation-id="${conversationId}"]`);
    await row.getByText(CLEAN).waitFor();
    expect(await row.textContent()).not.toMatch(/[<>[\]]/);

    await row.click();
    const message = page.getByTestId('message').filter({ hasText: 'See ' });
    await message.getByRole('link', { name: 'Track it' }).waitFor();
    const links = await message
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual(LINKS);
    expect(await message.textContent()).toContain(CLEAN);
    await screenshot(page, 'inbox-links');
    await page.context().close();
  });

  it('the SDK page’s live example links them as the widget does', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('link', { name: 'Web SDK' }).click();
    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: 'Links bot' }).click();
    await page.getByRole('button', { name: 'Start a conversation', exact: true }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByRole('link', { name: 'Track it' }).waitFor();
    expect(
      await log
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')])),
    ).toEqual(LINKS);
    expect(await log.textContent()).toContain(CLEAN);
    await screenshot(page, 'sdk-links');
    await page.context().close();
  });
});
