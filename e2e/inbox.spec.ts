import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CurrentUser, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility';
import { call, type PublishedBot, publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/** A support bot: an order lookup (a webhook that works), a broken one, and a person. */
const supportFlow = (hookBase: string) =>
  flowFixture()
    .module(
      'start',
      'buttons',
      {
        text: 'Hi! **How can I help?**',
        buttons: [
          { id: 'order', label: 'Where is my order?', action: { type: 'goto' } },
          { id: 'broken', label: 'Check my refund', action: { type: 'goto' } },
          { id: 'person', label: 'Talk to a person', action: { type: 'goto' } },
        ],
      },
      { 'button:order': 'lookup', 'button:broken': 'refund', 'button:person': 'handoff' },
    )
    .module(
      'lookup',
      'webhook',
      { method: 'GET', url: `${hookBase}/orders/17`, responseVariable: 'order' },
      { success: 'status', failure: 'sorry' },
    )
    .module(
      'refund',
      'webhook',
      { method: 'GET', url: `${hookBase}/refunds/9`, responseVariable: 'refund' },
      { success: 'status', failure: 'sorry' },
    )
    .module('status', 'text', { text: 'Your order is **{{ order.status }}**.' }, { next: 'start' })
    .module('sorry', 'text', { text: 'Sorry, I could not look that up.' }, { next: 'start' })
    .module(
      'handoff',
      'handoff',
      { message: 'Connecting you with a person…', reason: 'Asked for a person' },
      { resume: 'back' },
    )
    .module('back', 'text', { text: 'The bot is back. Anything else?' }, { next: 'start' });

describe('the inbox: watching the bot, taking over, handing back', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  let hooks: Server;
  let support: PublishedBot;
  let companyId: string;

  beforeAll(async () => {
    hooks = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url?.startsWith('/orders/'))
        response.end(JSON.stringify({ status: 'shipped', carrier: 'UPS' }));
      else response.writeHead(500).end(JSON.stringify({ error: 'refund service down' }));
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const hookBase = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
    [server, browser, site] = await Promise.all([
      // The order service of this journey runs on this machine, which webhooks may not reach by default.
      startServer({ OUTGOING_ALLOW_HOSTS: '127.0.0.1' }),
      launchBrowser(),
      startHostSite(),
    ]);
    support = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Support bot',
      supportFlow(hookBase),
    );
    site.pages.set('/', shopPage(server.url, support.deployment.key));
    companyId = (await call<CurrentUser>(server.url, 'GET', '/api/frontend/user/me', support.token)).company
      .id;
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
    await new Promise((resolve) => hooks?.close(resolve));
  });

  const agentPage = async (
    email = 'owner@demo.parley.dev',
  ): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, email);
    await page.waitForURL(/\/v2$/);
    return { context, page };
  };

  /** A visitor's conversation through the public chat API, pressing the buttons given. */
  async function visitorPresses(...labels: string[]): Promise<string> {
    const started = await call<StartConversationResponse>(
      server.url,
      'POST',
      '/api/chat/conversations',
      undefined,
      {
        deploymentKey: support.deployment.key,
        user: { name: 'Wendy Webhook' },
      },
    );
    for (const label of labels) {
      const id = ['order', 'broken', 'person'][
        ['Where is my order?', 'Check my refund', 'Talk to a person'].indexOf(label)
      ];
      await call(
        server.url,
        'POST',
        `/api/chat/conversations/${started.conversationId}/messages`,
        started.token,
        {
          postback: `parley:button:start:${id}`,
          label,
        },
      );
    }
    return started.conversationId;
  }

  it('shows a handoff live; the agent takes over, replies, notes, and hands back to the bot', async () => {
    const { context: agentContext, page: agent } = await agentPage();
    await agent.getByRole('link', { name: 'Inbox', exact: true }).click();
    await agent.waitForURL(/\/v2\/inbox/);
    await agent.getByRole('combobox', { name: 'Bot' }).click();
    await agent.getByRole('option', { name: 'Support bot' }).click();
    await agent.waitForURL((url) => url.searchParams.get('botId') === support.bot.id);
    const list = agent.getByRole('list', { name: 'Conversations' });

    // The visitor, in another browser, asks for a person.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByRole('button', { name: 'Talk to a person' }).click();
    await chat.getByText('Connecting you with a person…').waitFor();

    // It appears in the agent's inbox without a reload, waiting, and counted.
    const row = list.locator('[data-status="waiting"]').first();
    await row.waitFor();
    await agent.getByRole('button', { name: 'Waiting · 1' }).waitFor();
    expect(await list.locator('[data-unread="true"]').count()).toBe(1);
    await screenshot(agent, 'inbox-waiting');

    await list.locator('[data-unread="true"]').click();
    const transcript = agent.getByRole('log', { name: 'Transcript' });
    await transcript.getByText('Handoff requested: Asked for a person').waitFor();
    await transcript.getByText('How can I help?').waitFor();
    expect(await transcript.locator('strong', { hasText: 'How can I help?' }).count()).toBe(1);
    // Reading it clears the unread marker.
    await expect.poll(() => list.locator('[data-unread="true"]').count()).toBe(0);
    const reply = agent.getByRole('textbox', { name: 'Reply to the user' });
    expect(await reply.isDisabled()).toBe(true);

    await agent.getByRole('button', { name: 'Take over' }).click();
    await transcript.getByText('Olivia Owner took over from the bot').waitFor();
    await agent.getByRole('button', { name: 'Return to bot' }).waitFor();
    await reply.fill('Hi, I am Olivia. Let me check that for you.');
    await reply.press('Enter');

    // The visitor sees the agent's reply live.
    await chat.getByText('Hi, I am Olivia. Let me check that for you.').waitFor();
    const input = chat.getByRole('textbox', { name: 'Write a message…' });
    await input.fill('Thank you!');
    await input.press('Enter');
    await transcript.getByText('Thank you!').waitFor();

    await agent.getByRole('tab', { name: 'Internal note' }).click();
    const note = agent.getByRole('textbox', { name: 'Internal note for the team' });
    await note.fill('Customer is polite; refund pending.');
    await agent.getByRole('button', { name: 'Add note' }).click();
    await transcript.getByText('Note by Olivia Owner').waitFor();
    await screenshot(agent, 'inbox-with-agent');
    // While the agent had control the bot said nothing after the visitor's message.
    const roles = await transcript
      .getByTestId('message')
      .evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('data-role')}:${node.textContent}`));
    expect(roles.at(-1)).toMatch(/^user:Thank you!/);
    expect(await chat.getByText('refund pending').count()).toBe(0);

    await agent.getByRole('button', { name: 'Return to bot' }).click();
    await transcript.getByText('Olivia Owner returned the conversation to the bot').waitFor();
    // The bot resumes where the handoff said, and the visitor sees it.
    await chat.getByText('The bot is back. Anything else?').waitFor();
    await transcript.getByText('The bot is back. Anything else?').waitFor();
    await agent.getByRole('button', { name: 'Take over' }).waitFor();
    await screenshot(visitor, 'inbox-visitor-after-handback');
    await screenshot(agent, 'inbox-returned-to-bot');
    await visitorContext.close();
    await agentContext.close();
  });

  it('patches a visitor message into open lists and the open transcript with one small request, and read marks clear live', async () => {
    const conversationId = await visitorPresses();
    const visitor = await call<StartConversationResponse>(
      server.url,
      'POST',
      '/api/chat/conversations',
      undefined,
      {
        deploymentKey: support.deployment.key,
        user: { name: 'Lima Shopper' },
      },
    );
    expect(conversationId).not.toBe(visitor.conversationId);
    const sayAsVisitor = (text: string) =>
      call(server.url, 'POST', `/api/chat/conversations/${visitor.conversationId}/messages`, visitor.token, {
        text,
      });
    const requestsOf = (page: Page) => {
      const made: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin !== server.url || !url.pathname.startsWith('/api/')) return;
        if (url.pathname === '/api/inbox/events') return;
        made.push(`${request.method()} ${url.pathname.replaceAll(visitor.conversationId, ':id')}`);
      });
      return made;
    };
    const listPath = `/v2/inbox?botId=${support.bot.id}`;
    // One agent watches the list only; the other will have the visitor's conversation open.
    const watcher = await agentPage();
    const watcherRequests = requestsOf(watcher.page);
    await watcher.page.goto(`${server.url}${listPath}`);
    const watcherRow = watcher.page.locator(`[data-conversation-id="${visitor.conversationId}"]`);
    await watcherRow.waitFor();
    const firstRow = () =>
      watcher.page
        .getByRole('list', { name: 'Conversations' })
        .locator('[data-conversation-id]')
        .first()
        .getAttribute('data-conversation-id');

    await sayAsVisitor('Do you ship to Lima?');
    await expect.poll(() => watcherRow.getAttribute('data-unread')).toBe('true');
    expect(await firstRow()).toBe(visitor.conversationId);

    const reader = await agentPage();
    const readerRequests = requestsOf(reader.page);
    await reader.page.goto(`${server.url}${listPath}&conversationId=${visitor.conversationId}`);
    const transcript = reader.page.getByRole('log', { name: 'Transcript' });
    await transcript.getByText('Do you ship to Lima?', { exact: true }).waitFor();
    // Opening it reads it: the watcher's list clears its unread mark without a request.
    await expect.poll(() => watcherRow.getAttribute('data-unread')).toBe('false');
    await reader.page.waitForTimeout(1_000);
    readerRequests.length = 0;
    watcherRequests.length = 0;

    await sayAsVisitor('And to Quito?');
    await transcript.getByText('And to Quito?', { exact: true }).waitFor();
    const readerRow = reader.page.locator(`[data-conversation-id="${visitor.conversationId}"]`);
    await expect.poll(() => readerRow.getAttribute('data-unread')).toBe('false');
    await expect.poll(() => watcherRow.getAttribute('data-unread')).toBe('false');
    await reader.page.waitForTimeout(1_000);
    expect(await firstRow()).toBe(visitor.conversationId);
    await screenshot(reader.page, 'inbox-live-transcript');
    await screenshot(watcher.page, 'inbox-live-list');
    // One request: the open transcript marked read, and the mark brought what it lacked.
    expect(readerRequests).toEqual(['POST /api/inbox/conversations/:id/read']);
    // The list alone is patched from the notices themselves.
    expect(watcherRequests).toEqual([]);
    await reader.context.close();
    await watcher.context.close();
  });

  it('shows each webhook result as a status line with its details; deep and old links restore the view', async () => {
    const conversationId = await visitorPresses('Where is my order?', 'Check my refund');
    const { context, page } = await agentPage();
    const deepLink = `/v2/inbox?companyId=${companyId}&botId=${support.bot.id}&conversationId=${conversationId}`;
    await page.goto(`${server.url}/inbox/${companyId}/${support.bot.id}/${conversationId}`);
    await page.waitForURL(`${server.url}${deepLink}`);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Bot' }).textContent())
      .toContain('Support bot');
    expect(await page.getByRole('textbox', { name: 'Company' }).inputValue()).toBe('Demo Co');
    await page.locator(`[data-conversation-id="${conversationId}"][aria-current="true"]`).waitFor();
    await page.getByRole('heading', { name: 'Wendy Webhook' }).waitFor();

    const ok = page.locator('[data-event="Webhook Result"][data-ok="true"]');
    const failed = page.locator('[data-event="Webhook Result"][data-ok="false"]');
    await ok.waitFor();
    expect(await ok.getByText(/^Webhook: 200 \(\d+ ms\)$/).count()).toBe(1);
    expect(await ok.getByLabel('Succeeded').count()).toBe(1);
    expect(await failed.getByText(/^Webhook: 500 \(\d+ ms\)$/).count()).toBe(1);
    expect(await failed.getByLabel('Failed').count()).toBe(1);
    await failed.getByRole('button').click();
    await failed.getByText(/GET http:\/\/127\.0\.0\.1:\d+\/refunds\/9/).waitFor();
    await failed.getByText('"error": "refund service down"').waitFor();
    await ok.getByRole('button').click();
    await ok.getByText('"carrier": "UPS"').waitFor();
    await screenshot(page, 'inbox-webhooks');
    expect(await accessibilityViolations(page, 'main', { bestPractice: false })).toEqual([]);
    // The bot's variables, in the details (beside the transcript on the widest screens).
    await page.getByRole('button', { name: 'Show or hide details' }).click();
    const details = page.getByRole('complementary', { name: 'Conversation details' });
    await details.getByText('order', { exact: true }).waitFor();
    await details.getByText('"carrier": "UPS"').waitFor();
    await screenshot(page, 'inbox-details');
    await page.keyboard.press('Escape');

    // The inbox remembers the company and bot it was on.
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(/\/v2$/);
    await navigation.getByRole('link', { name: 'Inbox', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('botId') === support.bot.id);
    await context.close();
  });

  it('shows a fallback icon for a channel it does not know', async () => {
    const { context, page } = await agentPage();
    await visitorPresses();
    // Conversations recorded by a channel integration this version does not know keep its name.
    await page.route('**/api/inbox?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.conversations[0].channel = 'carrier-pigeon';
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${server.url}/v2/inbox?botId=${support.bot.id}`);
    const unknown = page.getByRole('img', { name: 'Unknown channel (carrier-pigeon)' });
    await unknown.waitFor();
    expect(await unknown.getAttribute('data-channel')).toBe('unknown');
    expect(await page.locator('[data-channel="webchat"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('says Something went wrong with a retry, and not-found for a conversation that is not there', async () => {
    const conversationId = await visitorPresses();
    const { context, page } = await agentPage();
    let failures = 1;
    await page.route(`**/api/inbox/conversations/${conversationId}`, async (route) => {
      if (failures-- > 0) {
        await route.fulfill({
          status: 500,
          json: { error: { name: 'InternalException', message: 'Something broke' } },
        });
      } else await route.continue();
    });
    await page.goto(`${server.url}/v2/inbox?botId=${support.bot.id}&conversationId=${conversationId}`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await screenshot(page, 'inbox-something-went-wrong');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('log', { name: 'Transcript' }).getByText('How can I help?').waitFor();

    await page.goto(`${server.url}/v2/inbox?conversationId=00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Conversation not found' }).waitFor();
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL((url) => !url.searchParams.has('conversationId'));
    await context.close();
  });

  it('lets Parley staff pick any company, and only them', async () => {
    await visitorPresses();
    const { context, page } = await agentPage('staff@parley.dev');
    await page.goto(`${server.url}/v2/inbox`);
    await page.getByRole('heading', { name: 'Inbox', exact: true }).waitFor();
    const company = page.getByRole('combobox', { name: 'Company' });
    await company.click();
    await company.fill('Demo');
    await page.getByRole('option', { name: 'Demo Co' }).click();
    await page.waitForURL((url) => url.searchParams.get('companyId') === companyId);
    await page
      .getByRole('list', { name: 'Conversations' })
      .locator('[data-conversation-id]')
      .first()
      .waitFor();
    await page.getByRole('combobox', { name: 'Bot' }).click();
    await page.getByRole('option', { name: 'Support bot' }).waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'inbox-staff-company');
    await context.close();

    // A customer following the same link is told they may not: the unauthorized screen (spec §8).
    const customer = await agentPage('trial@demo.parley.dev');
    await customer.page.goto(`${server.url}/v2/inbox?companyId=${companyId}`);
    await customer.page
      .locator('[data-error-kind="unauthorized"]')
      .getByRole('heading', { name: "You can't see this page" })
      .waitFor();
    await customer.context.close();
  });
});
