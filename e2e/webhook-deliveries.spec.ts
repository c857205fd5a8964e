import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BotDetail, Deployment } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoToken } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { builderSaved, jinjaField, replaceText } from './support/builder';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { openSignedIn, until } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/** Slack's incoming webhook, as a local receiver: posts are kept, answered `ok`. */
function fakeSlack() {
  const posts: string[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    posts.push(body);
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('ok');
  });
  return { server, posts };
}

/** Asks the visitor's name, tells the team (the webhook module), thanks the visitor. */
const leadFlow = flowFixture()
  .module(
    'start',
    'input',
    { prompt: 'What is your name?', variable: 'name', validator: { type: 'text' } },
    { next: 'notify' },
  )
  .module('notify', 'webhook', { url: 'https://example.com/hook' }, { success: 'thanks', failure: 'sorry' })
  .module('thanks', 'text', { text: 'Thanks {{ name }}, the team knows you are here.' }, { next: 'end' })
  .module('sorry', 'text', { text: 'Sorry {{ name }}, the team could not be told.' }, { next: 'end' })
  .module('end', 'end', {});

describe('a bot tells Slack through an installed webhook; the delivery is in the log and is sent again', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  let page: Page;
  let bot: BotDetail;
  let token = '';
  const slack = fakeSlack();

  beforeAll(async () => {
    await new Promise<void>((resolve) => slack.server.listen(0, '127.0.0.1', resolve));
    [server, browser, site] = await Promise.all([
      // The receiver runs on this machine, which webhooks may not reach unless allowed.
      startServer({ SEED_DEMO: '1', OUTGOING_ALLOW_HOSTS: '127.0.0.1' }),
      launchBrowser(),
      startHostSite(),
    ]);
    token = await demoToken(server.url);
    bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, { name: 'Lead bot', language: 'en' });
    await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, { flow: leadFlow.onto(bot.flow) });
    page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2/webhook/marketplace');
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
    await new Promise((resolve) => slack.server.close(resolve));
  });

  it('installs the Slack template against the local receiver', async () => {
    await page.getByLabel('Search templates').fill('slack');
    await page.getByRole('button', { name: /^Slack/ }).click();
    await page.getByRole('dialog', { name: 'Slack' }).getByRole('link', { name: 'Install' }).click();
    await page.getByRole('heading', { name: 'Install Slack' }).waitFor();
    await page.getByLabel('Name').fill('Team channel');
    const port = (slack.server.address() as AddressInfo).port;
    await page.getByLabel('Webhook URL').fill(`http://127.0.0.1:${port}/services/T1/B1/t3amS3cret`);
    await page.getByRole('button', { name: 'Install webhook' }).click();
    await page
      .getByRole('dialog', { name: 'Test Team channel' })
      .getByRole('button', { name: 'Close' })
      .click();
  });

  it('uses it in the bot: the module’s panel shows what it was installed with and fills its message', async () => {
    await page.goto(`${server.url}/bots/list/${bot.id}/module/notify/settings`);
    const editor = page.locator('[data-module-editor="notify"]');
    await editor.getByRole('button', { name: 'Installed webhook' }).click();
    await editor.getByRole('combobox', { name: 'Webhook' }).getByText('Team channel').waitFor();
    const settings = editor.getByTestId('webhook-instance-settings');
    expect(await settings.textContent()).toContain('••••cret');
    await editor.getByText('Nothing: the template maps no variables.').waitFor();
    await replaceText(page, jinjaField(editor, 'Message'), 'New visitor on the site: *{{ name }}*');
    await builderSaved(page);
    await screenshot(page, 'webhooks-module-instance');
    await call(server.url, 'POST', `/api/bots/${bot.id}/publish`, token);
    const deployment = await call<Deployment>(server.url, 'POST', `/api/bots/${bot.id}/deployments`, token, {
      channel: 'webchat',
    });
    site.pages.set('/', shopPage(server.url, deployment.key));
  });

  it('chats in the widget: the bot tells Slack, signed, and goes on', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByText('What is your name?').waitFor();
    const input = chat.getByRole('textbox', { name: 'Write a message…' });
    await input.fill('Grace');
    await input.press('Enter');
    await chat.getByText('Thanks Grace, the team knows you are here.').waitFor();
    expect(slack.posts).toEqual(['{"text": "New visitor on the site: *Grace*"}']);
    await visitor.close();
  });

  it('finds the delivery in the log, and sends it again after asking', async () => {
    await page.goto(`${server.url}/webhook`);
    await page.getByRole('link', { name: 'Delivery log' }).click();
    await page.getByRole('heading', { name: 'Delivery log' }).waitFor();
    const row = page.getByTestId('delivery-row').filter({ hasText: 'Lead bot' });
    await row.getByText('200 · ').waitFor();
    await screenshot(page, 'webhooks-delivery-log');
    expect(await page.content()).not.toContain('t3amS3cret');

    await row.click();
    await page.getByRole('heading', { name: 'Delivery to Team channel' }).waitFor();
    const sent = await page.locator('pre[aria-label="Request sent"]').textContent();
    expect(sent).toContain('POST ••••');
    expect(sent).toContain('New visitor on the site: *Grace*');
    await screenshot(page, 'webhooks-delivery');

    await page.getByRole('button', { name: 'Send again' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this delivery again?' });
    await screenshot(page, 'webhooks-replay-confirm');
    await confirm.getByRole('button', { name: 'Send again' }).click();
    await page.getByText('Sent again: the receiver accepted it.').waitFor();
    await until(() => (slack.posts.length === 2 ? true : undefined));
    expect(slack.posts[1]).toBe(slack.posts[0]);
    // The replay's own page, which says what it replayed.
    await page.getByText('the original delivery').click();
    await page.getByRole('heading', { name: 'Replays' }).waitFor();
    await screenshot(page, 'webhooks-delivery-replayed');
    await page.goto(`${server.url}/webhook/deliveries?kind=replay`);
    await page.getByTestId('delivery-row').filter({ hasText: 'Replay' }).waitFor();
  });
});
