import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { openSignedIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/** Slack's incoming webhook, as a local receiver: posts are kept, answered `ok`. */
function fakeSlack() {
  const posts: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    posts.push({ path: request.url ?? '', headers: request.headers, body });
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('ok');
  });
  return { server, posts };
}

describe('the webhook marketplace: install Slack and test it with a sample conversation', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const slack = fakeSlack();
  let slackUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => slack.server.listen(0, '127.0.0.1', resolve));
    slackUrl = `http://127.0.0.1:${(slack.server.address() as AddressInfo).port}/services/T000/B000/s3cretPart`;
    [server, browser] = await Promise.all([
      startServer({ SEED_DEMO: '1', OUTGOING_ALLOW_HOSTS: '127.0.0.1' }),
      launchBrowser(),
    ]);
    page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2/webhook/marketplace');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => slack.server.close(resolve));
  });

  it('finds Slack in the catalogue and reads what it needs', async () => {
    await page.getByRole('heading', { name: 'Webhook marketplace' }).waitFor();
    await page.getByRole('button', { name: /^HubSpot contact/ }).waitFor();
    await screenshot(page, 'webhooks-marketplace');
    await page.getByRole('button', { name: /^Messaging/ }).click();
    await page.getByRole('button', { name: /^HubSpot contact/ }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Microsoft Teams/ }).waitFor();
    await page.getByLabel('Search templates').fill('slack');
    await page.getByRole('button', { name: /^Slack/ }).click();
    const detail = page.getByRole('dialog', { name: 'Slack' });
    await detail.getByText('Example request').waitFor();
    expect(await detail.locator('pre').textContent()).toContain('POST https://hooks.slack.com/services/');
    await screenshot(page, 'webhooks-template-detail');
    await detail.getByRole('link', { name: 'Install' }).click();
  });

  it('installs it with its secret address, then tests it: signed, delivered, the secret masked', async () => {
    await page.getByRole('heading', { name: 'Install Slack' }).waitFor();
    await page.getByLabel('Name').fill('Sales channel');
    await page.getByLabel('Webhook URL').fill(slackUrl);
    await screenshot(page, 'webhooks-install');
    await page.getByRole('button', { name: 'Install webhook' }).click();

    const dialog = page.getByRole('dialog', { name: 'Test Sales channel' });
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await dialog.getByText('Status 200 in').waitFor();
    expect(slack.posts).toHaveLength(1);
    expect(JSON.parse(slack.posts[0]?.body ?? '')).toEqual({
      text: 'New lead from the bot: *Ada Lovelace* (ada@example.com)',
    });
    expect(slack.posts[0]?.headers['x-parley-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const sent = await dialog.locator('pre[aria-label="Sent (secrets masked)"]').textContent();
    expect(sent).toContain('POST ••••');
    expect(sent).not.toContain('s3cretPart');
    await screenshot(page, 'webhooks-test-result');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByText('100% of 1 delivery succeeded').waitFor();
    expect(await page.content()).not.toContain('s3cretPart');
    await screenshot(page, 'webhooks-instances');
  });

  it('serves the previous app’s addresses: the list, installing, editing a template', async () => {
    await page.goto(`${server.url}/webhook/edit/template/new`);
    await page.getByRole('heading', { name: 'New webhook template' }).waitFor();
    await screenshot(page, 'webhooks-template-editor');
  });
});
