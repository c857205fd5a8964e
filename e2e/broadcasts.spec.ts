import { flowFixture } from '@parley/flow/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishWebchatBot } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { openSignedIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const kettleFlow = flowFixture()
  .module(
    'start',
    'input',
    { prompt: 'What would you like us to tell you about?', variable: 'item', validator: { type: 'text' } },
    { next: 'noted' },
  )
  .module('noted', 'text', { text: 'Noted! We will write when it is back.' });

/** A MUI select: opens it by its label and picks an option. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('audiences and broadcasts', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;

  beforeAll(async () => {
    [server, browser, site] = await Promise.all([startServer(), launchBrowser(), startHostSite()]);
    const { deployment } = await publishWebchatBot(
      server.url,
      'owner@demo.parley.dev',
      'Kettle shop',
      kettleFlow,
    );
    site.pages.set('/', shopPage(server.url, deployment.key));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  it('builds an audience, sees its count, sends a broadcast and the open widget shows it', async () => {
    // A visitor asks for a kettle and leaves the chat open.
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Chat with us' });
    await chat.getByText('What would you like us to tell you about?').waitFor();
    const input = chat.getByRole('textbox', { name: 'Write a message…' });
    await input.fill('blue kettle');
    await input.press('Enter');
    await chat.getByText('Noted! We will write when it is back.').waitFor();

    // The shop builds the audience of people who asked for a kettle.
    const page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/filters/list');
    await page.getByRole('heading', { name: 'Audiences' }).waitFor();
    await page.getByLabel('Audience name').fill('Asked for kettles');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByLabel('Variable name').fill('item');
    await choose(page, 'Operator', 'contains');
    await page.getByLabel('Value').fill('kettle');
    await page.getByTestId('audience-count').filter({ hasText: /^1$/ }).waitFor();
    await page
      .getByRole('table', { name: 'Newest matching contacts' })
      .getByText('Anonymous visitor')
      .waitFor();
    await page.getByRole('button', { name: 'Save audience' }).click();
    await page.getByRole('list', { name: 'Saved audiences' }).getByText('Asked for kettles').waitFor();
    await screenshot(page, 'broadcasts-audience-builder');

    // …and sends it a broadcast.
    await page.goto(`${server.url}/broadcast`);
    await page.getByRole('button', { name: 'New broadcast' }).click();
    const composer = page.getByRole('region', { name: 'New broadcast' });
    await composer.getByLabel('Broadcast name').fill('Back in stock');
    await choose(page, 'Bot', 'Kettle shop');
    await choose(page, 'Audience', 'Asked for kettles');
    await composer.getByText('1 contact matches this audience now').waitFor();
    await composer
      .getByRole('textbox', { name: 'Message' })
      .fill('Good news: the **{{ item }}** is back in stock!');
    await screenshot(page, 'broadcasts-composer');
    await composer.getByRole('button', { name: 'Send now' }).click();

    // It arrives in the open widget, live.
    await chat.getByText(/is back in stock!/).waitFor();
    expect(await chat.locator('strong').filter({ hasText: 'blue kettle' }).count()).toBe(1);
    await screenshot(visitor, 'broadcasts-widget');

    // The results show it sent.
    const list = page.getByRole('table', { name: 'Broadcasts' });
    await list.getByText('Done').waitFor({ timeout: 15_000 });
    await list.getByRole('button', { name: 'Back in stock' }).click();
    const results = page.getByRole('region', { name: 'Results of Back in stock' });
    await results.getByText('Goals reached').waitFor();
    await screenshot(page, 'broadcasts-results');
  }, 120_000);
});
