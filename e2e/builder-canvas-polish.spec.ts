import type { BotDetail } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from './support/bots';
import { screenshot } from './support/browser';
import { builderSaved, runningApp } from './support/builder';
import { openSignedIn } from './support/journeys';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;
/** The part of `box` inside `frame` (what is on screen of a module partly scrolled out), if any. */
function clip(box: Box, frame: Box): Box | null {
  const x = Math.max(box.x, frame.x);
  const y = Math.max(box.y, frame.y);
  const right = Math.min(box.x + box.width, frame.x + frame.width);
  const bottom = Math.min(box.y + box.height, frame.y + frame.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/**
 * Start → a message in Markdown → a menu, plus modules spread right and down, and two global
 * connections: one to the start module, one to a module up and right of it (its line runs over the
 * start module, where its label used to sit).
 */
const polishFlow = flowFixture()
  .starterWelcome({ next: 'say' })
  .module(
    'say',
    'text',
    { text: 'We are open **every day**. See [our hours](https://example.com/hours) for holidays.' },
    { next: 'menu' },
    { name: 'Opening hours', position: { x: 360, y: 0 } },
  )
  .module(
    'menu',
    'buttons',
    {
      text: 'What would you like?',
      buttons: [{ id: 'order', label: 'Track my order', action: { type: 'goto' } }],
    },
    { 'button:order': 'done' },
    { name: 'Main menu', position: { x: 720, y: 0 } },
  )
  .module(
    'faq',
    'text',
    { text: 'Ask me anything.' },
    {},
    { name: 'Questions', position: { x: 360, y: -160 } },
  )
  .module('done', 'end', { message: 'Bye!' }, {}, { name: 'Goodbye', position: { x: 1080, y: 260 } })
  .global({
    id: 'restart',
    name: 'Start over',
    trigger: { type: 'keyword', keywords: ['restart'], match: 'exact' },
    target: 'start',
  })
  .global({
    id: 'questions',
    name: 'Ask a question',
    trigger: { type: 'keyword', keywords: ['question'], match: 'exact' },
    target: 'faq',
  });

describe('the builder’s canvas and preview, polished', () => {
  const app = runningApp();

  const newBot = async (name: string) => {
    const bot = await call<BotDetail>(app.server.url, 'POST', '/api/bots', app.token, {
      name,
      language: 'en',
    });
    await call(app.server.url, 'PUT', `/api/bots/${bot.id}/flow`, app.token, {
      flow: polishFlow.onto(bot.flow),
    });
    return bot;
  };
  const draftOf = (bot: BotDetail) =>
    call<BotDetail>(app.server.url, 'GET', `/api/bots/${bot.id}`, app.token);
  const open = (path: string) => openSignedIn(app.browser, app.server.url, 'owner@demo.parley.dev', path);

  it('asks before a published version replaces the draft, and Cancel keeps the draft', async () => {
    const bot = await newBot('Restoring bot');
    await call(app.server.url, 'POST', `/api/bots/${bot.id}/publish`, app.token);
    // The draft moves on after version 1: one more module.
    const draft = (await draftOf(bot)).flow;
    const extra = { id: 'extra', name: 'Added later', type: 'text', position: { x: 0, y: 400 } };
    await call(app.server.url, 'PUT', `/api/bots/${bot.id}/flow`, app.token, {
      flow: { ...draft, modules: [...draft.modules, { ...extra, content: { text: 'New' } }] },
    });

    const page = await open(`/bots/list/${bot.id}`);
    await page.locator('[data-module-id="extra"]').waitFor();
    const restoreVersion1 = async () => {
      await page.getByRole('button', { name: 'Versions' }).click();
      await page.getByRole('region', { name: 'Versions' }).getByRole('button', { name: 'Restore' }).click();
      return page.getByRole('dialog', { name: 'Replace the draft with version 1?' });
    };
    let dialog = await restoreVersion1();
    await dialog
      .getByText('The draft you are editing (6 modules) is replaced by version 1 (5 modules).')
      .waitFor();
    await dialog.getByText(/keeps no copy of the current draft/).waitFor();
    await screenshot(page, 'builder-restore-confirmation');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await draftOf(bot)).flow.modules.map((module) => module.id)).toContain('extra');
    await page.keyboard.press('Escape');
    await page.locator('[data-module-id="extra"]').waitFor();

    // Confirmed, the draft becomes version 1.
    dialog = await restoreVersion1();
    await dialog.getByRole('button', { name: 'Replace the draft' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('[data-module-id="extra"]').count()).toBe(0);
    expect((await draftOf(bot)).flow.modules.map((module) => module.id)).not.toContain('extra');
    await page.context().close();
  });

  it('pastes in view when the view is scrolled away: at the pointer, or in the middle from the menu', async () => {
    const bot = await newBot('Pasting bot');
    const page = await open(`/bots/list/${bot.id}`);
    await page.locator('[data-module-id="say"]').click();
    await page.locator('[data-module-id="menu"]').click({ modifiers: ['Shift'] });
    await page.keyboard.press('Control+c');

    // Scroll the view far from the copied modules by dragging the canvas from its empty corner.
    const canvas = await boxOf(page.locator('.react-flow'));
    for (let drag = 0; drag < 3; drag++) {
      await page.mouse.move(canvas.x + 30, canvas.y + 30);
      await page.mouse.down();
      await page.mouse.move(canvas.x + canvas.width - 300, canvas.y + canvas.height - 220, { steps: 8 });
      await page.mouse.up();
    }
    expect(clip(await boxOf(page.locator('[data-module-id="say"]')), canvas)).toBeNull();

    // The pointer near the canvas's bottom edge: the pasted pair moves in just enough.
    await page.mouse.move(canvas.x + canvas.width - 300, canvas.y + canvas.height - 20);
    await page.keyboard.press('Control+v');
    const first = page.locator('[data-module-id="text-6"]');
    const second = page.locator('[data-module-id="buttons-7"]');
    await second.waitFor();
    // In the canvas, and above its zoom buttons and minimap, where nothing covers them.
    const overlays = await Promise.all(
      (await page.locator('.react-flow__panel.bottom').all()).map((panel) => boxOf(panel)),
    );
    expect(overlays).toHaveLength(2);
    for (const pasted of [first, second]) {
      const box = await boxOf(pasted);
      expect(inside(box, canvas)).toBe(true);
      for (const overlay of overlays) expect(intersects(box, overlay)).toBe(false);
    }
    const [a, b] = [await boxOf(first), await boxOf(second)];
    // The pair keeps its layout (side by side, 360 apart at this zoom) and is selected.
    const zoom = await page.evaluate(() => {
      const transform = document.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform ?? '';
      return Number(/scale\(([\d.]+)\)/.exec(transform)?.[1] ?? 1);
    });
    expect(b.x - a.x).toBeCloseTo(360 * zoom, 0);
    expect(b.y - a.y).toBeCloseTo(0, 0);
    await expect.poll(() => page.locator('.react-flow__node.selected').count()).toBe(2);
    await screenshot(page, 'builder-paste-in-view');

    // From the Edit menu (the pointer on the menu, not the canvas): in the middle of the view.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('menuitem', { name: /Paste/ }).click();
    const third = page.locator('[data-module-id="text-8"]');
    const fourth = page.locator('[data-module-id="buttons-9"]');
    await fourth.waitFor();
    for (const pasted of [third, fourth]) expect(inside(await boxOf(pasted), canvas)).toBe(true);
    const middle = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
    const [c, d] = [await boxOf(third), await boxOf(fourth)];
    expect(Math.abs((c.x + d.x + d.width) / 2 - middle.x)).toBeLessThan(4);
    await builderSaved(page);
    expect((await draftOf(bot)).flow.modules).toHaveLength(9);
    await page.context().close();
  });

  it('docks the minimap under the module editor: it covers neither the editor nor any module, and still moves the view', async () => {
    const bot = await newBot('Minimap bot');
    const page = await open(`/bots/list/${bot.id}`);
    // Without the editor, the minimap is in the canvas's corner.
    const canvasMinimap = page.locator('.react-flow .react-flow__minimap');
    await canvasMinimap.waitFor();
    // The module nearest the canvas's bottom-right corner opens its editor.
    await page.locator('[data-module-id="done"]').click();
    const editor = page.locator('[data-module-editor="done"]');
    await editor.waitFor();
    await expect.poll(() => canvasMinimap.count()).toBe(0);
    const minimap = page.locator('[data-minimap-dock] .react-flow__minimap');
    await minimap.waitFor();
    const map = await boxOf(minimap);
    const canvas = await boxOf(page.locator('.react-flow'));
    expect(intersects(map, await boxOf(editor))).toBe(false);
    expect(intersects(map, canvas)).toBe(false);
    for (const module of await page.locator('[data-module-id]').all()) {
      const shown = clip(await boxOf(module), canvas);
      if (shown) expect(intersects(shown, map)).toBe(false);
    }
    // The same for the module pages' other editors, taller ones too.
    await page.locator('[data-module-id="menu"]').click();
    await page.locator('[data-module-editor="menu"]').waitFor();
    expect(intersects(await boxOf(minimap), await boxOf(page.locator('[data-module-editor="menu"]')))).toBe(
      false,
    );
    await screenshot(page, 'builder-editor-and-minimap');

    // Still the canvas's map: dragging in it moves the view.
    const viewport = page.locator('.react-flow__viewport');
    const before = await viewport.getAttribute('style');
    await page.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
    await page.mouse.down();
    await page.mouse.move(map.x + map.width / 2 + 40, map.y + map.height / 2 + 20, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => viewport.getAttribute('style')).not.toBe(before);

    // Closing the editor puts it back in the canvas's corner.
    await page.locator('[data-module-editor="menu"]').getByRole('button', { name: 'Close' }).click();
    await canvasMinimap.waitFor();
    await page.context().close();
  });

  it('lays global connections’ labels out clear of the start module and every other card', async () => {
    const bot = await newBot('Globals labels bot');
    const page = await open(`/bots/list/${bot.id}`);
    await page.locator('[data-module-id="start"]').waitFor();
    await page.getByRole('button', { name: 'Global connections' }).click();
    await page.getByRole('switch', { name: 'Show on the canvas' }).click();
    await page.locator('[data-globals-node]').waitFor();
    const labels = page.locator('[data-global-label]');
    await expect.poll(() => labels.count()).toBe(2);
    await page.getByRole('button', { name: 'Fit View' }).click();
    // Let the fit's animation finish before measuring.
    await page.waitForTimeout(400);
    const start = await boxOf(page.locator('[data-module-id="start"]'));
    const modules = await Promise.all(
      (await page.locator('[data-module-id]').all()).map((module) => boxOf(module)),
    );
    for (const label of await labels.all()) {
      const box = await boxOf(label);
      expect(intersects(box, start)).toBe(false);
      for (const module of modules) expect(intersects(box, module)).toBe(false);
    }
    expect(await labels.allTextContents()).toEqual(['Start over', 'Ask a question']);
    await screenshot(page, 'builder-global-labels');
    await page.context().close();
  });

  it('shows bot messages in the test chat and the message preview as the web chat does: bold, links', async () => {
    const bot = await newBot('Markdown bot');
    const page = await open(`/bots/list/${bot.id}`);
    // The message's preview, beside its editor.
    await page.locator('[data-module-id="say"]').click();
    const editor = page.locator('[data-module-editor="say"]');
    await editor.getByRole('button', { name: 'Preview' }).click();
    const output = editor.locator('[data-preview-output]');
    await output.locator('strong', { hasText: 'every day' }).waitFor();
    expect(await output.getByRole('link', { name: 'our hours' }).getAttribute('href')).toBe(
      'https://example.com/hours',
    );
    expect(await output.textContent()).not.toContain('**');

    // The test chat.
    await page.getByRole('button', { name: 'Test & debug' }).click();
    const debug = page.getByRole('region', { name: 'Test & debug' });
    await debug.getByRole('button', { name: 'Start', exact: true }).click();
    const chat = debug.getByRole('log', { name: 'Test conversation' });
    await chat.locator('strong', { hasText: 'every day' }).waitFor();
    const link = chat.getByRole('link', { name: 'our hours' });
    expect(await link.getAttribute('href')).toBe('https://example.com/hours');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await chat.textContent()).not.toContain('**');
    await screenshot(page, 'builder-preview-markdown');
    await page.context().close();
  });
});
