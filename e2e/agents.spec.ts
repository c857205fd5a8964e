import type { AddressInfo } from 'node:net';
import type { BotDetail, Deployment } from '@parley/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../apps/server/test/fake-openai';
import { fakeToolServer } from '../apps/server/test/fake-tool-server';
import { call, demoToken } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { builderSaved, connectNew, jinjaField, replaceText } from './support/builder';
import { shopPage, startHostSite } from './support/host-page';
import { openSignedIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

type Body = Record<string, unknown>;
const messagesOf = (body: Body) => body.messages as { role: string; content?: string | null }[];
const offers = (body: Body, tool: string) =>
  ((body.tools as { function: { name: string } }[] | undefined) ?? []).some(
    (offered) => offered.function.name === tool,
  );

/**
 * A model for two agents: one that stores the order number it is told, then answers; one that
 * looks an order up with its HTTP tool, and hands off when asked for a person.
 */
const model = fakeOpenAi({
  tokens: (body) =>
    messagesOf(body).some((message) => message.role === 'tool' && message.content?.includes('shipped'))
      ? ['Order A1', ' has shipped.']
      : offers(body, 'order_status')
        ? ['Which order?']
        : ['Order 4417', ' ships tomorrow.'],
  toolCalls: (body) => {
    const messages = messagesOf(body);
    if (messages.some((message) => message.role === 'tool')) return undefined;
    // A prompt's test run offers no tools: the model answers.
    if (!offers(body, 'order_status'))
      return offers(body, 'set_variable')
        ? [{ name: 'set_variable', arguments: '{"name":"order","value":"4417"}' }]
        : undefined;
    const said = messages.findLast((message) => message.role === 'user')?.content ?? '';
    if (said.includes('person')) return [{ name: 'hand_off', arguments: '{"reason":"Wants a person"}' }];
    if (said.includes('A1')) return [{ name: 'order_status', arguments: '{"order_id":"A1"}' }];
    return undefined;
  },
});
const shop = fakeToolServer();

describe('agents: create one, try it in the playground, read its trace, make an API key', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await Promise.all(
      [model.server, shop.server].map(
        (listening) => new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve)),
      ),
    );
    const modelUrl = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
    [server, browser] = await Promise.all([
      startServer({
        SEED_DEMO: '1',
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: modelUrl,
        // The order service is a local server: the outgoing-call guard lets this one host through.
        OUTGOING_ALLOW_HOSTS: '127.0.0.1',
      }),
      launchBrowser(),
    ]);
    page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', '/v2/agents/manage');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all(
      [model.server, shop.server].map(
        (listening) => new Promise<void>((resolve) => listening.close(() => resolve())),
      ),
    );
  });

  it('builds an order-status agent and shows what it did', async () => {
    await page.getByRole('button', { name: 'New agent' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Order status');
    await page.getByRole('textbox', { name: 'Goal' }).fill('Tell visitors where their order is');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/v2\/agents\/manage\/[\w-]+$/);
    await page
      .getByRole('textbox', { name: 'Instructions' })
      .fill('Greet {{ first_name }} and find the order.');
    await page.getByRole('checkbox', { name: /Set a conversation variable/ }).check();
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await expect.poll(() => page.getByText('Version 2 is saved.').count()).toBe(1);

    await page.getByRole('textbox', { name: 'Conversation variables' }).fill('first_name = Ada');
    await page.getByRole('textbox', { name: 'Message to the agent' }).fill('Where is order 4417?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Order 4417 ships tomorrow.').first().waitFor();
    await page.getByRole('button', { name: /Tool set_variable/ }).click();
    await page.getByText('"value": "4417"').first().waitFor();
    await screenshot(page, 'agents-detail-playground');

    await page.goto(`${server.url}/v2/agents/manage`);
    await page.getByRole('link', { name: 'Order status' }).waitFor();
    await screenshot(page, 'agents-manage');

    await page.getByRole('tab', { name: 'Admin' }).click();
    await page.getByRole('button', { name: 'New API key' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Order system');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(secret).toMatch(/^pak_/);
    await screenshot(page, 'agents-admin-key-once');
    await page.getByRole('button', { name: 'Done' }).click();
    const listed = await fetch(`${server.url}/agents-api/agents`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(listed.status).toBe(200);
    await screenshot(page, 'agents-admin');
  });

  it('keeps a prompt library: versions, a diff of two, and a test run', async () => {
    await page.goto(`${server.url}/v2/agents/prompts`);
    await page.getByRole('button', { name: 'New prompt' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill('Support voice');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('form', { name: 'Prompt' });
    const template = form.getByRole('textbox', { name: 'Template' });
    await template.fill('You work for {{ shop }}.\nAnswer briefly.');
    await form.getByRole('button', { name: 'Declare them' }).click();
    await form.getByRole('textbox', { name: 'Sample value' }).fill('Tea Shop');
    await form.getByRole('button', { name: 'Save a new version' }).click();
    await page.getByText('Saved as version 2').waitFor();
    await template.fill('You work for {{ shop }}.\nAnswer in detail.\nNever promise a date.');
    await form.getByRole('button', { name: 'Save a new version' }).click();
    await page.getByText('Saved as version 3').waitFor();

    await page.getByRole('tab', { name: 'Versions' }).click();
    const diff = page.getByRole('table', { name: 'Differences' });
    await diff.locator('[data-diff="removed"]', { hasText: 'Answer briefly.' }).waitFor();
    await diff.locator('[data-diff="added"]', { hasText: 'Never promise a date.' }).waitFor();
    await screenshot(page, 'agents-prompt-diff');

    await page.getByRole('tab', { name: 'Test' }).click();
    await page.getByRole('textbox', { name: 'A visitor’s message' }).fill('Hello');
    await page.getByRole('button', { name: 'Run' }).click();
    const result = page.getByTestId('prompt-result');
    await result.getByText('You work for Tea Shop.', { exact: false }).waitFor();
    await result.getByText('Order 4417 ships tomorrow.').waitFor();
    await screenshot(page, 'agents-prompt-test-run');
  });

  it('gives an agent an HTTP tool, tries it, puts it in a bot on the canvas, and shows its steps in the inbox', async () => {
    const shopUrl = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}`;
    await page.goto(`${server.url}/v2/agents/tools`);
    await page.getByRole('button', { name: 'New HTTP tool' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('textbox', { name: 'Name', exact: true }).first().fill('order_status');
    await editor.getByRole('textbox', { name: 'What it does' }).fill('Where an order is, by its number');
    await editor.getByRole('textbox', { name: 'URL' }).fill(`${shopUrl}/orders/{{ order_id }}`);
    await editor.getByRole('button', { name: 'Add header' }).click();
    await editor.getByRole('textbox', { name: 'Header' }).fill('Authorization');
    await editor.getByLabel('Value').fill('Bearer shop-secret');
    await editor.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'order_status' }).waitFor();

    await page.getByRole('tab', { name: 'Agents' }).click();
    await page.getByRole('button', { name: 'New agent' }).first().click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Order desk');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/v2\/agents\/manage\/[\w-]+$/);
    const agentId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByRole('textbox', { name: 'Instructions' }).fill('Look orders up; hand off when asked.');
    await page.getByRole('checkbox', { name: /Hand off to a person/ }).check();
    await page.getByRole('checkbox', { name: /order_status/ }).check();
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await expect.poll(() => page.getByText('Version 2 is saved.').count()).toBe(1);

    // The playground streams the answer, then shows the trace: the model call and the tool call.
    await page.getByRole('textbox', { name: 'Message to the agent' }).fill('Where is order A1?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Trace of the last turn').waitFor();
    await page.getByText('Order A1 has shipped.').first().waitFor();
    await page.getByRole('button', { name: /Tool order_status/ }).click();
    await page.getByText('"order_id": "A1"').first().waitFor();
    await screenshot(page, 'agents-http-tool-trace');

    // Into a bot, as a person does: an AI agent module after the welcome, the agent and its
    // version chosen in its panel, a person and an apology on its exits; then publish.
    const token = await demoToken(server.url);
    const bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, {
      name: 'Order help',
      language: 'en',
    });
    await page.goto(`${server.url}/bots/list/${bot.id}`);
    await page.locator('[data-module-id="start"]').waitFor();
    await page.getByRole('button', { name: 'Close the panel' }).click();
    await page.locator('[data-module-id="start"]').click();
    await replaceText(
      page,
      jinjaField(page.locator('[data-module-editor="start"]'), 'Message'),
      'Hi! I can look up your order.',
    );
    await connectNew(page, 'start', 'next', 'AI agent');
    const agentPanel = page.locator('[data-module-editor="agent-2"]');
    await agentPanel.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: 'Order desk' }).click();
    const version = agentPanel.getByRole('spinbutton', { name: 'Version' });
    expect(await version.inputValue()).toBe('2');
    await version.fill('1');
    await agentPanel.getByText('A newer version (2) exists').waitFor();
    await version.fill('2');
    await agentPanel.getByText('The agent’s saved version this bot uses').waitFor();
    await page.locator('[data-module-id="agent-2"]').getByText('Order desk, version 2').waitFor();

    await connectNew(page, 'agent-2', 'handoff', 'Human handoff');
    await replaceText(
      page,
      jinjaField(page.locator('[data-module-editor="handoff-3"]'), 'Message to the user'),
      'Connecting you with a person…',
    );
    await connectNew(page, 'agent-2', 'failed', 'Text');
    await replaceText(
      page,
      jinjaField(page.locator('[data-module-editor="text-4"]'), 'Message'),
      'Sorry, something went wrong.',
    );
    // Tidied from the keyboard, on the canvas.
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+Shift+L');
    await builderSaved(page);
    await page.getByRole('button', { name: 'Fit View' }).click();
    await screenshot(page, 'agents-in-builder');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Version 1 published' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    const published = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    expect(published.flow.modules.find((module) => module.type === 'agent')).toMatchObject({
      content: { agent: { id: agentId, name: 'Order desk', version: 2 } },
      connections: expect.arrayContaining([
        expect.objectContaining({ port: 'handoff', target: 'handoff-3' }),
        expect.objectContaining({ port: 'failed', target: 'text-4' }),
      ]),
    });
    const deployment = await call<Deployment>(server.url, 'POST', `/api/bots/${bot.id}/deployments`, token, {
      channel: 'webchat',
    });

    const site = await startHostSite();
    try {
      site.pages.set('/', shopPage(server.url, deployment.key));
      const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
      await visitor.goto(site.url);
      await visitor.getByRole('button', { name: 'Open chat' }).click();
      const chat = visitor.getByRole('dialog', { name: 'Chat with us' });
      const input = chat.getByRole('textbox', { name: 'Write a message…' });
      await input.fill('Where is order A1?');
      await input.press('Enter');
      await chat.getByText('Order A1 has shipped.').waitFor();
      await input.fill('I want a person');
      await input.press('Enter');
      await chat.getByText('Connecting you with a person…').waitFor();
      await screenshot(visitor, 'agents-widget-handoff');
      expect(shop.requests.some((request) => request.path === '/orders/A1')).toBe(true);

      // The inbox shows the agent's turns inside the conversation, each tool call one click away.
      await page.goto(`${server.url}/v2/inbox?botId=${bot.id}`);
      await page
        .getByRole('list', { name: 'Conversations' })
        .locator('[data-status="waiting"]')
        .first()
        .click();
      const transcript = page.getByRole('log', { name: 'Transcript' });
      const looked = transcript.locator('[data-event="Agent Turn"]', {
        hasText: 'Agent Order desk: answered, 1 tool call',
      });
      await looked.getByText('Agent Order desk: answered, 1 tool call').click();
      await looked.getByText('order_status').waitFor();
      await looked
        .getByText(/Model call: \d+ \+ \d+ tokens/)
        .first()
        .waitFor();
      await looked.getByText('"status": "shipped"').first().waitFor();
      await transcript.getByText('Agent Order desk: handed to a person, 1 tool call').waitFor();
      await screenshot(page, 'agents-inbox-agent-turns');
    } finally {
      await site.close();
    }
  });

  it('shows Parley staff every company’s agent changes in admin, or one company’s', async () => {
    const staff = await openSignedIn(browser, server.url, 'staff@parley.dev', '/v2/agents/admin');
    const log = staff.getByRole('region', { name: 'Audit log' });
    const created = log.locator('div', { hasText: /created the agent · Order desk/ }).last();
    await created.waitFor();
    await log.getByText('Demo Co').first().waitFor();
    await screenshot(staff, 'agents-admin-staff-audit');
    const pickers = staff.getByRole('combobox', { name: 'Company' });
    const picker = pickers.last();
    await picker.fill('Parley');
    await staff.getByRole('option', { name: 'Parley', exact: true }).click();
    await log.getByText('No changes recorded yet.').waitFor();
    await staff.context().close();
  });
});
