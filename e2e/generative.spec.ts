import type { AddressInfo } from 'node:net';
import type { BotDetail, Deployment } from '@parley/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citingFirstSource, fakeOpenAi } from '../apps/server/test/fake-openai';
import { call, demoToken } from './support/bots';
import { launchBrowser, screenshot, screenshotOf } from './support/browser';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const priceList = [
  'SKU,Product,Price,Category',
  'SKU-1042,Red running shoes,59.90,Shoes',
  'SKU-2001,Blue rain jacket,89.00,Jackets',
  'SKU-3001,Wool socks,12.00,Socks',
].join('\n');

describe('generative answers from a price list', () => {
  const model = fakeOpenAi({ tokens: citingFirstSource });
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  beforeAll(async () => {
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    const modelUrl = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
    [server, browser, site] = await Promise.all([
      startServer({
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: modelUrl,
        OPENAI_EMBEDDINGS_MODEL: 'text-embedding-test',
      }),
      launchBrowser(),
      startHostSite(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
    await new Promise<void>((resolve) => model.server.close(() => resolve()));
  });

  it('uploads a CSV, sees it embedded, turns generative answers on, cites the row in the test panel and in the widget', async () => {
    const token = await demoToken(server.url);
    const bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, {
      name: 'Outfitter',
      language: 'en',
    });
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1100 } })).newPage();
    await signIn(page, server.url, 'owner@demo.parley.dev');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings/knowledge`);
    await page.getByLabel('Upload CSV').setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(priceList),
    });
    const prices = page.getByRole('listitem', { name: 'prices' });
    await prices.getByText('Ready', { exact: true }).waitFor({ timeout: 60_000 });
    // The rows are embedded in the background; the tab follows it to ready.
    await page
      .getByText('Full-text and semantic search are on (embeddings by text-embedding-test).')
      .waitFor();
    await prices.getByText('Semantic search ready', { exact: true }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'knowledge-semantic');

    await page.getByRole('tab', { name: 'Generative answers' }).click();
    await page.getByRole('heading', { name: 'Generative answers' }).waitFor();
    await page.getByLabel('Answer from knowledge when the bot does not understand').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Generative answers saved.', { exact: false }).waitFor();
    await page.getByText('Publish the bot to use them on your website.', { exact: false }).waitFor();

    await page.getByLabel('Question').fill('How much is SKU-2001?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const answer = page.getByTestId('generative-answer');
    await answer.getByText('Blue rain jacket', { exact: false }).waitFor();
    await answer
      .getByRole('list', { name: 'Citations' })
      .getByText('prices · #2 · SKU: SKU-2001', { exact: false })
      .waitFor();
    await page.getByText(/searched by words and meaning/).waitFor();
    const retrieved = page.getByRole('table', { name: 'Retrieved rows' });
    expect(await retrieved.getByText('Sent', { exact: true }).count()).toBeGreaterThanOrEqual(1);
    // Ranked as retrieval decides, and every column (the last: why it was sent or not) in the card.
    const ranks = await retrieved.locator('tbody tr td:first-child p').allTextContents();
    expect(ranks).toEqual(ranks.map((_, index) => String(index + 1)));
    const card = page.locator('.MuiCard-root', { has: retrieved });
    const [table, frame] = await Promise.all([retrieved.boundingBox(), card.boundingBox()]);
    expect((table?.x ?? 0) + (table?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
    await screenshotOf(card, 'generative-try-a-question');
    await page.getByRole('button', { name: 'Prompt sent to the model' }).click();
    await page.getByText('[1] prices, row 2: SKU: SKU-2001', { exact: false }).waitFor();
    await screenshot(page, 'generative-tab');

    await call(server.url, 'POST', `/api/bots/${bot.id}/publish`, token);
    const deployment = await call<Deployment>(server.url, 'POST', `/api/bots/${bot.id}/deployments`, token, {
      channel: 'webchat',
    });
    site.pages.set('/', shopPage(server.url, deployment.key));
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const chat = visitor.getByRole('dialog', { name: 'Chat with us' });
    const box = chat.getByRole('textbox', { name: 'Write a message…' });
    await box.fill('How much is SKU-2001?');
    await box.press('Enter');
    await chat.getByText('Blue rain jacket', { exact: false }).first().waitFor();
    await screenshot(visitor, 'generative-widget');
    await chat.getByText('prices · #2 · SKU: SKU-2001', { exact: false }).waitFor();

    // The inbox shows the answer's citations and the sources retrieval found.
    await page.goto(`${server.url}/v2/inbox?botId=${bot.id}`);
    await page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first().click();
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await transcript
      .getByRole('list', { name: 'Sources' })
      .getByText('prices · #2', { exact: false })
      .waitFor();
    await transcript.getByText('Answered from knowledge', { exact: false }).click();
    await transcript.getByText('Retrieved sources').waitFor();
    await screenshot(page, 'generative-inbox');
  });
});
