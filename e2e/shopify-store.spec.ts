import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeShopify } from '../apps/server/test/fake-shopify';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, startHostSite } from './support/host-page';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const SHOP = 'parley-demo.myshopify.com';
const TOKEN = 'shpat_e2e_0123456789abcdef0123456789';
const TWELVE_HOURS = 43_200_000;

const shopper = flowFixture()
  .module(
    'start',
    'input',
    { prompt: 'What are you looking for?', variable: 'wanted', validator: { type: 'text' } },
    { next: 'search' },
  )
  .module(
    'search',
    'product_search',
    {
      words: '{{ wanted }}',
      maxResults: 3,
      intro: 'Here is what I found:',
      viewLabel: 'View product',
      cartLabel: 'Add to cart',
      inStock: 'In stock',
      soldOut: 'Sold out',
      noResultsMessage: 'Nothing like that.',
      failureMessage: 'The shop is not answering.',
    },
    { found: 'start', no_results: 'start', failure: 'start' },
  );

describe('store integration: a Shopify store', () => {
  const shopify = fakeShopify({ [SHOP]: { token: TOKEN, name: 'Parley Outdoor Co.' } });
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  beforeAll(async () => {
    const origin = await shopify.listen();
    [server, browser, site] = await Promise.all([
      startServer({ SHOPIFY_ADMIN_URL: `${origin}/{shop}`, OUTGOING_ALLOW_HOSTS: '127.0.0.1' }),
      launchBrowser(),
      startHostSite(),
    ]);
  });
  afterAll(async () => {
    await site?.close();
    await browser?.close();
    await server?.stop();
    await shopify.close();
  });

  it('keeps the store connection for 12 hours, asks again after, and a bot answers with a product carousel', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-28T09:00:00Z') });
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.goto(`${server.url}/v2/company/settings`);
    const domain = page.getByLabel('Store’s myshopify address');
    await domain.waitFor();
    await domain.fill(SHOP);
    await page.getByLabel('Admin API access token').fill(TOKEN);
    await page.getByRole('button', { name: 'Connect store' }).click();
    await page.getByText('Parley Outdoor Co.', { exact: true }).waitFor();
    const record = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify'))) ?? '{}');
    // Saved 12 hours ahead of the browser's (installed) clock.
    const now = await page.evaluate(() => Date.now());
    expect(record.domain).toBe(SHOP);
    expect(record.expiry - now).toBeGreaterThan(TWELVE_HOURS - 10_000);
    expect(record.expiry - now).toBeLessThanOrEqual(TWELVE_HOURS);
    await page.getByText('Parley Outdoor Co.', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'store-settings-connected');

    // Eleven hours on, the connection is still kept.
    await page.clock.fastForward(11 * 3_600_000);
    await page.reload();
    await page.getByText('Parley Outdoor Co.', { exact: true }).waitFor();

    // Past twelve hours, the app asks again before showing the store.
    await page.clock.fastForward(3_600_000 + 60_000);
    await page.reload();
    await page.getByText(/Confirm the connection to parley-demo\.myshopify\.com/).waitFor();
    expect(await page.getByText('Parley Outdoor Co.', { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('shopify'))).toBeNull();
    await screenshot(page, 'store-settings-ask-again');
    await page.getByRole('button', { name: 'Check the saved token' }).click();
    await page.getByText('Parley Outdoor Co.', { exact: true }).waitFor();

    // A bot with Product search answers in the widget with a carousel.
    const { deployment } = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Shop assistant',
      shopper,
    );
    site.pages.set(
      '/',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parley Outdoor</title></head><body style="font-family: sans-serif; margin: 40px"><h1>Parley Outdoor Co.</h1><p>Gear for every trail.</p>
<script src="${server.url}/webchat.js" data-deployment="${deployment.key}"></script></body></html>`,
    );
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByText('What are you looking for?').waitFor();
    const input = chat.getByRole('textbox').first();
    await input.fill('shoe');
    await input.press('Enter');
    await chat.getByText('Here is what I found:').waitFor();
    await chat.getByText('Trail Runner Shoe').waitFor();
    await chat.getByText('€89.00 – €99.00 · In stock').waitFor();
    await chat.getByText('€69.00 · Sold out').waitFor();
    const view = chat.getByRole('link', { name: 'View product' }).first();
    expect(await view.getAttribute('href')).toBe(`https://${SHOP}/products/trail-runner-shoe`);
    await visitor.waitForTimeout(300);
    await screenshot(visitor, 'store-widget-carousel');
  });
});
