import type { BotDetail } from '@parley/contracts';
import type { FlowModule } from '@parley/flow';
import { flowFixture } from '@parley/flow/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleLayout } from '../apps/web/src/features/builder/model/module-layout';
import { call, demoToken } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { builderSaveState, openSignedIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

/**
 * Handles drawn elsewhere than module-layout says, and cards of another size. The canvas knows
 * where they are without measuring thousands of modules (it connects, and zoomed out paints,
 * them there): module-node.css must draw them exactly there.
 */
async function offLayout(page: Page, modules: FlowModule[]): Promise<string[]> {
  const drawn = await page.evaluate(() => {
    const viewport = document.querySelector('.react-flow__viewport');
    const zoom = viewport ? new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a : 1;
    return Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node-module')).map((node) => {
      const box = node.getBoundingClientRect();
      const handles = Array.from(node.querySelectorAll<HTMLElement>('.react-flow__handle')).map((handle) => {
        const rect = handle.getBoundingClientRect();
        return {
          id: handle.dataset.handleid ?? null,
          x: (rect.left - box.left) / zoom,
          y: (rect.top - box.top) / zoom,
          width: rect.width / zoom,
          height: rect.height / zoom,
        };
      });
      return { id: node.dataset.id ?? '', width: box.width / zoom, height: box.height / zoom, handles };
    });
  });
  const off: string[] = [];
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.5;
  for (const node of drawn) {
    const module = modules.find((candidate) => candidate.id === node.id);
    if (!module) continue;
    const layout = moduleLayout(module);
    if (!near(node.width, layout.width) || !near(node.height, layout.height))
      off.push(`${node.id}: ${node.width}×${node.height}, not ${layout.width}×${layout.height}`);
    for (const handle of layout.handles) {
      const shown = node.handles.find((candidate) => candidate.id === handle.id);
      const same =
        shown &&
        near(shown.x, handle.x) &&
        near(shown.y, handle.y) &&
        near(shown.width, handle.width ?? 0) &&
        near(shown.height, handle.height ?? 0);
      if (!same) off.push(`${node.id} ${handle.id}: ${JSON.stringify(shown)}, not ${JSON.stringify(handle)}`);
    }
  }
  return off;
}

describe('the bot builder canvas', () => {
  let server: RunningServer;
  let browser: Browser;
  let bot: BotDetail;
  let token: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await demoToken(server.url);
    bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, {
      name: 'Canvas bot',
      language: 'en',
    });
    const flow = flowFixture()
      .starterWelcome({ next: 'menu' })
      .module(
        'menu',
        'buttons',
        {
          text: 'What would you like?',
          buttons: [
            { id: 'order', label: 'Track my order', action: { type: 'goto' } },
            { id: 'person', label: 'Talk to a person', action: { type: 'goto' } },
          ],
        },
        { 'button:person': 'handoff' },
        { name: 'Main menu', position: { x: 360, y: 0 } },
      )
      .module(
        'handoff',
        'handoff',
        { message: 'Connecting you…', reason: 'Asked for a person' },
        {},
        { name: 'To the team', position: { x: 720, y: 80 } },
      );
    await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, { flow: flow.onto(bot.flow) });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const openCanvas = async (): Promise<Page> => {
    const page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', `/bots/list/${bot.id}`);
    await page.locator('[data-module-id="menu"]').waitFor();
    return page;
  };

  it('shows every module with its content and outputs, and saves a moved module by itself', async () => {
    const page = await openCanvas();
    const menu = page.locator('[data-module-id="menu"]');
    await menu.getByText('What would you like?').waitFor();
    expect(
      await menu.locator('[data-port]').evaluateAll((ports) => ports.map((port) => port.textContent)),
    ).toEqual(['Track my order', 'Talk to a person']);
    expect(await page.locator('.react-flow__edge').count()).toBe(2);
    const { flow } = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    expect(await offLayout(page, flow.modules)).toEqual([]);
    // The minimap draws every module too.
    await expect.poll(() => page.locator('.react-flow__minimap-node').count()).toBe(3);
    // Pointing at a module brings out its connections in and out.
    await page.locator('[data-module-id="handoff"]').hover();
    await expect.poll(() => page.locator('.react-flow__edge.is-highlighted').count()).toBe(1);
    await page.locator('[data-module-id="menu"]').hover();
    await expect.poll(() => page.locator('.react-flow__edge.is-highlighted').count()).toBe(2);
    await page.mouse.move(5, 300);
    await expect.poll(() => page.locator('.react-flow__edge.is-highlighted').count()).toBe(0);
    await screenshot(page, 'builder-canvas');

    const box = await menu.boundingBox();
    if (!box) throw new Error('no box');
    await page.mouse.move(box.x + 60, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 220, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => builderSaveState(page), { timeout: 10_000 }).toBe('saved');
    const saved = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    const moved = saved.flow.modules.find((module) => module.id === 'menu');
    expect(moved?.position.y).toBeGreaterThan(100);
    expect(saved.draft_revision).toBeGreaterThan(bot.draft_revision);
    await page.context().close();
  });

  it('adds modules from the palette, and undoes and redoes by keyboard and toolbar', async () => {
    const page = await openCanvas();
    const modules = page.locator('[data-module-id]');
    const before = await modules.count();
    await page.getByRole('button', { name: 'Add Condition' }).click();
    await expect.poll(() => modules.count()).toBe(before + 1);
    const added = page.locator('[data-module-id^="condition-"]');
    await added.getByText('if true').waitFor();
    await added.getByText('Else').waitFor();
    await expect.poll(() => builderSaveState(page), { timeout: 10_000 }).toBe('saved');
    let saved = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    expect(saved.flow.modules.some((module) => module.type === 'condition')).toBe(true);
    await screenshot(page, 'builder-palette');

    await page.locator('.react-flow__pane').click({ position: { x: 700, y: 120 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => modules.count()).toBe(before);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => modules.count()).toBe(before + 1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => builderSaveState(page), { timeout: 10_000 }).toBe('saved');
    saved = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    expect(saved.flow.modules.some((module) => module.type === 'condition')).toBe(false);
    await page.context().close();
  });

  it('puts palette modules in view, and reopens the canvas where this person left it', async () => {
    const original = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    const page = await openCanvas();
    const pane = await page.locator('.react-flow').boundingBox();
    if (!pane) throw new Error('no canvas');
    const before = await page.locator('[data-module-id]').count();
    // Four in a row: each one where it can be seen, none over another.
    for (let count = 1; count <= 4; count++) {
      await page.getByRole('button', { name: 'Add Text' }).click();
      await expect.poll(() => page.locator('[data-module-id]').count()).toBe(before + count);
    }
    // Let a pan to the last one (if it needed one) finish.
    await page.waitForTimeout(500);
    const boxes = await page
      .locator('.react-flow__node-module')
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
    const added = await page.locator('[data-module-id^="text-"]').count();
    expect(added).toBe(4);
    for (const node of await page.locator('.react-flow__node[data-id^="text-"]').all()) {
      const box = await node.boundingBox();
      if (!box) throw new Error('not drawn');
      expect(box.x).toBeGreaterThanOrEqual(pane.x);
      expect(box.y).toBeGreaterThanOrEqual(pane.y);
      expect(box.x + box.width).toBeLessThanOrEqual(pane.x + pane.width);
      expect(box.y + box.height).toBeLessThanOrEqual(pane.y + pane.height);
    }
    for (const [index, a] of boxes.entries())
      for (const b of boxes.slice(index + 1))
        expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).toBe(false);
    await screenshot(page, 'builder-palette-in-view');

    // Zoom in and pan; the reload opens there.
    // Pan and zoom as the canvas draws them (kept to the pixel and the thousandth).
    const transform = async () => {
      const style = await page
        .locator('.react-flow__viewport')
        .evaluate((node) => (node as HTMLElement).style.transform);
      const [x = 0, y = 0, zoom = 0] = (style.match(/-?[\d.]+/g) ?? []).map(Number);
      return { x: Math.round(x), y: Math.round(y), zoom: Math.round(zoom * 1000) / 1000 };
    };
    await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
    await page.mouse.wheel(0, -300);
    await page.mouse.move(pane.x + 40, pane.y + pane.height - 40);
    await page.mouse.down();
    await page.mouse.move(pane.x + 240, pane.y + pane.height - 140, { steps: 6 });
    await page.mouse.up();
    await page.waitForTimeout(400);
    const left = await transform();
    expect(left.zoom).toBeGreaterThan(1);
    await expect.poll(() => builderSaveState(page), { timeout: 10_000 }).toBe('saved');
    await page.reload();
    await page.locator('[data-module-id="menu"]').waitFor({ state: 'attached' });
    expect(await transform()).toEqual(left);
    await screenshot(page, 'builder-reopened-where-left');

    await page.context().close();
    // The draft as the other journeys expect it.
    await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, { flow: original.flow });
  });

  const drag = async (page: Page, id: string, dy: number) => {
    const box = await page.locator(`[data-module-id="${id}"]`).boundingBox();
    if (!box) throw new Error('no box');
    await page.mouse.move(box.x + 60, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 20 + dy, { steps: 6 });
    await page.mouse.up();
  };

  it('refuses a stale tab’s save with the conflict dialog, overwriting nothing', async () => {
    const first = await openCanvas();
    const second = await openCanvas();
    // The first tab moves a module and saves.
    await drag(first, 'handoff', 150);
    await expect.poll(() => builderSaveState(first), { timeout: 10_000 }).toBe('saved');
    const afterFirst = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);

    // The second tab, opened before, edits too: its save is refused.
    await drag(second, 'menu', -120);
    const dialog = second.getByRole('dialog', { name: 'Someone else saved this bot' });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByText('Olivia Owner saved this bot after you opened it').waitFor();
    expect(await builderSaveState(second)).toBe('conflict');
    await screenshot(second, 'builder-conflict');
    const unchanged = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    expect(unchanged.draft_revision).toBe(afterFirst.draft_revision);
    expect(unchanged.flow).toEqual(afterFirst.flow);

    // Reloading continues from the newer version.
    await dialog.getByRole('button', { name: 'Reload their version' }).click();
    await expect.poll(() => builderSaveState(second)).toBe('saved');
    const handoff = afterFirst.flow.modules.find((module) => module.id === 'handoff');
    await expect
      .poll(async () => {
        const transform = await second
          .locator('.react-flow__node[data-id="handoff"]')
          .evaluate((node) => (node as HTMLElement).style.transform);
        return transform.includes(`${handoff?.position.y}px`);
      })
      .toBe(true);
    await first.context().close();
    await second.context().close();
  });

  it('merges a stale tab’s edits with the newer save: both kept', async () => {
    const first = await openCanvas();
    const second = await openCanvas();
    await drag(first, 'handoff', 120);
    await expect.poll(() => builderSaveState(first), { timeout: 10_000 }).toBe('saved');
    const theirs = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);

    await drag(second, 'menu', -100);
    const dialog = second.getByRole('dialog', { name: 'Someone else saved this bot' });
    await dialog.getByRole('button', { name: 'Merge with mine' }).click();
    await second
      .getByRole('status')
      .getByText('Merged: their changes and yours are both in the draft.')
      .waitFor();
    await expect.poll(() => builderSaveState(second), { timeout: 10_000 }).toBe('saved');

    const merged = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    expect(merged.draft_revision).toBe(theirs.draft_revision + 1);
    const position = (flow: BotDetail['flow'], id: string) =>
      flow.modules.find((module) => module.id === id)?.position;
    expect(position(merged.flow, 'handoff')).toEqual(position(theirs.flow, 'handoff'));
    expect(position(merged.flow, 'menu')?.y).toBeLessThan(position(theirs.flow, 'menu')?.y ?? 0);
    await first.context().close();
    await second.context().close();
  });
});
