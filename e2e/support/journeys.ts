import type { Browser, Locator, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'parley-demo';

/** Signs in through the login screen, as a person does. */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}/v2/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/v2\/login$/);
}

/** Waits for a condition checked in Node (e.g. a mail arriving). */
export async function until<T>(check: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new desktop-sized window, signed in as `email`, showing `path`. */
export async function openSignedIn(
  browser: Browser,
  baseUrl: string,
  email: string,
  path: string,
): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, baseUrl, email);
  await page.waitForURL(/\/v2$/);
  if (path !== '/v2') await page.goto(`${baseUrl}${path}`);
  return page;
}

/** The builder's save chip: saved, saving, unsaved, error or conflict. */
export const builderSaveState = (page: Page) =>
  page.locator('[data-save-state]').getAttribute('data-save-state');

/**
 * In the builder: opens the global connections panel and adds one, leading to the selected module,
 * named `name` and triggered by `keyword`. Answers the panel and the new connection's editor.
 */
export async function addKeywordGlobal(
  page: Page,
  name: string,
  keyword: string,
): Promise<{ panel: Locator; editor: Locator }> {
  await page.getByRole('button', { name: 'Global connections' }).click();
  const panel = page.getByRole('region', { name: 'Global connections' });
  await panel.getByRole('button', { name: 'Add global connection' }).click();
  // A new one opens for editing, last in the list.
  const editor = panel.locator('[data-global-id]').last();
  await editor.getByRole('textbox', { name: 'Name' }).fill(name);
  const keywords = editor.getByRole('combobox', { name: 'Keywords', exact: true });
  await keywords.click();
  await keywords.press('Backspace');
  await keywords.fill(keyword);
  await keywords.press('Enter');
  return { panel, editor };
}
