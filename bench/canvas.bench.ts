/**
 * The builder's canvas with big bots, in headless Chromium against the built app: generated bots of
 * 500 modules / 600 connections and 2 000 modules / 3 000 connections. Measures the time to open
 * (navigation until every module in view is on the canvas and a frame has passed), frame times while
 * dragging a module, panning and zooming (requestAnimationFrame deltas), and select-to-paint (a
 * click on a module until the frame that shows it selected). Prints JSON.
 *
 * Builds the app first when it is not built. @bench-cores all (server and browser share the machine)
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BotDetail } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { Page } from 'playwright-core';
import { call } from '../e2e/support/bots';
import { launchBrowser } from '../e2e/support/browser';
import { openSignedIn } from '../e2e/support/journeys';
import { root, startServer } from '../e2e/support/server';
import { percentile } from './stats';

const SIZES = [
  { modules: 500, connections: 600, targets: { openMs: 1_500, frameP95Ms: 16.7 } },
  { modules: 2_000, connections: 3_000, targets: { openMs: 2_500, frameP95Ms: 33 } },
];
const RUNS = 3;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const round = (value: number) => Math.round(value * 10) / 10;

/** Rows of text and buttons modules, each leading to the next; buttons add a second way on. */
function generatedFlow(base: BotDetail['flow'], modules: number, connections: number) {
  const extra = connections - (modules - 1);
  const every = Math.max(1, Math.floor(modules / extra));
  const flow = flowFixture().variable({ name: 'name', default: 'Ada' });
  for (let index = 0; index < modules; index++) {
    const id = index === 0 ? base.startModuleId : `m-${index}`;
    const next = index + 1 < modules ? `m-${index + 1}` : null;
    const position = { x: (index % 25) * 340, y: Math.floor(index / 25) * 240 };
    const branches = index % every === 0 && index + 7 < modules && index / every < extra;
    if (branches)
      flow.module(
        id,
        'buttons',
        {
          text: `Question ${index}: what would you like?`,
          buttons: [
            { id: 'b1', label: 'Go on', action: { type: 'goto' } },
            { id: 'b2', label: 'Skip ahead', action: { type: 'goto' } },
          ],
        },
        { ...(next ? { 'button:b1': next } : {}), 'button:b2': `m-${index + 7}` },
        { name: `Menu ${index}`, position },
      );
    else
      flow.module(
        id,
        'text',
        { text: `Message number ${index}, with {{ name }} in it.` },
        next ? { next } : {},
        { name: `Step ${index}`, position },
      );
  }
  return flow.onto(base);
}

/**
 * Whether every generated module in the canvas's view is on it. Modules out of view are not drawn
 * (big bots draw only what is in view): with 2 000 modules the whole-bot view stops at 10 % zoom
 * and shows about 900. Modules are counted in view by their top 100 px (every generated card is
 * taller), so the count never exceeds what the canvas draws.
 */
function everyModuleInViewShown(positions: { x: number; y: number }[]): boolean {
  const viewport = document.querySelector('.react-flow__viewport');
  const pane = document.querySelector('.react-flow')?.getBoundingClientRect();
  if (!viewport || !pane) return false;
  const view = new DOMMatrixReadOnly(getComputedStyle(viewport).transform);
  const left = -view.e / view.a;
  const top = -view.f / view.a;
  const right = left + pane.width / view.a;
  const bottom = top + pane.height / view.a;
  const inView = positions.filter(
    ({ x, y }) => x <= right && x + 260 >= left && y <= bottom && y + 100 >= top,
  ).length;
  return inView > 0 && document.querySelectorAll('.react-flow__node').length >= inView;
}

/** requestAnimationFrame deltas while `act` runs. */
async function frameTimes(page: Page, act: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const frames: number[] = [];
    (window as unknown as { __frames: number[] }).__frames = frames;
    (window as unknown as { __recording: boolean }).__recording = true;
    let last = 0;
    const tick = (time: number) => {
      if (last) frames.push(time - last);
      last = time;
      if ((window as unknown as { __recording: boolean }).__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await act();
  return page.evaluate(() => {
    (window as unknown as { __recording: boolean }).__recording = false;
    return (window as unknown as { __frames: number[] }).__frames;
  });
}

/** A point of the canvas with no module or connection under it (to pan from). */
function emptyPoint(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const pane = document.querySelector('.react-flow')?.getBoundingClientRect();
    if (!pane) throw new Error('no canvas');
    for (let y = pane.top + 20; y < pane.bottom - 200; y += 15)
      for (let x = pane.left + 80; x < pane.left + pane.width / 2; x += 15)
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
    throw new Error('no empty point on the canvas');
  });
}

/** Frame times while dragging a module, panning and zooming, in the current view. */
async function gestures(page: Page) {
  const drag = await frameTimes(page, async () => {
    const [id] = await visibleModules(page, 1);
    const node = await page.locator(`.react-flow__node[data-id="${id}"]`).boundingBox();
    if (!node) throw new Error('no module in view');
    const from = { x: node.x + node.width / 2, y: node.y + Math.min(10, node.height / 2) };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 200, from.y + 150, { steps: 90 });
    await page.mouse.up();
  });
  const start = await emptyPoint(page);
  const pan = await frameTimes(page, async () => {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 300, start.y + 200, { steps: 90 });
    await page.mouse.up();
  });
  const pane = await page.locator('.react-flow__pane').boundingBox();
  if (!pane) throw new Error('no canvas');
  const zoom = await frameTimes(page, async () => {
    await page.mouse.move(pane.x + pane.width / 3, pane.y + pane.height / 3);
    for (let step = 0; step < 30; step++) {
      await page.mouse.wheel(0, step < 15 ? 120 : -120);
      await page.waitForTimeout(16);
    }
  });
  return { drag, pan, zoom };
}

/** Modules wholly in view on the canvas, in document order. */
function visibleModules(page: Page, count: number): Promise<string[]> {
  return page.evaluate((wanted) => {
    const pane = document.querySelector('.react-flow')?.getBoundingClientRect();
    if (!pane) return [];
    return [...document.querySelectorAll<HTMLElement>('.react-flow__node-module')]
      .filter((node) => {
        const box = node.getBoundingClientRect();
        return (
          box.top > pane.top + 10 &&
          box.bottom < pane.bottom - 160 &&
          box.left > pane.left + 60 &&
          // The left half: opening a module's editor narrows the canvas from the right.
          box.right < pane.left + pane.width / 2
        );
      })
      .map((node) => node.dataset.id ?? '')
      .slice(0, wanted);
  }, count);
}

/** From a click on a module until the frame after it shows selected. */
async function selectToPaint(page: Page, moduleId: string): Promise<number> {
  await page.evaluate((id) => {
    const node = document.querySelector(`.react-flow__node[data-id="${id}"]`);
    if (!node) throw new Error(`no node ${id}`);
    const result = { start: 0, end: 0 };
    (window as unknown as { __select: typeof result }).__select = result;
    node.addEventListener(
      'pointerdown',
      () => {
        result.start = performance.now();
      },
      { once: true, capture: true },
    );
    const observer = new MutationObserver(() => {
      if (!node.classList.contains('selected')) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        result.end = performance.now();
      });
    });
    observer.observe(node, { attributes: true, attributeFilter: ['class'] });
  }, moduleId);
  const box = await page.locator(`.react-flow__node[data-id="${moduleId}"]`).boundingBox();
  if (!box) throw new Error(`module ${moduleId} not on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + Math.min(12, box.height / 2));
  try {
    await page.waitForFunction(
      () => (window as unknown as { __select: { end: number } }).__select.end > 0,
      undefined,
      {
        timeout: 10_000,
      },
    );
  } catch {
    // A click that landed on a handle or an edge selects nothing: not a sample.
    return Number.NaN;
  }
  return page.evaluate(() => {
    const { start, end } = (window as unknown as { __select: { start: number; end: number } }).__select;
    return end - start;
  });
}

async function main() {
  if (
    !existsSync(join(root, 'apps/server/dist/main.js')) ||
    !existsSync(join(root, 'apps/web/dist/index.html'))
  )
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const results = [];
  try {
    const { token } = await call<{ token: string }>(server.url, 'POST', '/api/auth/login', undefined, {
      email: 'owner@demo.parley.dev',
      password: 'parley-demo',
    });
    for (const size of SIZES) {
      const bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, {
        name: `Canvas ${size.modules}`,
        language: 'en',
      });
      const flow = generatedFlow(bot.flow, size.modules, size.connections);
      const positions = flow.modules.map((module) => module.position);
      await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, { flow });
      const page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2');

      const opens: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = Date.now();
        await page.goto(`${server.url}/bots/list/${bot.id}`);
        await page.waitForFunction(everyModuleInViewShown, positions, { polling: 'raf', timeout: 60_000 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        opens.push(Date.now() - started);
      }

      // Close the side panel so the canvas has the room.
      await page.getByRole('button', { name: 'Close the panel' }).click();
      const overview = await gestures(page);
      // The view people work in: back from a module's page, centred on it at about 100 %.
      await page.goto(`${server.url}/bots/list/${bot.id}/module/m-31/settings`);
      await page.getByRole('button', { name: 'Back to the canvas' }).click();
      await page.locator('[data-module-editor="m-31"]').waitFor();
      await page.getByRole('button', { name: 'Close the panel' }).click();
      await page.getByRole('button', { name: 'Close the editor' }).click();
      await page.waitForTimeout(500);
      const working = await gestures(page);
      await page.getByRole('button', { name: 'Fit View' }).click();
      await page.waitForTimeout(300);
      const selects: number[] = [];
      // Nothing selected to begin with.
      const close = page.getByRole('button', { name: 'Close the editor' });
      if (await close.count()) await close.click();
      const inView = await visibleModules(page, 200);
      const picks = Array.from(
        { length: 10 },
        (_, index) => inView[Math.floor((index * inView.length) / 10)] ?? '',
      );
      for (const id of picks) {
        const time = await selectToPaint(page, id);
        if (!Number.isNaN(time)) selects.push(time);
      }
      const summary = (times: number[]) => ({
        frames: times.length,
        p50Ms: round(percentile(sorted(times), 50)),
        p95Ms: round(percentile(sorted(times), 95)),
        maxMs: round(Math.max(...times)),
        target: size.targets.frameP95Ms,
      });
      const frames = (measured: Record<string, number[]>) =>
        Object.fromEntries(Object.entries(measured).map(([name, times]) => [name, summary(times)]));
      results.push({
        modules: size.modules,
        connections: size.connections,
        openMs: { runs: opens, median: percentile(sorted(opens), 50), target: size.targets.openMs },
        framesAt100Percent: frames(working),
        framesWholeBotInView: frames(overview),
        selectToPaintMs: {
          samples: selects.length,
          p50: round(percentile(sorted(selects), 50)),
          p95: round(percentile(sorted(selects), 95)),
        },
      });
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(JSON.stringify(results, null, 2));
}

await main();
