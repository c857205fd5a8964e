import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, startHostSite } from './support/host-page';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const menuFlow = flowFixture()
  .module(
    'start',
    'buttons',
    { text: 'Hi! Pick one.', buttons: [{ id: 'tea', label: 'Tea', action: { type: 'goto' } }] },
    { 'button:tea': 'tea' },
  )
  .module('tea', 'text', { text: 'Tea it is.' });

describe('the Conversational web SDK page', () => {
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

  it('documents the SDK and runs it live against one of the user’s bots', async () => {
    await publishWebchatBot(server.url, 'owner@demo.parley.dev', 'Tea bot', menuFlow);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('link', { name: 'Web SDK' }).click();
    await page.getByRole('heading', { name: 'Conversational web SDK' }).waitFor();
    expect(await page.locator('pre[aria-label="Install"]').textContent()).toBe(
      `import { ParleyChat, ParleyChatError } from '${server.url}/sdk/parley-chat.js';`,
    );

    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: 'Tea bot' }).click();
    await page.getByRole('button', { name: 'Start a conversation', exact: true }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('Hi! Pick one.').waitFor();
    await page.getByRole('button', { name: 'Tea', exact: true }).click();
    await log.getByText('Tea it is.').waitFor();
    expect(await page.getByLabel('Last call', { exact: true }).textContent()).toContain('"postback"');
    await screenshot(page, 'sdk-docs');
  });

  it('is the same SDK a page on another origin imports from the server', async () => {
    const { deployment } = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Tea bot 2',
      menuFlow,
    );
    site.pages.set(
      '/',
      `<!doctype html><html><body><ol id="log"></ol><script type="module">
import { ParleyChat } from '${server.url}/sdk/parley-chat.js';
const chat = new ParleyChat({ baseUrl: '${server.url}', deploymentKey: '${deployment.key}' });
const { conversationId, token, messages } = await chat.start();
const button = messages[0].message.buttons[0];
const replies = await chat.send({ conversationId, token }, { postback: button.payload, label: button.label });
const history = await chat.history({ conversationId, token });
document.getElementById('log').textContent = JSON.stringify({ replies: replies.length, history: history.map((m) => m.role) });
</script></body></html>`,
    );
    const page = await (await browser.newContext()).newPage();
    await page.goto(site.url);
    await page.waitForFunction(() => document.getElementById('log')?.textContent !== '');
    expect(JSON.parse((await page.locator('#log').textContent()) ?? '{}')).toEqual({
      replies: 2,
      history: ['bot', 'user', 'bot'],
    });
  });
});
