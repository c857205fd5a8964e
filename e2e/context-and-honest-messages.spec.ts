import type { BotDetail, CurrentUser, Deployment, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoToken, type PublishedBot, publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { openSignedIn, signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const greeting = (text: string) => flowFixture().module('start', 'text', { text });

/** Every warning and error the page logs, and every script error it throws. */
function consoleOf(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      logged.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
  return logged;
}

describe('links keep their context, and messages say what really happened', () => {
  let server: RunningServer;
  let browser: Browser;
  let support: PublishedBot;
  let sales: PublishedBot;
  let demoCompanyId: string;
  let trialCompanyId: string;

  /** A visitor starts a conversation with the bot: it shows in the inbox. */
  const visit = async (bot: PublishedBot, name: string) =>
    (
      await call<StartConversationResponse>(server.url, 'POST', '/api/chat/conversations', undefined, {
        deploymentKey: bot.deployment.key,
        user: { name },
      })
    ).conversationId;
  const companyOf = async (email: string) =>
    (await call<CurrentUser>(server.url, 'GET', '/api/frontend/user/me', await demoToken(server.url, email)))
      .company.id;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    support = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Support desk',
      greeting('Support here.'),
    );
    sales = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Sales desk',
      greeting('Sales here.'),
    );
    [demoCompanyId, trialCompanyId] = await Promise.all([
      companyOf('owner@demo.parley.dev'),
      companyOf('trial@demo.parley.dev'),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const botSelector = (page: Page) => page.getByRole('combobox', { name: 'Bot' });

  it('opens a linked conversation of another bot with the selectors on its bot, and remembers it', async () => {
    const salesConversation = await visit(sales, 'Sam Sales');
    await visit(support, 'Sue Support');
    const page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2/inbox');
    // The person works on the support bot: the inbox remembers it.
    await botSelector(page).click();
    await page.getByRole('option', { name: 'Support desk' }).click();
    await page.waitForURL((url) => url.searchParams.get('botId') === support.bot.id);

    // A colleague's link names only a conversation, of the sales bot.
    await page.goto(`${server.url}/v2/inbox?conversationId=${salesConversation}`);
    await page.waitForURL((url) => url.searchParams.get('botId') === sales.bot.id);
    expect(new URL(page.url()).searchParams.get('conversationId')).toBe(salesConversation);
    await expect.poll(() => botSelector(page).textContent(), { timeout: 15_000 }).toContain('Sales desk');
    const list = page.getByRole('list', { name: 'Conversations' });
    await list.locator(`[data-conversation-id="${salesConversation}"][aria-current="true"]`).waitFor();
    await list.getByText('Sam Sales').waitFor();
    expect(await list.getByText('Sue Support').count()).toBe(0);
    await page.getByRole('heading', { name: 'Sam Sales' }).waitFor();
    await screenshot(page, 'inbox-followed-link');

    // Remembered: the inbox opens on the sales bot next time.
    await page.goto(`${server.url}/v2/inbox`);
    await page.waitForURL((url) => url.searchParams.get('botId') === sales.bot.id);
    await expect.poll(() => botSelector(page).textContent(), { timeout: 15_000 }).toContain('Sales desk');

    // Picking a conversation from "All bots" keeps "All bots": only links move the selectors.
    await botSelector(page).click();
    await page.getByRole('option', { name: 'All bots' }).click();
    await page.waitForURL((url) => !url.searchParams.has('botId'));
    await list.locator('[data-conversation-id]').filter({ hasText: 'Sue Support' }).first().click();
    await page.getByRole('heading', { name: 'Sue Support' }).waitFor();
    expect(new URL(page.url()).searchParams.has('botId')).toBe(false);
    await page.context().close();
  });

  it('takes Parley staff to the linked conversation’s company and bot', async () => {
    const salesConversation = await visit(sales, 'Stella Staffcase');
    const page = await openSignedIn(browser, server.url, 'staff@parley.dev', '/v2/inbox');
    await page.getByRole('heading', { name: 'Inbox', exact: true }).waitFor();
    await page.goto(`${server.url}/v2/inbox?conversationId=${salesConversation}`);
    await page.waitForURL(
      (url) =>
        url.searchParams.get('companyId') === demoCompanyId && url.searchParams.get('botId') === sales.bot.id,
    );
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Company' }).inputValue(), { timeout: 15_000 })
      .toBe('Demo Co');
    await expect.poll(() => botSelector(page).textContent(), { timeout: 15_000 }).toContain('Sales desk');
    await page.getByRole('heading', { name: 'Stella Staffcase' }).waitFor();
    await screenshot(page, 'inbox-staff-followed-link');
    await page.context().close();
  });

  it('shows the unauthorized screen for a report or inbox of a company the person may not see', async () => {
    const page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2');
    const logged = consoleOf(page);
    for (const path of ['/v2/reports', '/v2/reports/business', '/v2/reports/messages', '/v2/inbox']) {
      await page.goto(`${server.url}${path}?companyId=${trialCompanyId}`);
      const screen = page.locator('[data-error-kind="unauthorized"]');
      await screen.getByRole('heading', { name: "You can't see this page" }).waitFor();
      await screen.getByText(/Your account has no access to it/).waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      // Signed in already: the way out is home, not the sign-in page.
      expect(await screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/v2');
      if (path === '/v2/reports/business') await screenshot(page, 'report-other-company-unauthorized');
    }
    // The refused answers are the only errors: nothing else failed on the way.
    expect(logged.filter((line) => !line.includes('403 (Forbidden)'))).toEqual([]);

    // A report of a bot that is not there shows not-found.
    await page.goto(`${server.url}/v2/reports/business?botId=00000000-0000-4000-8000-000000000000`);
    await page
      .locator('[data-error-kind="not-found"]')
      .getByRole('heading', { name: 'Page not found' })
      .waitFor();

    // The refused company is not remembered: the reports open on the person's own again.
    await page.goto(`${server.url}/v2/reports`);
    await page.getByRole('heading', { name: 'Reports', exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('companyId')).toBeNull();
    await page.context().close();
  });

  it('says where a published version runs: nowhere yet, then on the bot’s web chat', async () => {
    const token = await demoToken(server.url);
    const bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, {
      name: 'Quiet bot',
      language: 'en',
    });
    const page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', `/bots/list/${bot.id}`);
    await page.getByRole('button', { name: 'Publish' }).click();
    const first = page.getByRole('dialog', { name: 'Version 1 published' });
    await first.getByText(/It runs nowhere yet: this bot has no web chat\./).waitFor();
    expect(await first.getByText(/now runs/).count()).toBe(0);
    await screenshot(page, 'publish-no-webchat');
    // The way to put it on a website is right there.
    await first.getByRole('link', { name: 'Add web chat' }).click();
    await page.waitForURL(`${server.url}/v2/lite/bots/${bot.id}/settings`);
    await page.getByRole('button', { name: 'Add web chat to a website' }).click();
    await page.getByText('Live on version 1').waitFor();
    const [web] = (
      await call<Deployment[]>(server.url, 'GET', `/api/bots/${bot.id}/deployments`, token)
    ).filter((deployment) => deployment.channel === 'webchat');

    await page.goto(`${server.url}/bots/list/${bot.id}`);
    await page.getByRole('button', { name: 'Publish' }).click();
    const second = page.getByRole('dialog', { name: 'Version 2 published' });
    await second.getByText("This version now runs on the bot's web chat:").waitFor();
    const listed = second.getByRole('list', { name: 'Where the bot runs' }).locator('[data-deployment]');
    expect(await listed.count()).toBe(1);
    expect(await listed.getAttribute('data-deployment')).toBe(web?.key);
    await listed.getByText(`Key ${web?.key}`, { exact: false }).waitFor();
    await screenshot(page, 'publish-on-webchat');
    await second.getByRole('button', { name: 'Close' }).click();
    await page.context().close();
  });

  it('logs nothing in the console on an old address or after registering two-factor', async () => {
    const conversationId = await visit(support, 'Leo Legacy');
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const logged = consoleOf(page);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });

    const qrRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/2fa/qr')) qrRequests.push(request.url());
    });
    await signIn(page, server.url, 'secure@demo.parley.dev');
    await page.waitForURL(/\/v2\/2fa-qr-token-register$/);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('6-digit code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('heading', { name: 'Hello, Sofia' }).waitFor();
    // Whatever the page still had under way when the session took over has answered by now.
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    expect(logged).toEqual([]);
    // The QR is asked for once: not again, without its token, as the session takes over.
    expect(qrRequests).toHaveLength(1);
    await page.context().close();

    const owner = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2');
    const ownerLog = consoleOf(owner);
    const me = await call<CurrentUser>(
      server.url,
      'GET',
      '/api/frontend/user/me',
      await demoToken(server.url),
    );
    await owner.goto(`${server.url}/inbox/${demoCompanyId}/${support.bot.id}/${conversationId}`);
    await owner.waitForURL(/\/v2\/inbox\?companyId=/);
    await owner.getByRole('heading', { name: 'Leo Legacy' }).waitFor();
    const old = [
      ['/inbox', /\/v2\/inbox/],
      ['/reports/kpi?range=last7', /\/v2\/reports\/business\?range=last7/],
      ['/reports/messages', /\/v2\/reports\/messages/],
      [`/profile/${me.id}`, new RegExp(`/v2/profile/${me.id}$`)],
      ['/', /\/v2$/],
    ] as const;
    for (const [path, landing] of old) {
      await owner.goto(`${server.url}${path}`);
      await owner.waitForURL(landing);
      await owner.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(ownerLog).toEqual([]);
    await owner.context().close();
  });
});
