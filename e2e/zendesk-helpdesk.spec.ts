import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeZendesk } from '../apps/server/test/fake-zendesk';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, startHostSite } from './support/host-page';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const TOKEN = 'E2eZendeskApiToken0123456789abcdef';

const support = flowFixture()
  .module(
    'start',
    'input',
    { prompt: 'What is your order number?', variable: 'order', validator: { type: 'text' } },
    { next: 'handoff' },
  )
  .module(
    'handoff',
    'handoff',
    { message: 'Connecting you with our team…', reason: 'Order problem', priority: 'urgent' },
    { resume: 'back' },
  )
  .module('back', 'text', { text: 'The bot is back. Anything else?' });

/** Polls `check` until it answers something (the server works in jobs, after the turn). */
async function until<T>(check: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('helpdesk connector: Zendesk Support', () => {
  const zendesk = fakeZendesk({
    acme: { agents: [{ name: 'Zoe Agent', email: 'zoe@acme.test', token: TOKEN }] },
  });
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  beforeAll(async () => {
    const origin = await zendesk.listen();
    [server, browser, site] = await Promise.all([
      startServer({ ZENDESK_API_URL: `${origin}/{subdomain}`, OUTGOING_ALLOW_HOSTS: '127.0.0.1' }),
      launchBrowser(),
      startHostSite(),
    ]);
  });
  afterAll(async () => {
    await site?.close();
    await browser?.close();
    await server?.stop();
    await zendesk.close();
  });

  it('connects Zendesk, opens a ticket on handoff, brings the agent’s reply to the widget, and solving returns to the bot', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.goto(`${server.url}/v2/company/settings`);
    await page.getByLabel('Zendesk subdomain').fill('acme');
    await page.getByLabel('Agent’s email').fill('zoe@acme.test');
    await page.getByLabel('API token', { exact: true }).fill(TOKEN);
    await page.getByRole('button', { name: 'Connect Zendesk' }).click();
    await page.getByText('acme on Zendesk').waitFor();
    // The webhook Zendesk is to call, and its signing secret kept.
    zendesk.webhook.target = await page.getByLabel('Webhook address').inputValue();
    expect(zendesk.webhook.target).toMatch(/\/api\/channels\/zendesk\/companies\/[0-9a-f-]{36}\/webhook$/);
    await page.getByLabel('Webhook signing secret').fill(zendesk.webhook.secret);
    await page.getByRole('button', { name: 'Save secret' }).click();
    await page.getByText(/Signing secret kept/).waitFor();
    await page.getByText('acme on Zendesk').scrollIntoViewIfNeeded();
    await screenshot(page, 'helpdesk-settings-connected');

    const { deployment } = await publishWebchatBot(server.url, 'owner@demo.parley.dev', 'Support', support);
    site.pages.set(
      '/',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme</title></head><body style="font-family: sans-serif; margin: 40px"><h1>Acme Outdoor</h1>
<script src="${server.url}/webchat.js" data-deployment="${deployment.key}"></script></body></html>`,
    );
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByText('What is your order number?').waitFor();
    const input = chat.getByRole('textbox').first();
    await input.fill('#4242');
    await input.press('Enter');
    await chat.getByText('Connecting you with our team…').waitFor();

    // The ticket appears in Zendesk with the transcript as an internal note.
    const ticket = await until(() => zendesk.tickets('acme')[0]);
    expect(ticket).toMatchObject({ priority: 'urgent', subject: 'Order problem (Support)' });
    expect(ticket.comments[0]?.public).toBe(false);
    expect(ticket.comments[0]?.body).toMatch(/Visitor: #4242/);

    // The ticket's number and link show in the inbox conversation.
    const conversationId = ticket.external_id?.split(':')[1] ?? '';
    await page.goto(`${server.url}/v2/inbox?conversationId=${conversationId}`);
    const link = page.getByTestId('helpdesk-ticket-link');
    await link.waitFor();
    expect(await link.textContent()).toBe(`#${ticket.id}`);
    await screenshot(page, 'helpdesk-inbox-ticket');

    // The agent answers in Zendesk: the reply reaches the widget.
    expect(await zendesk.agentComments(ticket.id, 'Hi, this is Zoe. Your parcel ships today.')).toBe(200);
    await chat.getByText('Hi, this is Zoe. Your parcel ships today.').waitFor();
    await screenshot(visitor, 'helpdesk-widget-agent-reply');

    // Solving the ticket gives the conversation back to the bot.
    expect(await zendesk.solve(ticket.id)).toBe(200);
    await chat.getByText('The bot is back. Anything else?').waitFor();
    expect(await chat.getByText('Hi, this is Zoe. Your parcel ships today.').count()).toBe(1);
  });
});
