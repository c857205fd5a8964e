import type { BotDetail, Deployment, InboxListResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoToken } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { type HostSite, shopPage, startHostSite } from './support/host-page';
import { builderSaveState, openSignedIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

const APOLOGY = 'Sorry, our tea advisor is resting right now. Pick a topic below instead.';

/** A question for the model; when it fails, the menu. Saved without a failure message, as before. */
const advisorFlow = flowFixture()
  .module(
    'start',
    'input',
    { prompt: 'What would you like to know about our teas?', variable: 'q', validator: { type: 'text' } },
    { next: 'advisor' },
    { name: 'Question', position: { x: 0, y: 0 } },
  )
  .module(
    'advisor',
    'llm',
    { userPrompt: 'Answer this question about tea: {{ q }}' },
    { failure: 'menu' },
    { name: 'Tea advisor', position: { x: 360, y: 0 } },
  )
  .module(
    'menu',
    'buttons',
    {
      text: 'What can I help with?',
      buttons: [
        { id: 'hours', label: 'Opening hours', action: { type: 'goto' }, setVariables: [] },
        { id: 'delivery', label: 'Delivery', action: { type: 'goto' }, setVariables: [] },
      ],
    },
    {},
    { name: 'Menu', position: { x: 720, y: 0 } },
  );

describe('an AI module with no model configured says why, and what the visitor reads', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: HostSite;
  let token: string;

  beforeAll(async () => {
    // No OPENAI_API_KEY: this server has no language model.
    [server, browser, site] = await Promise.all([
      startServer({ OPENAI_API_KEY: '' }),
      launchBrowser(),
      startHostSite(),
    ]);
    token = await demoToken(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  it('warns in the panel, names the reason in the debugger and the inbox, and the visitor reads the failure message', async () => {
    const bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, {
      name: 'Tea advisor',
      language: 'en',
    });
    await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, {
      flow: advisorFlow.onto(bot.flow),
    });
    const page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', `/bots/list/${bot.id}`);

    // The module's panel warns before anyone tries it, and says where to ask.
    await page.locator('[data-module-id="advisor"]').click();
    const editor = page.locator('[data-module-editor="advisor"]');
    const warning = editor.getByTestId('llm-no-model');
    await warning.getByText('No language model is set up').waitFor();
    expect(await warning.textContent()).toContain('always take its Failed connection');
    expect(await warning.getByRole('link', { name: 'Ask support' }).getAttribute('href')).toBe(
      'https://support.parley.dev',
    );

    // The builder chooses what the visitor reads when it fails.
    const failureField = editor
      .locator('[data-jinja-field="Message if the model fails"] .cm-content')
      .first();
    await failureField.scrollIntoViewIfNeeded();
    await failureField.click();
    await page.keyboard.type(APOLOGY);
    await expect.poll(() => builderSaveState(page), { timeout: 10_000 }).toBe('saved');
    await screenshot(page, 'builder-llm-failure-message');
    await warning.scrollIntoViewIfNeeded();
    await screenshot(page, 'builder-llm-no-model');
    const draft = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    expect(draft.flow.modules.find((module) => module.id === 'advisor')?.content).toMatchObject({
      failureMessage: APOLOGY,
    });

    // The debugger: the apology and the menu in the chat, the reason on the step that failed.
    await page.getByRole('button', { name: 'Close the editor' }).click();
    await page.getByRole('button', { name: 'Test & debug' }).click();
    const debug = page.getByRole('region', { name: 'Test & debug' });
    await debug.getByRole('button', { name: 'Start', exact: true }).click();
    const chat = debug.getByRole('log', { name: 'Test conversation' });
    await chat.getByText('What would you like to know about our teas?').waitFor();
    await debug.getByRole('textbox', { name: 'Message to the bot' }).fill('Is green tea caffeinated?');
    await page.keyboard.press('Enter');
    await chat.getByText(APOLOGY).waitFor();
    await chat.getByRole('button', { name: 'Opening hours' }).waitFor();
    const failed = debug.locator('[data-step-failure="not_configured"]');
    await failed.getByText('No language model is set up', { exact: true }).waitFor();
    expect(await failed.textContent()).toContain('No language model is configured for this Parley server');
    const failedStep = debug.locator('[data-step-kind="module"]:has([data-step-failure="not_configured"])');
    expect(await failedStep.textContent()).toMatch(/Failed.*Tea advisor → Menu/);
    await screenshot(page, 'builder-debugger-ai-failure');

    // Published: the visitor reads the apology and the menu, never the reason.
    await call(server.url, 'POST', `/api/bots/${bot.id}/publish`, token);
    const deployment = await call<Deployment>(server.url, 'POST', `/api/bots/${bot.id}/deployments`, token, {
      channel: 'webchat',
    });
    site.pages.set('/', shopPage(server.url, deployment.key));
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await visitor.goto(site.url);
    await visitor.getByRole('button', { name: 'Open chat' }).click();
    const widget = visitor.getByRole('dialog', { name: 'Chat with us' });
    await widget.getByText('What would you like to know about our teas?').waitFor();
    await widget.getByRole('textbox', { name: 'Write a message…' }).fill('Do you sell matcha?');
    await widget.getByRole('textbox', { name: 'Write a message…' }).press('Enter');
    await widget.getByText(APOLOGY).waitFor();
    await widget.getByRole('button', { name: 'Delivery' }).waitFor();
    const seen = (await widget.textContent()) ?? '';
    expect(seen).not.toMatch(/language model|OPENAI_API_KEY|configured|Failed/i);
    await screenshot(visitor, 'webchat-ai-failure-message');

    // The agent reads why in the transcript.
    const { conversations } = await call<InboxListResponse>(
      server.url,
      'GET',
      `/api/inbox?botId=${bot.id}&channel=webchat`,
      token,
    );
    const conversationId = conversations[0]?.id;
    expect(conversationId).toBeDefined();
    await page.goto(`${server.url}/v2/inbox?botId=${bot.id}&conversationId=${conversationId}`);
    const event = page.locator('[data-event="LLM Failed"]');
    await event
      .getByText(/^AI answer failed — No language model is set up: No language model is configured/)
      .waitFor();
    await page.getByText(APOLOGY).first().waitFor();
    await screenshot(page, 'inbox-ai-failure');
  });
});
