import type { BotDetail, CurrentUser, Deployment, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { definitionOf, moduleTypes } from '@parley/modules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoToken } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { DEMO_PASSWORD } from './support/journeys';
import { type RunningServer, startServer } from './support/server';
import { describeUntranslated, es, speakSpanish, type Untranslated, untranslatedOn } from './support/spanish';

/** A shop's bot written in Spanish: a menu, a question with an answer to check, a person. */
const shopFlow = flowFixture()
  .module(
    'start',
    'text',
    { text: '¡Hola! Soy el asistente de la tienda.' },
    { next: 'menu' },
    { name: 'Bienvenida' },
  )
  .module(
    'menu',
    'buttons',
    {
      text: '¿En qué te ayudo?',
      buttons: [
        { id: 'persona', label: 'Hablar con una persona', action: { type: 'goto' } },
        { id: 'correo', label: 'Dejar mi correo', action: { type: 'goto' } },
      ],
    },
    { 'button:persona': 'persona', 'button:correo': 'correo' },
    { name: 'Menú', position: { x: 340, y: 0 } },
  )
  .module(
    'correo',
    'input',
    {
      prompt: '¿Cuál es tu correo?',
      variable: 'correo',
      validator: { type: 'email' },
      retryMessage: 'Ese correo no parece válido. ¿Lo escribes de nuevo?',
    },
    // "No valid answer" left open: the problems list has something to say.
    { next: 'fin' },
    { name: 'Pedir correo', position: { x: 680, y: 160 } },
  )
  .module(
    'persona',
    'handoff',
    { message: 'Te paso con una persona del equipo…', reason: 'Consulta de cliente' },
    {},
    { name: 'Con una persona', position: { x: 680, y: -160 } },
  )
  .module(
    'fin',
    'end',
    { message: '¡Hasta pronto!' },
    {},
    { name: 'Despedida', position: { x: 1020, y: 160 } },
  );

describe('the app in Spanish', () => {
  let server: RunningServer;
  let browser: Browser;
  let bot: BotDetail;
  let userId: string;
  let token: string;
  let page: Page;
  const problems: Untranslated[] = [];

  /** Looks at what the page shows now as `screen`, keeping what is not Spanish for the end. */
  const check = async (screen: string) => {
    problems.push(...(await untranslatedOn(page, screen)));
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await demoToken(server.url);
    userId = (await call<CurrentUser>(server.url, 'GET', '/api/frontend/user/me', token)).id;
    bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, { name: 'Tienda', language: 'es' });
    await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, { flow: shopFlow.onto(bot.flow) });
    await call(server.url, 'POST', `/api/bots/${bot.id}/publish`, token);
    const deployment = await call<Deployment>(server.url, 'POST', `/api/bots/${bot.id}/deployments`, token, {
      channel: 'webchat',
    });
    // A visitor asks for a person: the inbox has a conversation waiting.
    const started = await call<StartConversationResponse>(
      server.url,
      'POST',
      '/api/chat/conversations',
      undefined,
      {
        deploymentKey: deployment.key,
        user: { name: 'Lucía' },
      },
    );
    await call(
      server.url,
      'POST',
      `/api/chat/conversations/${started.conversationId}/messages`,
      started.token,
      {
        postback: 'parley:button:menu:persona',
        label: 'Hablar con una persona',
      },
    );

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'es-ES' });
    await speakSpanish(context);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows sign-up, sign-in, home, bots, builder, inbox, reports, docs and settings in Spanish', async () => {
    try {
      await walk();
    } catch (error) {
      // What the walk found before it stopped is worth as much as why it stopped.
      throw new Error(
        `${String(error)}\n\nNot in Spanish so far:\n${describeUntranslated(problems) || '(nothing)'}`,
      );
    }
    expect(problems.length, `Not in Spanish:\n${describeUntranslated(problems)}`).toBe(0);
  }, 300_000);

  async function walk() {
    await page.goto(`${server.url}/v2/register`);
    await page.getByRole('heading', { name: es('auth:register.title') }).waitFor();
    await check('sign-up');
    await page.goto(`${server.url}/v2/login`);
    await page.getByRole('heading', { name: es('auth:login.title') }).waitFor();
    await check('sign-in');
    await page.getByLabel(es('auth:fields.email')).fill('owner@demo.parley.dev');
    await page.getByLabel(es('auth:fields.password')).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: es('auth:login.submit') }).click();
    await page.waitForURL(/\/v2$/);
    await page.getByRole('heading', { name: es('home:greeting', { name: 'Olivia' }) }).waitFor();
    await check('home');

    await page.goto(`${server.url}/bots/list`);
    await page.getByText('Tienda', { exact: true }).first().waitFor();
    await check('bots list');

    // The builder: the canvas, a module of every type from the palette, a module's panel.
    await page.goto(`${server.url}/bots/list/${bot.id}`);
    await page.locator('[data-module-id="menu"]').waitFor();
    const palette = page.getByRole('navigation', { name: es('builder:palette.label') });
    await palette.waitFor();
    for (const type of moduleTypes) {
      const name = es(`modules:${definitionOf(type).words.key}.type`);
      await palette.getByRole('button', { name: es('builder:palette.add', { type: name }) }).click();
    }
    await check('builder with the palette open');
    await page.locator('[data-module-id="correo"]').click();
    const editor = page.locator('[data-module-editor="correo"]');
    const prompt = editor.getByRole('textbox', { name: es('modules:input.prompt'), exact: true });
    await prompt.waitFor();
    await check('builder, an Input module’s panel');
    await screenshot(page, 'spanish-builder-input-panel');
    // A field left empty says why in Spanish (the schema's own message), and nothing is saved.
    await prompt.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await editor.getByText(es('modules:input.errors.prompt')).waitFor();
    await check('builder, an Input module’s panel with the question left empty');
    await page.keyboard.type('¿Cuál es tu correo?');
    await page.locator('[data-module-id="menu"]').click();
    await page.locator('[data-module-editor="menu"]').getByText(es('modules:kit.addButton')).waitFor();
    await check('builder, a Buttons module’s panel');
    await page
      .getByRole('button', { name: new RegExp(es('builder:problems.count_other', { count: '\\d+' })) })
      .click();
    await page.getByRole('heading', { name: es('builder:problems.title') }).waitFor();
    await check('builder, the problems list');
    await screenshot(page, 'spanish-builder-problems');
    await page.keyboard.press('Escape');
    for (const tool of ['globals', 'variables', 'tags', 'intents', 'find'] as const) {
      await page.getByRole('button', { name: es(`builder:sidebar.${tool}`), exact: true }).click();
      await check(`builder, the ${tool} panel`);
    }
    // A test conversation in the debugger: its steps name the outputs taken.
    await page.getByRole('button', { name: es('builder:sidebar.debug'), exact: true }).click();
    await page.getByRole('button', { name: es('builder:debugger.start'), exact: true }).click();
    const chat = page.getByRole('log', { name: es('builder:debugger.chat') });
    await chat.getByRole('button', { name: 'Dejar mi correo', exact: true }).click();
    await chat.getByText('¿Cuál es tu correo?').waitFor();
    await check('builder, the debugger after a test conversation');
    await screenshot(page, 'spanish-builder-debugger');
    await page.getByRole('button', { name: es('builder:sidebar.add'), exact: true }).click();
    // The debugger brought the module it waits at into view.
    await page.locator('[data-module-id="correo"]').click();
    await page.mouse.move(700, 850);
    await screenshot(page, 'spanish-builder-palette');

    // Every module type's panel, on its own page.
    await page.waitForFunction(
      () => document.querySelector('[data-save-state]')?.getAttribute('data-save-state') === 'saved',
    );
    const { flow } = await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token);
    for (const type of moduleTypes) {
      const added = flow.modules.find((module) => module.type === type && module.id.startsWith(`${type}-`));
      if (!added) throw new Error(`the palette added no ${type} module`);
      await page.goto(`${server.url}/bots/list/${bot.id}/module/${added.id}/settings`);
      await page.locator(`[data-module-editor="${added.id}"]`).waitFor();
      await check(`builder, the ${type} module’s page`);
    }

    await page.goto(`${server.url}/v2/inbox?botId=${bot.id}`);
    const list = page.getByRole('list', { name: es('inbox:list.label') });
    await list.getByText('Lucía').first().click();
    await page.getByText('Te paso con una persona del equipo…').first().waitFor();
    await check('inbox, a conversation waiting for a person');
    await screenshot(page, 'spanish-inbox');

    for (const [report, path] of [
      ['traffic', '/v2/reports'],
      ['business', '/v2/reports/business'],
      ['messages', '/v2/reports/messages'],
    ] as const) {
      await page.goto(`${server.url}${path}?botId=${bot.id}`);
      await page.getByRole('heading', { name: es('reports:title'), exact: true }).waitFor();
      await check(`reports, ${report}`);
    }

    await page.goto(`${server.url}/v2/changelog`);
    await page.getByRole('heading', { name: es('changelog:title') }).waitFor();
    await check('changelog (its entries are published in English)');
    await page.goto(`${server.url}/v2/conversational-web-sdk`);
    await page.getByRole('heading', { name: es('sdk:title') }).waitFor();
    await check('web SDK docs');

    await page.goto(`${server.url}/v2/profile/${userId}`);
    await page.getByLabel(es('profile:fields.firstName')).waitFor();
    await check('profile settings');
    await page.goto(`${server.url}/v2/company/settings`);
    await page.getByLabel(es('company:fields.name')).waitFor();
    await check('company settings');
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings`);
    await page.waitForLoadState('networkidle');
    await check('web chat settings');
    await page.goto(`${server.url}/v2/lite/bots/${bot.id}/settings/styling`);
    await page.waitForLoadState('networkidle');
    await check('web chat styling');
  }
});
