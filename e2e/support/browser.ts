import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`, which `npm test` installs
 * when missing): the headless-only Chromium that Playwright itself uses for headless runs. Never a
 * downloaded browser. The journeys took a quarter less CPU on it than on the full browser's
 * `--headless`.
 */
export const CHROMIUM_PATH = '/usr/lib/chromium/chromium-headless-shell';

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

const screenshotDir = join(import.meta.dirname, '../../screenshots');

/** Keeps a picture of the screen for people to look at (screenshots/ is not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** A picture of one part of the screen (a card, a popover), kept beside the others. */
export async function screenshotOf(locator: Locator, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await locator.screenshot({ path: join(screenshotDir, `${name}.png`), animations: 'disabled' });
}
