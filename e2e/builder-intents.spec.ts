import type { BotDetail, BotVersion } from '@parley/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from './support/bots';
import { screenshot } from './support/browser';
import { builderSaved, connectNew, jinjaField, replaceText, runningApp } from './support/builder';
import { openSignedIn } from './support/journeys';

describe('an intent-driven bot, built in the builder', () => {
  const app = runningApp();
  /** The bot the first journey builds (the Spanish one looks at it). */
  let builtBotId: string;

  /** A Text module answering `text`, connected from the router's output `port`. */
  const answer = async (page: Page, port: string, moduleId: string, text: string) => {
    await connectNew(page, 'intent_router-2', port, 'Text');
    const editor = page.locator(`[data-module-editor="${moduleId}"]`);
    await editor.waitFor();
    await replaceText(page, jinjaField(editor, 'Message'), text);
  };
  const addPhrases = async (intent: Locator, phrases: string[]) => {
    const field = intent.getByRole('textbox', { name: 'Training phrase' });
    for (const phrase of phrases) {
      await field.fill(phrase);
      await field.press('Enter');
      await intent.getByRole('listitem').filter({ hasText: phrase }).waitFor();
    }
  };
  /** Tries a message in the Intents panel until the model of the saved draft answers. */
  const tryMessage = async (panel: Locator, text: string) => {
    const tryIt = panel.getByRole('region', { name: 'Try it' });
    await tryIt.getByRole('textbox', { name: 'A message to try' }).fill(text);
    await tryIt.getByRole('button', { name: 'Try', exact: true }).click();
    const result = tryIt.locator('[data-predicted-intent]');
    await result.waitFor({ timeout: 60_000 });
    const best = result.locator('[data-prediction]').first();
    return {
      intent: await result.getAttribute('data-predicted-intent'),
      confidence: Number(await best.getAttribute('data-confidence')),
      shown: (await best.textContent()) ?? '',
    };
  };

  it('defines intents with phrases, routes them with an intent router that creates one in place, publishes, and is routed in a chat', async () => {
    const bot = await call<BotDetail>(app.server.url, 'POST', '/api/bots', app.token, {
      name: 'Parcel shop',
      language: 'en',
    });
    builtBotId = bot.id;
    const page = await openSignedIn(
      app.browser,
      app.server.url,
      'owner@demo.parley.dev',
      `/bots/list/${bot.id}`,
    );

    // Two intents with their training phrases, in the Intents panel.
    await page.getByRole('button', { name: 'Intents' }).click();
    const panel = page.getByRole('region', { name: 'Intents' });
    await panel.getByText('No intents yet.', { exact: false }).waitFor();
    const create = async (name: string, phrases: string[]) => {
      await panel.getByRole('textbox', { name: 'New intent' }).fill(name);
      await panel.getByRole('button', { name: 'Create', exact: true }).click();
      await addPhrases(panel.getByRole('group', { name }), phrases);
    };
    await create('track_order', [
      'where is my order',
      'track my package',
      'has my parcel shipped',
      'when will my order arrive',
      'order status',
    ]);
    await create('refund', [
      'I want my money back',
      'refund please',
      'how do I get a refund',
      'return this for a refund',
      'can I have my money back',
    ]);
    await builderSaved(page);

    // Try it: the model of the saved draft predicts the intent, with its confidence.
    const tried = await tryMessage(panel, 'where is my parcel?');
    expect(tried.intent).toBe('track_order');
    expect(tried.confidence).toBeGreaterThan(50);
    expect(tried.shown).toContain(`${tried.confidence} %`);
    await screenshot(page, 'builder-intents-panel');
    await panel.getByRole('button', { name: 'Close the panel' }).click();

    // An intent router after the start message; it routes both, and creates a third in place.
    await connectNew(page, 'start', 'next', 'Intent router');
    const router = page.locator('[data-module-editor="intent_router-2"]');
    await router.waitFor();
    await replaceText(page, jinjaField(router, 'Question'), 'How can I help?');
    const intentsField = router.getByRole('combobox', { name: 'Intents' });
    await intentsField.click();
    await page.locator('[data-intent-option="track_order"]').click();
    await intentsField.fill('refund');
    await page.locator('[data-intent-option="refund"]').click();
    await intentsField.fill('opening hours');
    await page.getByRole('option', { name: 'Create the intent “opening_hours”' }).click();
    // A new intent has no phrases yet: the editor says so, and leads to the Intents panel.
    await router
      .getByText('“Intent router” routes the intent “opening_hours”, which has no training phrases')
      .waitFor();
    const untrained = router.locator('[data-untrained-intent="opening_hours"]');
    await untrained.waitFor();
    expect(
      await page
        .locator('[data-module-id="intent_router-2"] [data-port]')
        .evaluateAll((ports) => ports.map((port) => port.getAttribute('data-port'))),
    ).toEqual(['intent:track_order', 'intent:refund', 'intent:opening_hours', 'fallback']);
    await builderSaved(page);
    await page.getByRole('button', { name: 'Fit View' }).click();
    await page.waitForTimeout(400);
    await screenshot(page, 'builder-intent-router');
    await untrained.click();
    const openingHours = page
      .getByRole('region', { name: 'Intents' })
      .getByRole('group', { name: 'opening_hours' });
    await addPhrases(openingHours, [
      'when are you open',
      'what are your opening hours',
      'what time do you close',
      'are you open on sunday',
      'until when are you open today',
    ]);
    await untrained.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Close the panel' }).click();

    // Each intent, and "not understood", gets its answer.
    await answer(page, 'intent:track_order', 'text-3', 'Let me check your order.');
    await answer(page, 'intent:refund', 'text-4', 'Refunds take 5 days.');
    await answer(page, 'intent:opening_hours', 'text-5', 'We are open from 9 to 5.');
    await answer(page, 'fallback', 'text-6', 'Sorry, could you say it another way?');
    await builderSaved(page);
    const draft = (await call<BotDetail>(app.server.url, 'GET', `/api/bots/${bot.id}`, app.token)).flow;
    expect(draft.intents.map((intent) => [intent.name, intent.utterances.length])).toEqual([
      ['track_order', 5],
      ['refund', 5],
      ['opening_hours', 5],
    ]);
    expect(
      draft.modules
        .find((module) => module.id === 'intent_router-2')
        ?.connections.map((c) => [c.port, c.target]),
    ).toEqual([
      ['intent:track_order', 'text-3'],
      ['intent:refund', 'text-4'],
      ['intent:opening_hours', 'text-5'],
      ['fallback', 'text-6'],
    ]);

    // Publishing is not blocked by anything about intents.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Version 1 published' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const versions = await call<BotVersion[]>(
      app.server.url,
      'GET',
      `/api/bots/${bot.id}/versions`,
      app.token,
    );
    expect(versions.map((version) => version.version)).toEqual([1]);

    // The model of the new intents is ready before chatting (try-it waits for its training).
    await page.getByRole('button', { name: 'Intents' }).click();
    const retried = await tryMessage(
      page.getByRole('region', { name: 'Intents' }),
      'are you open on sunday?',
    );
    expect(retried.intent).toBe('opening_hours');

    // In the tester, messages are routed by their intent.
    await page.getByRole('button', { name: 'Test & debug' }).click();
    const debug = page.getByRole('region', { name: 'Test & debug' });
    const chat = debug.getByRole('log', { name: 'Test conversation' });
    const say = async (text: string) => {
      await debug.getByRole('textbox', { name: 'Message to the bot' }).fill(text);
      await page.keyboard.press('Enter');
    };
    await debug.getByRole('button', { name: 'Start', exact: true }).click();
    await chat.getByText('How can I help?').waitFor();
    await say('where is my package?');
    await chat.getByText('Let me check your order.').waitFor();
    await debug.getByRole('button', { name: 'Restart' }).click();
    await chat.getByText('How can I help?').waitFor();
    await say('is the shop open on sunday?');
    await chat.getByText('We are open from 9 to 5.').waitFor();
    await debug.getByRole('button', { name: 'Restart' }).click();
    await say('I would like a refund please');
    await chat.getByText('Refunds take 5 days.').waitFor();
    await screenshot(page, 'builder-intents-tested');
    // A long journey, with two models trained on a machine that may be busy.
  }, 180_000);

  it('speaks Spanish in the Intents panel and the router editor', async () => {
    const page = await openSignedIn(app.browser, app.server.url, 'owner@demo.parley.dev', '/v2');
    await page.evaluate(() => localStorage.setItem('parley.language', 'es'));
    await page.goto(`${app.server.url}/bots/list/${builtBotId}`);
    // Exact: the palette's "Añadir Enrutador de intenciones" has the word too.
    await page.getByRole('button', { name: 'Intenciones', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Intenciones' });
    await panel.getByRole('textbox', { name: 'Nueva intención' }).waitFor();
    await panel.getByRole('button', { name: 'Importar CSV' }).waitFor();
    await panel.getByRole('button', { name: 'Abrir refund' }).click();
    await panel.getByRole('group', { name: 'refund' }).getByText('5 frases de entrenamiento').waitFor();
    const tryIt = panel.getByRole('region', { name: 'Pruébalo' });
    await tryIt
      .getByRole('textbox', { name: 'Un mensaje para probar' })
      .fill('quiero mi dinero, refund please');
    await tryIt.getByRole('button', { name: 'Probar', exact: true }).click();
    await tryIt.getByText('Intención predicha').waitFor({ timeout: 60_000 });
    await screenshot(page, 'builder-intents-panel-es');
    await page.locator('[data-module-id="intent_router-2"]').click();
    const router = page.locator('[data-module-editor="intent_router-2"]');
    await router.getByRole('combobox', { name: 'Intenciones' }).waitFor();
    await router.getByText('Cada intención tiene su propia conexión', { exact: false }).waitFor();
    await router.getByRole('combobox', { name: 'Intenciones' }).fill('envíos');
    await page.getByRole('option', { name: 'Crear la intención «envios»' }).waitFor();
    await screenshot(page, 'builder-intent-router-es');
  });
});
