import type { BotDetail } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { describe, expect, it } from 'vitest';
import { call } from './support/bots';
import { screenshot } from './support/browser';
import { builderSaved, jinjaField, replaceText, runningApp } from './support/builder';
import { addKeywordGlobal, openSignedIn } from './support/journeys';

/** A bot with a start message leading to a menu of two buttons, one leading to a handoff. */
const menuFlow = flowFixture()
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
    { 'button:person': 'handoff', 'button:order': 'check' },
    { name: 'Main menu', position: { x: 360, y: 0 } },
  )
  .module(
    'check',
    'condition',
    { branches: [{ id: 'c1', label: 'Big', expression: 'total > 100' }] },
    { 'branch:c1': 'handoff', else: 'handoff' },
    { name: 'Big order?', position: { x: 720, y: -160 } },
  )
  .module(
    'handoff',
    'handoff',
    { message: 'Connecting you…', reason: 'Asked for a person' },
    {},
    { name: 'To the team', position: { x: 1080, y: 80 } },
  )
  .variable({ name: 'total', default: 0 });

describe('editing modules in the builder', () => {
  const app = runningApp();

  const newBot = async (name: string) => {
    const bot = await call<BotDetail>(app.server.url, 'POST', '/api/bots', app.token, {
      name,
      language: 'en',
    });
    await call(app.server.url, 'PUT', `/api/bots/${bot.id}/flow`, app.token, {
      flow: menuFlow.onto(bot.flow),
    });
    return bot;
  };
  const draftOf = (bot: BotDetail) =>
    call<BotDetail>(app.server.url, 'GET', `/api/bots/${bot.id}`, app.token);

  const open = (path: string) => openSignedIn(app.browser, app.server.url, 'owner@demo.parley.dev', path);

  it('edits a module beside the canvas: Jinja with errors and preview, word wrap, a Set Variable button action', async () => {
    const bot = await newBot('Editing bot');
    const page = await open(`/bots/list/${bot.id}`);
    const node = page.locator('[data-module-id="menu"]');
    await node.click();
    const editor = page.locator('[data-module-editor="menu"]');
    await editor.waitFor();

    // A Jinja error shows with its line, and the draft keeps what was valid.
    const question = jinjaField(editor, 'Question');
    await replaceText(page, question, 'Hi {{ name');
    await editor.getByText(/Line 1:/).waitFor();
    await replaceText(page, question, 'Hi {{ name }}, what would you like?');
    await node.getByText('Hi {{ name }}, what would you like?').waitFor();
    expect(await editor.getByText(/Line 1:/).count()).toBe(0);

    // The preview renders on the server with sample values.
    await editor
      .locator('[data-jinja-field="Question"]')
      .locator('..')
      .getByRole('button', { name: 'Preview' })
      .click();
    const preview = editor.getByRole('region', { name: 'Preview' });
    await preview.getByRole('button', { name: 'Sample values' }).click();
    await preview.getByRole('textbox', { name: 'Sample values (JSON)' }).fill('{"name": "Ada"}');
    await expect
      .poll(() => preview.locator('[data-preview-output]').textContent(), { timeout: 10_000 })
      .toBe('Hi Ada, what would you like?');

    // Word wrap is a toggle on long fields.
    const wrap = editor.getByRole('button', { name: 'Wrap long lines' }).first();
    expect(await wrap.getAttribute('aria-pressed')).toBe('true');
    expect(await question.evaluate((content) => content.classList.contains('cm-lineWrapping'))).toBe(true);
    await wrap.click();
    expect(await wrap.getAttribute('aria-pressed')).toBe('false');
    expect(await question.evaluate((content) => content.classList.contains('cm-lineWrapping'))).toBe(false);
    await wrap.click();

    // A button sets a variable when pressed.
    const button = editor.getByRole('group', { name: 'Track my order' });
    await button.getByRole('button', { name: 'Add Set Variable' }).click();
    await button.getByRole('combobox', { name: 'Variable' }).fill('topic');
    await replaceText(page, jinjaField(button, 'Value (Jinja expression)'), "'orders'");
    await screenshot(page, 'builder-module-editor');
    await builderSaved(page);
    const menu = (await draftOf(bot)).flow.modules.find((module) => module.id === 'menu');
    expect(menu?.content).toMatchObject({
      text: 'Hi {{ name }}, what would you like?',
      buttons: [{ id: 'order', setVariables: [{ variable: 'topic', value: "'orders'" }] }, { id: 'person' }],
    });

    // Removing a button removes its output and the connection from it.
    await editor.getByRole('button', { name: 'Remove Talk to a person' }).click();
    await expect.poll(() => node.locator('[data-port]').count()).toBe(1);
    await builderSaved(page);
    const after = (await draftOf(bot)).flow.modules.find((module) => module.id === 'menu');
    expect(after?.connections.map((connection) => connection.port)).toEqual(['button:order']);

    // Undo brings button and connection back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => node.locator('[data-port]').count()).toBe(2);
    await page.context().close();
  });

  it('opens a module’s settings as a page by its address, and goes back to the canvas centred on it', async () => {
    const bot = await newBot('Settings bot');
    const page = await open(`/bots/list/${bot.id}/module/handoff/settings`);
    const editor = page.locator('[data-module-editor="handoff"]');
    await editor.waitFor();
    await editor.getByRole('textbox', { name: 'Reason' }).fill('Wants a refund');
    await builderSaved(page);
    await screenshot(page, 'builder-module-settings');
    await page.getByRole('button', { name: 'Back to the canvas' }).click();
    await page.waitForURL(new RegExp(`/bots/list/${bot.id}$`));
    // The module is selected (its editor beside the canvas) and in view.
    await page.locator('[data-module-editor="handoff"]').waitFor();
    const inView = async () => {
      const box = await page.locator('[data-module-id="handoff"]').boundingBox();
      return box !== null && box.x > 0 && box.x + box.width < 1440 - 420;
    };
    await expect.poll(inView).toBe(true);
    const handoff = (await draftOf(bot)).flow.modules.find((module) => module.id === 'handoff');
    expect(handoff?.content).toMatchObject({ reason: 'Wants a refund' });

    // An unknown module is not found, inside the builder.
    await page.goto(`${app.server.url}/bots/list/${bot.id}/module/nope/settings`);
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    await page.context().close();
  });

  it('shows problems on the modules and in a list, refuses to publish with errors, and publishes once fixed', async () => {
    const bot = await newBot('Publishing bot');
    const page = await open(`/bots/list/${bot.id}`);
    const check = page.locator('[data-module-id="check"]');
    await check.click();
    const editor = page.locator('[data-module-editor="check"]');
    await replaceText(page, jinjaField(editor, 'Condition (Jinja expression)'), 'total >');
    await check.locator('[data-problem="error"]').waitFor();
    await builderSaved(page);

    await page.getByRole('button', { name: 'Publish' }).click();
    const blocked = page.getByRole('dialog', { name: /stops publishing/ });
    await blocked.waitFor();
    await screenshot(page, 'builder-publish-blocked');
    // A click on the error goes to its module.
    await blocked
      .getByRole('button')
      .filter({ hasText: /Big order|check|expression|template/i })
      .first()
      .click();
    await page.locator('[data-module-editor="check"]').waitFor();

    await replaceText(
      page,
      jinjaField(page.locator('[data-module-editor="check"]'), 'Condition (Jinja expression)'),
      'total > 100',
    );
    await expect.poll(() => check.locator('[data-problem="error"]').count()).toBe(0);
    await builderSaved(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Version 1 published' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Versions' }).click();
    await page.getByRole('region', { name: 'Versions' }).getByText('Version 1').waitFor();
    await screenshot(page, 'builder-versions');
    await page.context().close();
  });

  it('adds, edits, clones and turns off global connections, and draws them on the canvas', async () => {
    const bot = await newBot('Globals bot');
    const page = await open(`/bots/list/${bot.id}`);
    await page.locator('[data-module-id="handoff"]').click();
    // A new one leads to the selected module.
    const { panel, editor } = await addKeywordGlobal(page, 'Ask for a person', 'agent');
    await editor.getByRole('button', { name: 'Add Set Variable' }).click();
    await editor.getByRole('combobox', { name: 'Variable' }).fill('wants_person');
    await replaceText(page, jinjaField(editor, 'Value (Jinja expression)'), 'true');
    await builderSaved(page);

    // Clone it, then turn the copy off.
    await panel.getByRole('button', { name: 'Clone Ask for a person' }).click();
    await panel.getByRole('group', { name: 'Ask for a person (copy)' }).waitFor();
    await panel.getByRole('switch', { name: 'Ask for a person (copy) is on' }).click();

    // Drawn on the canvas, dashed, from their own node.
    await panel.getByRole('switch', { name: 'Show on the canvas' }).click();
    await page.locator('[data-globals-node]').waitFor();
    await expect.poll(() => page.locator('.react-flow__edge.is-global').count()).toBe(2);
    await page.getByRole('button', { name: 'Fit View' }).click();
    await screenshot(page, 'builder-global-connections');
    await builderSaved(page);
    const globals = (await draftOf(bot)).flow.globalConnections;
    expect(globals).toEqual([
      {
        id: 'global-1',
        name: 'Ask for a person',
        trigger: { type: 'keyword', keywords: ['agent'], match: 'exact' },
        target: 'handoff',
        actions: [{ type: 'set_variable', variable: 'wants_person', value: 'true' }],
        enabled: true,
        priority: 0,
      },
      expect.objectContaining({
        id: 'global-2',
        name: 'Ask for a person (copy)',
        enabled: false,
        target: 'handoff',
      }),
    ]);
    await page.context().close();
  });

  it('finds modules, pins a tag to keep its modules highlighted, and renames a variable everywhere', async () => {
    const bot = await newBot('Organising bot');
    const page = await open(`/bots/list/${bot.id}`);
    await page.locator('[data-module-id="menu"]').waitFor();

    // Find by content, jump to it.
    await page.locator('.react-flow__pane').click({ position: { x: 400, y: 600 } });
    await page.keyboard.press('Control+f');
    const find = page.getByRole('textbox', { name: 'Find modules by name or content' });
    await expect.poll(() => find.evaluate((input) => input === document.activeElement)).toBe(true);
    await find.fill('person');
    const results = page.getByRole('list', { name: 'Modules found' });
    await results.getByRole('button', { name: /Main menu/ }).click();
    await page.locator('[data-module-editor="menu"]').waitFor();

    // A tag, put on two modules, pinned.
    await page.getByRole('button', { name: 'Tags' }).click();
    await page.getByRole('textbox', { name: 'New tag' }).fill('Sales');
    await page.getByRole('radio', { name: '#10b981' }).click();
    await page.getByRole('button', { name: 'Create tag' }).click();
    const moduleTags = page.locator('[data-module-editor="menu"]').getByRole('combobox', { name: 'Tags' });
    await moduleTags.click();
    await page.getByRole('option', { name: 'Sales' }).click();
    await page.keyboard.press('Escape');
    await page.locator('[data-module-id="check"]').click();
    await page.locator('[data-module-editor="check"]').getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Sales' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Pin Sales' }).click();
    await expect.poll(() => page.locator('[data-pinned="true"]').count()).toBe(2);
    const tag = page.getByRole('group', { name: 'Sales' });
    await tag.getByRole('button', { name: 'Big order?' }).waitFor();
    await screenshot(page, 'builder-tags');
    await page.getByRole('button', { name: 'Pin Sales' }).click();
    await expect.poll(() => page.locator('[data-pinned="true"]').count()).toBe(0);

    // Rename a variable: the condition that reads it follows.
    await page.getByRole('button', { name: 'Variables' }).click();
    const total = page.getByRole('group', { name: 'total' });
    await total.getByRole('button', { name: 'Open total' }).click();
    await total.getByRole('button', { name: 'Big order?' }).waitFor();
    await total.getByRole('textbox', { name: 'Name' }).fill('order_total');
    await total.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('group', { name: 'order_total' }).waitFor();
    await page.locator('[data-module-id="check"]').getByText('if order_total > 100').waitFor();
    await screenshot(page, 'builder-variables');
    await builderSaved(page);
    const flow = (await draftOf(bot)).flow;
    expect(flow.variables.map((variable) => variable.name)).toEqual(['order_total']);
    expect(flow.modules.find((module) => module.id === 'check')?.content).toMatchObject({
      branches: [{ expression: 'order_total > 100' }],
    });
    expect(flow.tags).toEqual([{ id: 'sales', name: 'Sales', color: '#10b981' }]);
    expect(flow.modules.filter((module) => module.tags.includes('sales')).map((module) => module.id)).toEqual(
      ['menu', 'check'],
    );
    await page.context().close();
  });

  it('copies two connected modules into another bot, connects into empty space, deletes and tidies up by keyboard and menu', async () => {
    const from = await newBot('Copy from');
    const to = await call<BotDetail>(app.server.url, 'POST', '/api/bots', app.token, {
      name: 'Copy to',
      language: 'en',
    });
    const page = await open(`/bots/list/${from.id}`);
    await page.locator('[data-module-id="check"]').click();
    await page.locator('[data-module-id="handoff"]').click({ modifiers: ['Shift'] });
    await page.keyboard.press('Control+c');

    // Another bot, in another tab: paste under the pointer.
    const other = await page.context().newPage();
    await other.goto(`${app.server.url}/bots/list/${to.id}`);
    await other.locator('[data-module-id="start"]').waitFor();
    await other.locator('.react-flow__pane').click({ position: { x: 300, y: 500 } });
    await other.keyboard.press('Control+v');
    await other.locator('[data-module-id="condition-2"]').waitFor();
    await other.locator('[data-module-id="handoff-3"]').waitFor();
    await builderSaved(other);
    let flow = (await draftOf(to)).flow;
    expect(flow.modules.map((module) => module.id)).toEqual(['start', 'condition-2', 'handoff-3']);
    expect(flow.modules[1]?.connections.map((connection) => [connection.port, connection.target])).toEqual([
      ['branch:c1', 'handoff-3'],
      ['else', 'handoff-3'],
    ]);

    // A connection dropped on empty canvas offers a new module there, connected.
    const handle = other.locator('[data-module-id="start"] [data-port="next"] .react-flow__handle');
    const box = await handle.boundingBox();
    if (!box) throw new Error('no handle');
    await other.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await other.mouse.down();
    await other.mouse.move(box.x + 200, box.y - 200, { steps: 10 });
    await other.mouse.up();
    await other
      .getByRole('menu', { name: 'Connect to a new module' })
      .getByRole('menuitem', { name: 'Text' })
      .click();
    await other.locator('[data-module-editor="text-4"]').waitFor();
    await builderSaved(other);
    flow = (await draftOf(to)).flow;
    expect(flow.modules[0]?.connections.map((connection) => connection.target)).toEqual(['text-4']);

    // Delete by keyboard (the canvas has the focus), then tidy up from the Edit menu.
    await other.locator('[data-module-id="text-4"]').click();
    await other.keyboard.press('Delete');
    await expect.poll(() => other.locator('[data-module-id="text-4"]').count()).toBe(0);
    await other.getByRole('button', { name: 'Edit' }).click();
    await other.getByRole('menuitem', { name: /Tidy up/ }).click();
    await builderSaved(other);
    flow = (await draftOf(to)).flow;
    expect(flow.modules.map((module) => module.id)).toEqual(['start', 'condition-2', 'handoff-3']);
    const x = Object.fromEntries(flow.modules.map((module) => [module.id, module.position.x]));
    expect(x['condition-2']).toBeLessThan(x['handoff-3'] ?? 0);
    await other.getByRole('button', { name: 'Edit' }).click();
    await screenshot(other, 'builder-edit-menu');
    await page.context().close();
  });
});
