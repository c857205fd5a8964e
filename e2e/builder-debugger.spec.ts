import type { BotDetail } from '@parley/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from './support/bots';
import { screenshot } from './support/browser';
import { builderSaved, emptySpot, jinjaField, replaceText, runningApp } from './support/builder';
import { addKeywordGlobal, openSignedIn } from './support/journeys';

describe('building a bot from scratch and debugging it', () => {
  const app = runningApp();

  const fitView = async (page: Page) => {
    await page.getByRole('button', { name: 'Fit View' }).click();
    // Room around the modules, so the minimap covers none of their handles.
    await page.getByRole('button', { name: 'Zoom Out' }).click();
    // The view glides into place: handles are where they are once it has.
    await page.waitForTimeout(400);
  };
  const centreOf = async (locator: Locator) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not on screen');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  /** Drags a connection from an output handle to a point (empty canvas, or another module's input). */
  const dragConnection = async (page: Page, from: Locator, to: { x: number; y: number }) => {
    const start = await centreOf(from);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
  };
  const output = (page: Page, moduleId: string, port: string) =>
    page.locator(`[data-module-id="${moduleId}"] [data-port="${port}"] .react-flow__handle`);
  const inView = async (page: Page, moduleId: string) => {
    const pane = await page.locator('.react-flow__pane').boundingBox();
    const box = await page.locator(`[data-module-id="${moduleId}"]`).boundingBox();
    return Boolean(
      pane &&
        box &&
        box.x >= pane.x &&
        box.y >= pane.y &&
        box.x + box.width <= pane.x + pane.width &&
        box.y + box.height <= pane.y + pane.height,
    );
  };
  /** Drops a connection on empty canvas and picks the new module's type. */
  const connectNew = async (page: Page, moduleId: string, port: string, type: string) => {
    await fitView(page);
    await dragConnection(page, output(page, moduleId, port), await emptySpot(page));
    await page
      .getByRole('menu', { name: 'Connect to a new module' })
      .getByRole('menuitem', { name: type, exact: true })
      .click();
  };

  it('message → buttons with a Set Variable → condition → end, a global connection, then the debugger shows each kind of step', async () => {
    const bot = await call<BotDetail>(app.server.url, 'POST', '/api/bots', app.token, {
      name: 'Tea from scratch',
      language: 'en',
    });
    const page = await openSignedIn(
      app.browser,
      app.server.url,
      'owner@demo.parley.dev',
      `/bots/list/${bot.id}`,
    );

    await page.getByRole('button', { name: 'Close the panel' }).click();
    // The start message.
    await page.locator('[data-module-id="start"]').click();
    await replaceText(
      page,
      jinjaField(page.locator('[data-module-editor="start"]'), 'Message'),
      'Welcome to the tea shop!',
    );

    // Buttons, by dropping the start's connection on empty canvas; the button sets a variable.
    await connectNew(page, 'start', 'next', 'Buttons');
    const buttons = page.locator('[data-module-editor="buttons-2"]');
    await buttons.waitFor();
    await replaceText(page, jinjaField(buttons, 'Question'), 'Tea or nothing?');
    const option = buttons.getByRole('group', { name: 'Option 1' });
    await option.getByRole('textbox', { name: 'Label' }).fill('Tea');
    const tea = buttons.getByRole('group', { name: 'Tea' });
    await tea.getByRole('button', { name: 'Add Set Variable' }).click();
    await tea.getByRole('combobox', { name: 'Variable' }).fill('choice');
    await replaceText(page, jinjaField(tea, 'Value (Jinja expression)'), "'tea'");

    // A condition on it, then the end, reached from both of its outputs.
    await connectNew(page, 'buttons-2', 'button:b1', 'Condition');
    const condition = page.locator('[data-module-editor="condition-3"]');
    await condition.waitFor();
    await condition.getByRole('textbox', { name: 'Label' }).fill('Tea lover');
    await replaceText(page, jinjaField(condition, 'Condition (Jinja expression)'), "choice == 'tea'");
    await connectNew(page, 'condition-3', 'branch:c1', 'End');
    const end = page.locator('[data-module-editor="end-4"]');
    await end.waitFor();
    await replaceText(page, jinjaField(end, 'Goodbye message'), 'Enjoy your {{ choice }}!');
    await fitView(page);
    await dragConnection(
      page,
      output(page, 'condition-3', 'else'),
      await centreOf(page.locator('[data-module-id="end-4"] .react-flow__handle.target')),
    );

    // Tidy up from the keyboard, on the canvas.
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+Shift+L');

    // A global connection: "help" leads back to the menu.
    await page.locator('[data-module-id="buttons-2"]').click();
    await addKeywordGlobal(page, 'Help', 'help');
    await builderSaved(page);

    const draft = (await call<BotDetail>(app.server.url, 'GET', `/api/bots/${bot.id}`, app.token)).flow;
    expect(
      draft.modules.map((module) => [
        module.id,
        module.type,
        module.connections.map((c) => [c.port, c.target]),
      ]),
    ).toEqual([
      ['start', 'text', [['next', 'buttons-2']]],
      ['buttons-2', 'buttons', [['button:b1', 'condition-3']]],
      [
        'condition-3',
        'condition',
        [
          ['branch:c1', 'end-4'],
          ['else', 'end-4'],
        ],
      ],
      ['end-4', 'end', []],
    ]);

    // The debugger runs the draft: the chat, the steps, and where it is on the canvas.
    await page.getByRole('button', { name: 'Close the editor' }).click();
    await page.getByRole('button', { name: 'Test & debug' }).click();
    const debug = page.getByRole('region', { name: 'Test & debug' });
    await debug.getByRole('button', { name: 'Start', exact: true }).click();
    const chat = debug.getByRole('log', { name: 'Test conversation' });
    await chat.getByText('Tea or nothing?').waitFor();
    await chat.getByText('Welcome to the tea shop!').waitFor();
    await page.locator('[data-module-id="buttons-2"] [data-debug-here]').waitFor();
    const steps = debug.getByRole('list', { name: 'Steps' });
    expect(
      await steps
        .locator('[data-step-kind]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step-kind'))),
    ).toEqual(['start', 'module']);

    // Pressing the button follows module connections to the end, setting the variable.
    await chat.getByRole('button', { name: 'Tea' }).click();
    await chat.getByText('Enjoy your tea!').waitFor();
    const lastTurn = steps.locator('[data-turn="2"]');
    await lastTurn.getByText('Module connection').first().waitFor();
    expect(await lastTurn.locator('[data-step-kind="module"]').count()).toBe(2);
    await lastTurn.getByText('Tea lover').waitFor();
    await debug.getByRole('status').getByText('Ended at End').waitFor();
    await expect.poll(() => page.locator('.react-flow__edge.is-travelled').count()).toBe(2);
    await page.locator('[data-module-id="end-4"] [data-debug-here]').waitFor();
    await lastTurn.getByRole('button', { name: 'Variables after this step' }).first().click();
    await lastTurn.locator('[data-changed="true"]').getByText('choice').waitFor();

    // "help" matches the global connection: listed, and labelled, as one.
    await debug.getByRole('textbox', { name: 'Message to the bot' }).fill('help');
    await page.keyboard.press('Enter');
    const helped = steps.locator('[data-turn="3"]');
    await helped.locator('[data-step-kind="global"]').getByText('Global connection').waitFor();
    await helped.locator('[data-step-kind="global"]').getByText('Help').waitFor();
    await page.locator('[data-module-id="buttons-2"] [data-debug-here]').waitFor();
    // The canvas follows the conversation back to the menu.
    await expect.poll(() => inView(page, 'buttons-2'), { timeout: 5_000 }).toBe(true);
    await screenshot(page, 'builder-debugger');

    // Restart from any module.
    await debug.getByRole('combobox', { name: 'Start at' }).click();
    await page.getByRole('option', { name: 'Condition' }).click();
    await debug.getByRole('button', { name: 'Restart' }).click();
    await steps.locator('[data-turn="1"]').getByText('Start', { exact: true }).waitFor();
    await chat.getByText('Enjoy your !').waitFor();
    expect(await steps.locator('[data-turn]').count()).toBe(1);
  });
});
