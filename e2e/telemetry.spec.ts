import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { DEMO_PASSWORD } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/**
 * Telemetry is off on localhost and IP addresses, so Chromium maps a real-looking host name to
 * this machine; the Application Insights SDK then posts its batches to our own /telemetry.
 */
describe('telemetry from the web app', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(),
      launchBrowser(['--host-resolver-rules=MAP parley.test 127.0.0.1']),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reports page views with the user and company to the collector, which stores them', async () => {
    const port = new URL(server.url).port;
    // The app's CSP would block a call to another host before it shows as a request: bypassed here,
    // every request the page's code makes is seen, workers included, and all must stay home (§7).
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    await page.goto(`http://parley.test:${port}/v2/login`);
    await page.getByLabel('Email').fill('owner@demo.parley.dev');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Hello, Olivia' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(/\/v2\/sections\//);
    // The SDK sends a batch at most 15 s after the first item (spec §9).
    const batch = await page.waitForResponse(
      (response) => response.url().endsWith('/telemetry') && response.request().method() === 'POST',
      { timeout: 30_000 },
    );
    expect(batch.status()).toBe(200);
    expect(((await batch.json()) as { itemsAccepted: number }).itemsAccepted).toBeGreaterThan(0);
    // The telemetry SDK would fetch its settings from the vendor's CDN by default; nothing may
    // leave for another host, not even a request that fails offline.
    await page.waitForTimeout(1_000);
    const elsewhere = requested.filter((url) => {
      const { protocol, host } = new URL(url);
      return (protocol === 'http:' || protocol === 'https:') && host !== `parley.test:${port}`;
    });
    expect(elsewhere).toEqual([]);
    expect(requested.some((url) => url === `http://parley.test:${port}/telemetry`)).toBe(true);
    await context.close();

    await server.kill();
    const db = await PGlite.create({ dataDir: join(server.dataDir, 'pg') });
    try {
      const { rows } = await db.query<{
        name: string;
        company_id: string | null;
        properties: Record<string, string>;
      }>(
        `select name, company_id, properties from telemetry_events where base_type = 'PageviewData' order by occurred_at`,
      );
      expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['/v2/login']));
      const signedIn = rows.find((row) => row.name.startsWith('/v2/sections/'));
      expect(signedIn?.company_id).toBeTruthy();
      expect(signedIn?.properties).toMatchObject({ role: 'owner', status: 'active', user_type: 'customer' });
      expect(signedIn?.properties.permissions).toContain('bots:manage');
    } finally {
      await db.close();
    }
  });

  it('stays off on localhost: nothing is sent', async () => {
    const fresh = await startServer();
    try {
      const page = await browser.newPage();
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/telemetry')) sent.push(request.url());
      });
      await page.goto(`${fresh.url}/v2/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.waitForTimeout(500);
      expect(sent).toEqual([]);
      expect(
        await page.evaluate(() => Object.keys(window).some((key) => key.startsWith('appInsights'))),
      ).toBe(false);
      await page.close();
    } finally {
      await fresh.stop();
    }
  });
});
