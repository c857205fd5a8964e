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

/** The centre of an element on screen. */
export async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drops a connection from a module's output on empty canvas and picks the new module's type, as a
 * person adds a module after another (the view fitted first, so every handle is on screen).
 */
export async function connectNew(page: Page, moduleId: string, port: string, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Fit View' }).click();
  // Room around the modules, so the minimap covers none of their handles.
  await page.getByRole('button', { name: 'Zoom Out' }).click();
  // The view glides into place: handles are where they are once it has.
  await page.waitForTimeout(400);
  const start = await centreOf(
    page.locator(`[data-module-id="${moduleId}"] [data-port="${port}"] .react-flow__handle`),
  );
  const to = await emptySpot(page);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  await page
    .getByRole('menu', { name: 'Connect to a new module' })
    .getByRole('menuitem', { name: type, exact: true })
    .click();
}
