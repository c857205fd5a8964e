import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../apps/server/test/fake-openai';
import { launchBrowser, screenshot } from './support/browser';
import { openSignedIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/** A model that stores the order number it is told, then answers. */
const model = fakeOpenAi({
  tokens: ['Order 4417', ' ships tomorrow.'],
  toolCalls: (body) => {
    const messages = body.messages as { role: string }[];
    return messages.some((message) => message.role === 'tool')
      ? undefined
      : [{ name: 'set_variable', arguments: '{"name":"order","value":"4417"}' }];
  },
});

describe('agents: create one, try it in the playground, read its trace, make an API key', () => {
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
    page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2/agents/manage');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => model.server.close(() => resolve()));
  });

  it('builds an order-status agent and shows what it did', async () => {
    await page.getByRole('button', { name: 'New agent' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Order status');
    await page.getByRole('textbox', { name: 'Goal' }).fill('Tell visitors where their order is');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/v2\/agents\/manage\/[\w-]+$/);
    await page
      .getByRole('textbox', { name: 'Instructions' })
      .fill('Greet {{ first_name }} and find the order.');
    await page.getByRole('checkbox', { name: /Set a conversation variable/ }).check();
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await expect.poll(() => page.getByText('Version 2 is saved.').count()).toBe(1);

    await page.getByRole('textbox', { name: 'Conversation variables' }).fill('first_name = Ada');
    await page.getByRole('textbox', { name: 'Message to the agent' }).fill('Where is order 4417?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Order 4417 ships tomorrow.').first().waitFor();
    await page.getByRole('button', { name: /Tool set_variable/ }).click();
    await page.getByText('"value": "4417"').first().waitFor();
    await screenshot(page, 'agents-detail-playground');

    await page.goto(`${server.url}/v2/agents/manage`);
    await page.getByRole('link', { name: 'Order status' }).waitFor();
    await screenshot(page, 'agents-manage');

    await page.getByRole('tab', { name: 'Admin' }).click();
    await page.getByRole('button', { name: 'New API key' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Order system');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(secret).toMatch(/^pak_/);
    await screenshot(page, 'agents-admin-key-once');
    await page.getByRole('button', { name: 'Done' }).click();
    const listed = await fetch(`${server.url}/agents-api/agents`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(listed.status).toBe(200);
    await screenshot(page, 'agents-admin');
  });
});
