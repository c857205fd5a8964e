import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { changelogEntries } from './support/changelog';
import { signIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const entries = changelogEntries();
const publicEntries = entries.filter((entry) => entry.visibility === 'public');

describe('the home with bots, and the Changelog History', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(email: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
    const page = await (await browser.newContext({ viewport })).newPage();
    await signIn(page, server.url, email);
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    return page;
  }

  it('creates, renames, duplicates and deletes a bot from the home', async () => {
    const page = await signedIn('owner@demo.parley.dev');
    await page.getByText('Create your first bot').waitFor();
    await screenshot(page, 'home-empty-1440');

    await page.getByRole('button', { name: 'Create a bot' }).click();
    await page.getByRole('button', { name: 'Create bot' }).click();
    await page.getByText('Give the bot a name').waitFor();
    await page.getByLabel('Bot name').fill('Support assistant');
    await page.getByRole('button', { name: 'Create bot' }).click();
    await page.getByText('“Support assistant” is ready.').waitFor();
    const card = page.getByTestId('bot-card').filter({ hasText: 'Support assistant' });
    await card.waitFor();
    expect(await card.getByText('Draft').isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'Inbox' }).getAttribute('href')).toMatch(
      /^\/v2\/inbox\?companyId=[\w-]+&botId=[\w-]+$/,
    );

    await page.getByRole('button', { name: 'More actions for Support assistant' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Bot name').fill('Help desk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('bot-card').filter({ hasText: 'Help desk' }).waitFor();

    await page.getByRole('button', { name: 'More actions for Help desk' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.getByTestId('bot-card').filter({ hasText: 'Help desk (copy)' }).waitFor();
    expect(await page.getByTestId('bot-card').count()).toBe(2);

    await page.getByRole('textbox', { name: 'Search bots by name' }).fill('copy');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="bot-card"]').length === 1);
    await page.getByRole('textbox', { name: 'Search bots by name' }).fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="bot-card"]').length === 2);
    await screenshot(page, 'home-bots-1440');

    await page.getByRole('button', { name: 'More actions for Help desk (copy)' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Delete “Help desk (copy)”?' }).waitFor();
    await page.getByRole('button', { name: 'Delete bot' }).click();
    await page.getByText('“Help desk (copy)” was deleted.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="bot-card"]').length === 1);

    // The legacy bot list shows the same home; a bot opens on its canvas.
    await page.goto(`${server.url}/bots/list`);
    await page.getByTestId('bot-card').filter({ hasText: 'Help desk' }).waitFor();
    await page
      .getByTestId('bot-card')
      .filter({ hasText: 'Help desk' })
      .getByRole('link', { name: 'Open Help desk' })
      .click();
    await page.waitForURL(/\/bots\/list\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Help desk' }).waitFor();
    await page.locator('[data-module-id="start"]').waitFor();
    await page.context().close();
  });

  it('shows staff of the Internal company the source selector, counts, badges and internal entries', async () => {
    const page = await signedIn('staff@parley.dev');
    await page.getByRole('navigation').getByRole('link', { name: "What's new" }).click();
    await page.getByRole('heading', { name: 'Changelog History' }).waitFor();
    for (const label of ['Total Updates', 'Public', 'Internal', 'Latest Version']) {
      expect(await page.getByText(label, { exact: true }).first().isVisible()).toBe(true);
    }
    expect(await page.getByRole('combobox', { name: 'Changelog Source' }).isVisible()).toBe(true);
    // No entry of the public list carries the Internal visibility badge (an entry's text may say "internal").
    expect(await page.getByTestId('changelog-entry').getByText('Internal', { exact: true }).count()).toBe(0);

    await page.getByRole('combobox', { name: 'Changelog Source' }).click();
    await page.getByRole('option', { name: 'Internal' }).click();
    const pages = Math.ceil(entries.length / 5);
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await screenshot(page, 'changelog-internal-1440');

    // Paging, 5 a page: the Internal source shows every entry, internal ones with their badge.
    const internalBadges = () =>
      page.getByTestId('changelog-entry').getByText('Internal', { exact: true }).count();
    let internalSeen = await internalBadges();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    for (let next = 2; next <= pages; next++) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Page ${next} of ${pages}`).waitFor();
      internalSeen += await internalBadges();
    }
    expect(internalSeen).toBe(entries.filter((entry) => entry.visibility === 'internal').length);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('changelog-entry').count()).toBe(entries.length - 5 * (pages - 1));
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(`Page ${pages - 1} of ${pages}`).waitFor();

    // A larger page size goes back to page 1 and shows everything on one page (no paging).
    await page.getByRole('combobox', { name: 'Items per page' }).click();
    await page.getByRole('option', { name: '10' }).click();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="changelog-entry"]').length === count,
      Math.min(entries.length, 10),
    );
    expect(await page.getByText(/Page \d+ of \d+/).count()).toBe(entries.length > 10 ? 1 : 0);

    // One version switches the source to Internal; All Versions back to Public.
    await page.getByRole('combobox', { name: 'Changelog Version' }).click();
    await page.getByRole('option', { name: 'v0.2.0' }).click();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="changelog-entry"]').length === count,
      entries.filter((entry) => entry.version === '0.2.0').length,
    );
    expect(await page.getByRole('combobox', { name: 'Changelog Source' }).textContent()).toContain(
      'Internal',
    );
    await page.getByRole('combobox', { name: 'Changelog Version' }).click();
    await page.getByRole('option', { name: 'All Versions' }).click();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="changelog-entry"]').length === count,
      Math.min(publicEntries.length, 10),
    );
    expect(await page.getByRole('combobox', { name: 'Changelog Source' }).textContent()).toContain('Public');
    await page.context().close();
  });

  it('shows everyone else public entries only, and keeps the category in the address', async () => {
    const page = await signedIn('trial@demo.parley.dev');
    await page.goto(`${server.url}/v2/changelog`);
    await page.getByRole('heading', { name: 'Changelog History' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Changelog Source' }).count()).toBe(0);
    expect(await page.getByText('Internal', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Total Updates').isVisible()).toBe(true);
    expect(await page.getByTestId('changelog-entry').count()).toBe(Math.min(publicEntries.length, 5));

    await page.getByRole('button', { name: 'Maintenance' }).click();
    await page.waitForURL(/category=maintenance/);
    const maintenance = publicEntries.filter((entry) => entry.type === 'maintenance').length;
    if (maintenance === 0) await page.getByText('No changelogs found').waitFor();
    else await expect.poll(() => page.getByTestId('changelog-entry').count()).toBe(Math.min(maintenance, 5));
    await page.getByRole('button', { name: 'Features' }).click();
    await page.waitForURL(/category=feature$/);
    await page.reload();
    await page.getByRole('heading', { name: 'Changelog History' }).waitFor();
    expect(await page.getByRole('button', { name: 'Features' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('changelog-entry').count()).toBe(
      Math.min(publicEntries.filter((entry) => entry.type === 'feature').length, 5),
    );
    await page.goto(`${server.url}/v2/changelog?category=fix`);
    expect(await page.getByRole('button', { name: 'Bug fixes' }).getAttribute('aria-pressed')).toBe('true');
    await page.context().close();

    const phone = await signedIn('trial@demo.parley.dev', { width: 390, height: 844 });
    await screenshot(phone, 'home-390');
    await phone.goto(`${server.url}/v2/changelog`);
    await phone.getByRole('heading', { name: 'Changelog History' }).waitFor();
    await screenshot(phone, 'changelog-390');
    await phone.context().close();
  });

  it('signs up on a server without mail: the screen says where the link is, and staff find it in the development mailbox', async () => {
    const visitor = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await visitor.goto(`${server.url}/v2/register`);
    await visitor.getByLabel('First name').fill('Grace');
    await visitor.getByLabel('Last name').fill('Hopper');
    await visitor.getByLabel('Company name').fill('Compilers Inc');
    await visitor.getByLabel('Work email').fill('grace@example.com');
    await visitor.getByLabel('Password').fill('correct horse battery');
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await visitor.getByRole('heading', { name: 'Your link is on the server' }).waitFor();
    expect(
      await visitor
        .getByText(/no mail went to grace@example.com: the link is on the server's terminal/)
        .isVisible(),
    ).toBe(true);
    await screenshot(visitor, 'register-sent-without-mail-1440');

    const staff = await signedIn('staff@parley.dev');
    await staff.getByRole('link', { name: 'Development mailbox' }).click();
    await staff.getByRole('heading', { name: 'Development mailbox', level: 1 }).waitFor();
    const mail = staff.getByRole('article').filter({ hasText: 'To grace@example.com' });
    await mail.waitFor();
    expect(await mail.getByRole('heading', { name: 'Finish creating your Parley account' }).isVisible()).toBe(
      true,
    );
    await screenshot(staff, 'dev-mailbox-1440');
    const link = await mail.getByRole('link', { name: /Open/ }).getAttribute('href');
    expect(link).toMatch(/\/v2\/register\/confirm\?token=[\w-]+$/);

    // The link creates the company and signs Grace in.
    await visitor.goto(link ?? '');
    await visitor.getByRole('heading', { name: 'Hello, Grace' }).waitFor();

    // Nobody but staff reads the mailbox.
    const customer = await signedIn('owner@demo.parley.dev');
    expect(await customer.getByRole('link', { name: 'Development mailbox' }).count()).toBe(0);
    await customer.goto(`${server.url}/v2/dev-mailbox`);
    await customer.getByRole('heading', { name: "You can't see this page" }).waitFor();
    expect(await customer.getByText('grace@example.com').count()).toBe(0);
    await Promise.all([visitor.context().close(), staff.context().close(), customer.context().close()]);
  });
});
