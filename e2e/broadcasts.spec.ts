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
    const visitor = await (
      await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' })
    ).newPage();
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
    // The widget recorded the visitor's country (the region of the browser's en-US).
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Field' }).last().click();
    await page.getByRole('option', { name: 'Country', exact: true }).click();
    await page.getByLabel('Country codes').fill('FR');
    await page.getByTestId('audience-count').filter({ hasText: /^0$/ }).waitFor();
    await page.getByLabel('Country codes').fill('US, FR');
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

    // The results show it sent, and opened: the chat was open when it arrived.
    const list = page.getByRole('table', { name: 'Broadcasts' });
    await list.getByText('Done').waitFor({ timeout: 15_000 });
    const figure = (label: string) =>
      page
        .getByRole('region', { name: 'Results of Back in stock' })
        .getByText(label, { exact: true })
        .locator('xpath=..');
    const openedShown = async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        await page.reload();
        await page
          .getByRole('table', { name: 'Broadcasts' })
          .getByRole('button', { name: 'Back in stock' })
          .click();
        if ((await figure('Opened').textContent())?.startsWith('1')) return true;
        await page.waitForTimeout(500);
      }
      return false;
    };
    expect(await openedShown()).toBe(true);
    await screenshot(page, 'broadcasts-results');

    // The visitor unsubscribes with the message's button: asked first, then never sent another.
    const unsubscribe = chat.getByRole('link', { name: 'Unsubscribe' });
    const href = (await unsubscribe.getAttribute('href')) ?? '';
    expect(href).toContain('/v2/unsubscribe?token=');
    const confirm = await (await browser.newContext()).newPage();
    await confirm.goto(href);
    await confirm.getByRole('heading', { name: 'Stop these messages?' }).waitFor();
    await screenshot(confirm, 'broadcasts-unsubscribe');
    await confirm.getByRole('button', { name: 'Unsubscribe' }).click();
    await confirm.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page.reload();
    await page
      .getByRole('table', { name: 'Broadcasts' })
      .getByRole('button', { name: 'Back in stock' })
      .click();
    expect(await figure('Opted out').textContent()).toMatch(/^1/);
  }, 120_000);
});
