import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

describe('the server as a person first meets it', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the web app, which shows the server is healthy and links to the API reference', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await browser.newPage({ viewport });
      await page.goto(server.url);
      await page.getByText('All systems running').waitFor();
      expect(await page.getByRole('heading', { name: 'Parley' }).isVisible()).toBe(true);
      await screenshot(page, `status-page-${viewport.width}`);
      await page.close();
    }
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Open the API reference' }).click();
    await page.waitForURL(/\/api\/docs/);
    await page.getByText('Parley API').first().waitFor();
    await screenshot(page, 'api-docs');
    await page.close();
  });

  it('serves the app for deep links, and a JSON 404 for unknown API routes', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/v2/some/deep/link`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Parley');
    const api = await fetch(`${server.url}/api/unknown`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.name).toBe('NotFoundException');
    await page.close();
  });
});
