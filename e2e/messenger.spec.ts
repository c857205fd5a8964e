import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeGraph } from '../apps/server/test/fake-graph';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const shop = flowFixture()
  .module(
    'start',
    'buttons',
    {
      text: 'Hi! How can I help?',
      buttons: [
        { id: 'order', label: 'Where is my order?', action: { type: 'goto' } },
        { id: 'person', label: 'Talk to a person', action: { type: 'goto' } },
      ],
    },
    { 'button:order': 'status', 'button:person': 'handoff' },
  )
  .module('status', 'text', { text: 'Your order is on its way.' }, { next: 'start' })
  .module(
    'handoff',
    'handoff',
    { message: 'Connecting you with a person…', reason: 'Asked for a person' },
    {},
  );

describe('Messenger: connect a Page, answer, hand over in the inbox', () => {
  const graph = fakeGraph();
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    const graphUrl = await graph.listen();
    [server, browser] = await Promise.all([
      startServer({ OUTGOING_ALLOW_HOSTS: '127.0.0.1', GRAPH_API_URL: graphUrl }),
      launchBrowser(),
    ]);
    // Meta posts to Parley's public address: the test server's.
    graph.deliverWith(async (delivery) => {
      const response = await fetch(`${server.url}${new URL(delivery.target).pathname}`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
      return response.status;
    });
    graph.handshakeWith(async (url) => {
      const target = new URL(url);
      const response = await fetch(`${server.url}${target.pathname}${target.search}`);
      return { status: response.status, body: await response.text() };
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await graph.close();
  });

  it('connects in the bot settings; a message reaches the bot, the answer reaches Messenger; an agent takes over', async () => {
    const { bot } = await publishWebchatBot(server.url, 'owner@demo.parley.dev', 'Messenger helper', shop);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings/messenger`);
    await page.getByRole('heading', { name: 'Messenger (Facebook Page)' }).waitFor();
    await page.getByLabel('Page id').fill(graph.page.id);
    await page.getByLabel('Page access token').fill(graph.page.accessToken);
    await page.getByLabel('App secret').fill(graph.page.appSecret);
    await page.getByLabel('Verify token').fill('acme-verify-2026');
    await screenshot(page, 'messenger-connect');
    await page.getByRole('button', { name: 'Connect Page' }).click();
    await page.getByText(/^Connected to Acme Outdoor since /).waitFor();
    expect(await page.content()).not.toContain(graph.page.accessToken);
    expect(await page.content()).not.toContain(graph.page.appSecret);
    const webhookUrl = `${server.url}/api/channels/messenger/deployments/`;
    await page.getByText(webhookUrl, { exact: false }).waitFor();

    // Meta's dashboard verifies the callback URL with the token shown, then people write.
    const callback = (await page.getByText(webhookUrl, { exact: false }).textContent()) ?? '';
    expect(await graph.subscribe(callback, 'acme-verify-2026')).toMatchObject({ verified: true });
    const ana = graph.addUser('Ana', 'Ruiz');
    expect(await graph.userSays(ana.psid, 'hello')).toBe(200);
    await expect.poll(() => graph.textsTo(ana.psid), { timeout: 10_000 }).toEqual(['Hi! How can I help?']);
    const replies = graph.messagesTo(ana.psid)[0]?.quick_replies as { title: string; payload: string }[];
    await graph.userTapsQuickReply(ana.psid, 'Talk to a person', replies[1]?.payload ?? '');
    await expect.poll(() => graph.textsTo(ana.psid).length, { timeout: 10_000 }).toBe(2);

    await page.reload();
    await page.getByText(/^Connected to Acme Outdoor since /).waitFor();
    await screenshot(page, 'messenger-connected');

    await page.goto(`${server.url}/v2/inbox?botId=${bot.id}`);
    const list = page.getByRole('list', { name: 'Conversations' });
    await list.getByText('Ana Ruiz').first().click();
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await transcript.getByText('Connecting you with a person…').waitFor();
    expect(await page.locator('[data-channel="messenger"]').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByRole('textbox', { name: 'Reply to the user' }).fill('Hi Ana, I am on it.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => graph.textsTo(ana.psid).at(-1), { timeout: 10_000 }).toBe('Hi Ana, I am on it.');
    await screenshot(page, 'messenger-inbox');
  }, 120_000);
});
