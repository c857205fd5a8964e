import type {
  AuthRecord,
  BotDetail,
  Deployment,
  StartConversationResponse,
  WebchatConfig,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox } from '../apps/server/test/mailbox';
import { accessibilityViolations } from './support/accessibility';
import { call } from './support/bots';
import { launchBrowser, screenshot, screenshotOf } from './support/browser';
import { until } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const password = 'correct horse battery';

/** Buying is a goal; the order thanks and goes back to the welcome. */
const shopFlow = flowFixture()
  .module(
    'start',
    'buttons',
    {
      text: 'Hi! What would you like?',
      buttons: [
        { id: 'buy', label: 'Book a room', action: { type: 'goto' } },
        { id: 'browse', label: 'Just looking', action: { type: 'goto' } },
      ],
    },
    { 'button:buy': 'bought', 'button:browse': 'browsing' },
    { name: 'Welcome' },
  )
  .module(
    'bought',
    'text',
    { text: 'Your room is booked!' },
    { next: 'start' },
    { name: 'Room booked', isGoal: true },
  )
  .module('browsing', 'text', { text: 'Take your time.' }, {}, { name: 'Looking around' });

/** Long addresses, as shops have them, for the Top pages table (queries are not kept). */
const longPages = [
  'https://hotel.example/rooms/deluxe-double-room-with-sea-view-and-private-balcony-breakfast-included',
  'https://hotel.example/offers/christmas-and-new-year-celebration-package-for-families-with-children',
  'https://hotel.example/',
];

describe('industry benchmarking: an owner sets the industry and sees the median', () => {
  let server: RunningServer;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let page: Page;
  let ownerBot: BotDetail;

  beforeAll(async () => {
    mailbox = await startMailbox();
    [server, browser] = await Promise.all([startServer({ SMTP_URL: mailbox.url }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  const confirmLink = async (email: string) => {
    const mail = await until(() => mailbox.mails.find((item) => item.to === email));
    const link = /(https?:\/\/\S+\/v2\/register\/confirm\?token=[\w-]+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no sign-up link mailed to ${email}`);
    return link;
  };

  /** A company signed up through the API (its industry chosen on the form), answering its token. */
  async function signUp(email: string, company: string, industry: string): Promise<string> {
    await call(server.url, 'POST', '/api/auth/register', undefined, {
      email,
      password,
      first_name: 'Pat',
      last_name: 'Peer',
      company_name: company,
      industry,
    });
    const token = new URL(await confirmLink(email)).searchParams.get('token');
    return (await call<AuthRecord>(server.url, 'POST', '/api/auth/register/confirm', undefined, { token }))
      .token;
  }

  /** Publishes the shop bot to web chat; `bought` of `chats` visitors book a room. */
  async function shop(token: string, bought: number, chats = 4): Promise<{ bot: BotDetail; key: string }> {
    const bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, {
      name: 'Rooms',
      language: 'en',
    });
    await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, {
      flow: shopFlow.onto(bot.flow),
    });
    await call(server.url, 'POST', `/api/bots/${bot.id}/publish`, token);
    const { key } = await call<Deployment>(server.url, 'POST', `/api/bots/${bot.id}/deployments`, token, {
      channel: 'webchat',
    });
    for (let index = 0; index < chats; index += 1) {
      const chat = await call<StartConversationResponse>(
        server.url,
        'POST',
        '/api/chat/conversations',
        undefined,
        {
          deploymentKey: key,
        },
      );
      const button = index < bought ? 'buy' : 'browse';
      await call(server.url, 'POST', `/api/chat/conversations/${chat.conversationId}/messages`, chat.token, {
        postback: `parley:button:start:${button}`,
        label: button,
      });
    }
    return { bot, key };
  }

  /** Page views as the widget reports them. */
  async function pageViews(key: string, urls: string[]) {
    const config = await call<WebchatConfig>(server.url, 'GET', `/api/chat/deployments/${key}/config`);
    const response = await fetch(`${server.url}${config.telemetry.endpointPath}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(
        urls.map((url, index) => ({
          name: 'Microsoft.ApplicationInsights.Pageview',
          time: new Date().toISOString(),
          iKey: config.telemetry.instrumentationKey,
          tags: { 'ai.session.id': `s${index}`, 'ai.user.id': `v${index}`, 'ai.cloud.role': 'webchat' },
          data: {
            baseType: 'PageviewData',
            baseData: {
              ver: 2,
              name: 'Hotel',
              url,
              properties: { 'Page Domain': new URL(url).hostname, 'Page URL': url, 'Deployment Key': key },
            },
          },
        })),
      ),
    });
    expect(response.status).toBe(200);
  }

  /** Reloads until `locator` shows (reports fold in new events within seconds). */
  async function reloadUntilVisible(locator: Locator) {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const shown = await locator
        .waitFor({ timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      if (shown) return;
      await page.reload();
    }
    await locator.waitFor({ timeout: 5000 });
  }

  it('signs up without an industry, sets it in company settings, and the KPI cards show the median', async () => {
    // The owner signs up in the browser and leaves the industry for later.
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`${server.url}/v2/register`);
    await page.getByLabel('First name').fill('Hana');
    await page.getByLabel('Last name').fill('Host');
    await page.getByLabel('Company name').fill('Seaside Inn');
    await page.getByRole('combobox', { name: 'Industry (optional)' }).click();
    await page.getByRole('option', { name: 'Choose later' }).click();
    await page.getByLabel('Work email').fill('hana@seaside.example');
    await page.getByLabel('Password').fill(password);
    await screenshot(page, 'register-industry');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.goto(await confirmLink('hana@seaside.example'));
    await page.getByRole('heading', { name: 'Hello, Hana' }).waitFor();

    // Four hotels signed up with their industry; with ours, five have conversations.
    for (const [index, bought] of [0, 1, 3, 4].entries()) {
      const token = await signUp(`hotel${index}@example.com`, `Hotel ${index}`, 'hospitality');
      await shop(token, bought);
    }
    const { token: ownerToken } = await call<AuthRecord>(server.url, 'POST', '/api/auth/login', undefined, {
      email: 'hana@seaside.example',
      password,
    });
    const own = await shop(ownerToken, 2);
    ownerBot = own.bot;
    await pageViews(own.key, longPages);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await page.getByRole('tab', { name: 'Business' }).click();
    await page.waitForURL(/\/v2\/reports\/business/);
    const goals = page.getByRole('group', { name: 'Goal completion rate', exact: true });
    await goals.getByText("Industry comparison appears once your company's industry is set.").waitFor();
    // Four conversations are too few to call the figures healthy.
    await reloadUntilVisible(
      page.getByText(/Too few conversations to judge these figures yet \(4 in this period; tips need 20\)/),
    );

    // The owner goes to the company settings from the navigation and picks the industry.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Company settings' })
      .click();
    await page.waitForURL(/\/v2\/company\/settings$/);
    await page.getByRole('heading', { name: 'Company settings', level: 1 }).waitFor();
    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Industry' }).click();
    await page.getByRole('option', { name: 'Hotels & restaurants' }).click();
    await save.click();
    await page.getByText('Company settings saved.').waitFor();
    await page.getByText(/compared with other companies in Hotels & restaurants/).waitFor();
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'company-settings');

    // The business report now compares with the four other hotels.
    await page.getByRole('link', { name: 'Open the business report' }).click();
    await page.waitForURL(/\/v2\/reports\/business/);
    await reloadUntilVisible(goals.getByText('Hotels & restaurants median: 50% (5 companies)'));
    expect(await goals.locator('[data-kpi-value]').textContent()).toBe('50%');
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'reports-business-industry');

    // The home page names the industry too.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.waitForURL(/\/v2$/);
    await page.getByText('Hotels & restaurants', { exact: true }).waitFor();
    // Five sign-ups, bots and their chats take a while on a busy machine.
  }, 240_000);

  it('shows long page names whole, wrapped between their parts, with the address in a tooltip', async () => {
    await page.goto(`${server.url}/v2/reports?botId=${ownerBot.id}`);
    const pages = page.getByRole('table', { name: 'Top pages' });
    const longest = pages.getByText(/^hotel\.example\/rooms\/deluxe-double-room/);
    await reloadUntilVisible(longest);
    const style = await longest.evaluate((element) => {
      const computed = getComputedStyle(element);
      return {
        wordBreak: computed.wordBreak,
        lines: Math.round(element.getBoundingClientRect().height / 20),
      };
    });
    expect(style.wordBreak).toBe('normal');
    expect(style.lines).toBeLessThanOrEqual(2);
    await longest.hover();
    await page
      .getByRole('tooltip')
      .getByText(longPages[0] as string)
      .waitFor();
    await screenshotOf(page.getByRole('region', { name: 'Top pages' }), 'reports-top-pages');
    await page.mouse.move(0, 0);
  }, 120_000);

  it('lists the return to the welcome as a step of the path after an order', async () => {
    await page.goto(`${server.url}/v2/reports/messages?botId=${ownerBot.id}`);
    await page.getByRole('combobox', { name: 'After' }).click();
    await page.getByRole('option', { name: 'Room booked' }).click();
    const paths = page.getByRole('table', { name: 'Paths after a module' });
    await paths.getByText('Welcome').waitFor();
    await page.getByRole('combobox', { name: 'After' }).click();
    await page.getByRole('option', { name: 'Welcome' }).click();
    await paths.getByText('Room booked → Welcome').waitFor();
    await paths.getByText('Looking around').waitFor();
    await screenshotOf(page.locator('#paths'), 'reports-paths');
  });

  it('gives the inbox date filters room for the whole date', async () => {
    await page.goto(`${server.url}/v2/inbox`);
    await page.getByRole('button', { name: 'Filters' }).click();
    const from = page.getByLabel('From');
    await from.fill('2026-11-01');
    await page.getByLabel('To', { exact: true }).fill('2026-11-24');
    await page.waitForURL(/from=2026-11-01/);
    // Wide enough for "mm/dd/yyyy" and the picker button (it was cut to "mm/dd/yy" at 130 px).
    const box = await from.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(140);
    await screenshotOf(page.getByRole('group', { name: 'Filters' }), 'inbox-date-filters');
  });
});
