import { readFileSync } from 'node:fs';
import type { StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility';
import { call, type PublishedBot, publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { openSignedIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/** Buying completes a goal worth $30; asking for help hands off. */
const shopFlow = flowFixture()
  .module(
    'start',
    'buttons',
    {
      text: 'Hi! What would you like?',
      buttons: [
        { id: 'buy', label: 'Buy a box', action: { type: 'goto' } },
        { id: 'help', label: 'Get help', action: { type: 'goto' } },
      ],
    },
    { 'button:buy': 'bought', 'button:help': 'person' },
    { name: 'Welcome' },
  )
  .module(
    'bought',
    'text',
    { text: 'Your box is on its way!' },
    {},
    { name: 'Order placed', isGoal: true, goalValue: 30 },
  )
  .module(
    'person',
    'handoff',
    { message: 'Connecting you…', reason: 'Asked for help' },
    {},
    { name: 'To a person' },
  );

describe('reports: what visitors and conversations really did', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  let shop: PublishedBot;

  beforeAll(async () => {
    [server, browser, site] = await Promise.all([startServer(), launchBrowser(), startHostSite()]);
    shop = await publishWebchatBot(server.url, 'owner@demo.parley.dev', 'Box shop', shopFlow);
    site.pages.set('/', shopPage(server.url, shop.deployment.key));
    site.pages.set('/boxes', shopPage(server.url, shop.deployment.key));

    // A visitor on the shop (localhost) opens the chat in the real widget and buys.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(site.url);
    // The widget reports the page view once its config is loaded (when the launcher shows).
    await visitor.getByRole('button', { name: 'Open chat' }).waitFor();
    await visitor.goto(`${site.url}/boxes`);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByRole('button', { name: 'Buy a box' }).click();
    await chat.getByText('Your box is on its way!').waitFor();
    // Another reads the same shop on a second domain (127.0.0.1) without opening the chat.
    const reader = await (await browser.newContext()).newPage();
    await reader.goto(site.url.replace('localhost', '127.0.0.1'));
    await reader.getByRole('button', { name: 'Open chat' }).waitFor();
    await reader.waitForTimeout(500);
    await Promise.all([visitor.context().close(), reader.context().close()]);
    // Two more conversations through the chat API: one asks for help, one says nothing.
    for (const press of ['help', null]) {
      const started = await call<StartConversationResponse>(
        server.url,
        'POST',
        '/api/chat/conversations',
        undefined,
        {
          deploymentKey: shop.deployment.key,
        },
      );
      if (press)
        await call(
          server.url,
          'POST',
          `/api/chat/conversations/${started.conversationId}/messages`,
          started.token,
          {
            postback: `parley:button:start:${press}`,
            label: 'Get help',
          },
        );
    }
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  /** Reloads until the tile shows `value` (reports fold in new events within seconds). */
  async function waitForTile(page: Page, label: string, value: string) {
    const tile = page.getByRole('group', { name: label, exact: true }).locator('[data-kpi-value]');
    for (let attempt = 0; attempt < 20; attempt += 1) {
      if ((await tile.textContent({ timeout: 10_000 }).catch(() => '')) === value) return;
      await page.waitForTimeout(1000);
      await page.reload();
    }
    expect(`${label}: ${await tile.textContent()}`).toBe(`${label}: ${value}`);
  }

  it('shows traffic by domain, follows range and comparison in the address, and exports CSV', async () => {
    const page = await openSignedIn(
      browser,
      server.url,
      'owner@demo.parley.dev',
      `/v2/reports?botId=${shop.bot.id}`,
    );
    await waitForTile(page, 'Page views', '3');
    await waitForTile(page, 'Conversations started', '3');
    expect(
      await page
        .getByRole('group', { name: 'Widget opens', exact: true })
        .locator('[data-kpi-value]')
        .textContent(),
    ).toBe('1');
    expect(
      await page
        .getByRole('group', { name: 'Unique visitors', exact: true })
        .locator('[data-kpi-value]')
        .textContent(),
    ).toBe('2');
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'reports-traffic');

    // The domain selector lists what the widget reported; choosing one narrows every figure.
    await page.getByRole('combobox', { name: 'Domain' }).click();
    await page.getByRole('option', { name: '127.0.0.1' }).waitFor();
    await page.getByRole('option', { name: 'localhost' }).click();
    await page.waitForURL(/domain=localhost/);
    await waitForTile(page, 'Page views', '2');
    const pages = page.getByRole('table', { name: 'Top pages' });
    await pages.getByText(/localhost:\d+\/boxes/).waitFor();
    expect(await pages.getByText('127.0.0.1').count()).toBe(0);

    // CSV export of the top pages, as shown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: 'Top pages' })
        .getByRole('button', { name: 'Export this table as CSV' })
        .click(),
    ]);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(download.suggestedFilename()).toMatch(
      /^parley-traffic-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-pages\.csv$/,
    );
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Domain,URL,Page views');
    expect(csv).toMatch(/localhost,http:\/\/localhost:\d+\/boxes,1/);

    // Range and comparison live in the address.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await page.waitForURL(/range=last7/);
    await page.getByRole('switch', { name: 'Compare with previous period' }).click();
    await page.waitForURL(/compare=true/);
    await page.getByRole('group', { name: 'Page views', exact: true }).getByText('New this period').waitFor();
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Custom range' }).click();
    await page.getByLabel('From').fill('2026-01-01');
    await page.waitForURL(/from=2026-01-01/);
    expect(page.url()).toContain('domain=localhost');
    await page.reload();
    expect(await page.getByLabel('From').inputValue()).toBe('2026-01-01');
    expect(await page.getByRole('switch', { name: 'Compare with previous period' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('shows the business KPIs, revenue and a funnel built from the bot’s modules', async () => {
    const page = await openSignedIn(
      browser,
      server.url,
      'owner@demo.parley.dev',
      `/reports/kpi?botId=${shop.bot.id}`,
    );
    await page.waitForURL(/\/v2\/reports\/business\?botId=/);
    await waitForTile(page, 'Goal completion rate', '33.3%');
    await page
      .getByRole('group', { name: 'Handover rate', exact: true })
      .getByText('1 of 3 conversations')
      .waitFor();
    expect(await page.locator('[data-revenue-total]').textContent()).toBe('$30.00');
    await page.getByRole('region', { name: 'Revenue impact' }).getByText('Order placed').waitFor();
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'reports-business');

    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.waitForURL(/\/v2\/reports\/messages\?botId=/);
    const buttons = page.getByRole('table', { name: 'Buttons clicked' });
    await buttons.getByRole('cell', { name: 'Buy a box' }).waitFor();
    const steps = page.getByRole('combobox', { name: 'Funnel steps' });
    await steps.click();
    await page.getByRole('option', { name: 'Welcome' }).click();
    await steps.click();
    await page.getByRole('option', { name: 'Order placed' }).click();
    const funnel = page.getByRole('list', { name: 'Funnel' });
    await funnel.getByText('3 conversations').waitFor();
    await funnel.getByText(/1 conversation · 66.7% dropped off/).waitFor();
    await page.getByRole('combobox', { name: 'After' }).click();
    await page.getByRole('option', { name: 'Welcome' }).click();
    await page.getByRole('table', { name: 'Paths after a module' }).getByText('Stopped here').waitFor();
    expect(await accessibilityViolations(page, 'main')).toEqual([]);
    await screenshot(page, 'reports-messages');
    await page.context().close();
  });
});
