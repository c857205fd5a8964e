import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { demoToken } from './bots';
import { launchBrowser } from './browser';
import { builderSaveState } from './journeys';
import { type RunningServer, startServer } from './server';

export interface RunningApp {
  server: RunningServer;
  browser: Browser;
  /** The demo owner's API token, for setting bots up through the API. */
  token: string;
}

/** A server and a browser for the describe block that calls this, closed after it. */
export function runningApp(): RunningApp {
  const app = {} as RunningApp;
  beforeAll(async () => {
    [app.server, app.browser] = await Promise.all([startServer(), launchBrowser()]);
    app.token = await demoToken(app.server.url);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/** Waits for the builder to have saved the draft. */
export const builderSaved = (page: Page) =>
  expect.poll(() => builderSaveState(page), { timeout: 10_000 }).toBe('saved');

/** The editable part of a Jinja field. */
export const jinjaField = (scope: Locator | Page, label: string) =>
  scope.locator(`[data-jinja-field="${label}"] .cm-content`).first();

/** Replaces a code editor's whole text by typing, as a person does. */
export async function replaceText(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

/** A point of the canvas with nothing on it, towards the bottom right. */
export const emptySpot = (page: Page) =>
  page.evaluate(() => {
    const pane = document.querySelector('.react-flow__pane')?.getBoundingClientRect();
    if (!pane) throw new Error('no canvas');
    for (let y = pane.bottom - 60; y > pane.top + 60; y -= 40)
      for (let x = pane.right - 80; x > pane.left + 80; x -= 40) {
        const near = [-30, 0, 30].flatMap((dx) =>
          [-30, 0, 30].map((dy) => document.elementFromPoint(x + dx, y + dy)),
        );
        if (near.every((element) => element?.classList.contains('react-flow__pane'))) return { x, y };
      }
    throw new Error('no empty spot on the canvas');
  });
