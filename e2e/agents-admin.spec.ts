import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { fakeOpenAi } from '../apps/server/test/fake-openai';
import { launchBrowser, screenshot } from './support/browser';
import { openSignedIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const model = fakeOpenAi({ tokens: ['Order 4417', ' ships tomorrow.'] });

describe('agents admin: a spending limit set in settings stops an agent, and admin sees it', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    const modelUrl = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
    [server, browser] = await Promise.all([
      startServer({ SEED_DEMO: '1', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: modelUrl }),
      launchBrowser(),
    ]);
    page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2/agents/settings');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => model.server.close(() => resolve()));
  });

  it('caps the company’s agents, sees the agent stop with a named step, and finds it in admin and the dashboard', async () => {
    await page.getByRole('spinbutton', { name: 'Tokens a month' }).fill('1');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    await screenshot(page, 'agents-settings');

    await page.goto(`${server.url}/v2/agents/manage`);
    await page.getByRole('button', { name: 'New agent' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Order status');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/v2\/agents\/manage\/[\w-]+$/);
    const send = async (text: string) => {
      await page.getByRole('textbox', { name: 'Message to the agent' }).fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
    };
    // The first turn spends tokens; the second finds the month's limit reached.
    await send('Where is order 4417?');
    await page.getByText('Order 4417 ships tomorrow.').first().waitFor();
    await send('And order 4418?');
    // The trace names the step (its title is in the run's step list, which may be folded).
    await page.getByText('Spending limit reached').first().waitFor({ state: 'attached' });
    await page
      .getByText(/reached their monthly spending limit/)
      .first()
      .waitFor({ state: 'attached' });

    await page.goto(`${server.url}/v2/agents/admin`);
    const perAgent = page.getByRole('table', { name: 'Usage per agent' });
    await perAgent.getByText('Order status').waitFor();
    await page.getByText(/Limit: 1 tokens/).waitFor();
    await page.getByText('changed the agent settings').first().waitFor();
    await screenshot(page, 'agents-admin-usage');

    await page.goto(`${server.url}/v2/agents`);
    await page.getByRole('combobox', { name: 'Turns counted' }).click();
    await page.getByRole('option', { name: 'Conversations and playground' }).click();
    await page
      .getByText(/reached their monthly spending limit/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Open trace' }).first().click();
    await page.getByRole('dialog').getByText('Spending limit reached').waitFor({ state: 'attached' });
    await screenshot(page, 'agents-dashboard');
  });
});
