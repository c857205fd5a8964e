import type { BotDetail } from '@parley/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { call, demoToken } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/** A price list long enough that its processing can be watched. */
function priceList(rows: number): string {
  const lines = ['SKU,Product,Price,Category,Added'];
  for (let index = 1; index <= rows; index++) {
    const kind = ['Shoes', 'Jackets', 'Socks', 'Hats'][index % 4];
    lines.push(
      `SKU-${1000 + index},${kind} model ${index},${(index % 200) + 0.99},${kind},2026-01-${String((index % 28) + 1).padStart(2, '0')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('bot settings: knowledge', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads a CSV, shows its processing until it is ready, and previews its rows and columns', async () => {
    const token = await demoToken(server.url);
    const bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, {
      name: 'Shop assistant',
      language: 'en',
    });
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings`);
    await page.getByRole('tab', { name: 'Knowledge' }).click();
    await page.getByRole('heading', { name: 'Knowledge' }).waitFor();
    await page.getByText('Nothing yet.', { exact: false }).waitFor();
    await page.getByText(/Semantic search is off: no embeddings model is configured/).waitFor();

    const input = page.getByLabel('Upload CSV');
    await input.setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(priceList(20_000)),
    });
    const dataset = page.getByRole('listitem', { name: 'prices' });
    await dataset
      .getByText(/Uploaded|Processing|Ready/)
      .first()
      .waitFor();
    await screenshot(page, 'knowledge-processing');
    await dataset.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    await dataset.getByText(/20,?000 rows/).waitFor();

    await dataset.getByRole('button', { name: 'Preview' }).click();
    const table = page.getByRole('table', { name: 'First rows of prices' });
    await table.getByRole('cell', { name: 'SKU-1001' }).waitFor();
    await table.getByText('Number').waitFor();
    await table.getByText('Date').waitFor();
    await screenshot(page, 'knowledge-preview');
    await dataset.getByRole('button', { name: 'Hide preview' }).click();

    // A Markdown document: chunked under its headings, previewed, then the store published.
    await page.getByLabel('Upload document').setInputFiles({
      name: 'returns.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        '# Returns\n\nYou can return any item within 30 days of delivery.\n\n## Refunds\n\nRefunds reach your card within five working days.\n\n# Shipping\n\nOrders ship every weekday.\n',
      ),
    });
    const returns = page.getByRole('listitem', { name: 'returns' });
    await returns.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    await returns.getByText(/3 passages/).waitFor();
    await returns.getByRole('button', { name: 'Preview' }).click();
    await page
      .getByRole('list', { name: 'First passages of returns' })
      .getByText('Returns › Refunds')
      .waitFor();
    await screenshot(page, 'knowledge-document');
    const store = page.getByRole('alert', { name: 'Published knowledge' });
    await store.getByRole('button', { name: 'Publish knowledge' }).click();
    await store.getByText(/The published bot answers from this knowledge, published/).waitFor();
    await screenshot(page, 'knowledge-published');

    // Questions and answers written in: one passage each, under its question.
    await page.getByRole('button', { name: 'Add Q&A' }).click();
    const dialog = page.getByRole('dialog', { name: 'Questions and answers' });
    await dialog.getByLabel('Name').fill('FAQ');
    await dialog.getByLabel('Question 1').fill('Do you ship to the Canary Islands?');
    await dialog.getByLabel('Answer 1').fill('Yes, in four to six days.');
    await screenshot(page, 'knowledge-qa');
    await dialog.getByRole('button', { name: 'Save 1 pair' }).click();
    const faq = page.getByRole('listitem', { name: 'FAQ' });
    await faq.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
    await faq.getByText(/Questions and answers · .* · 1 passage/).waitFor();
  });
});
