import type { AddressInfo } from 'node:net';
import type { BotDetail } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeOpenAi } from '../apps/server/test/fake-openai';
import { call, demoToken } from './support/bots';
import { launchBrowser, screenshot } from './support/browser';
import { builderSaveState, openSignedIn } from './support/journeys';
import { type RunningServer, startServer } from './support/server';

describe('the AI Manager', () => {
  const model = fakeOpenAi({ tokens: ['Try', ' a', ' sencha', '.'] });
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    const modelUrl = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
    [server, browser] = await Promise.all([
      startServer({
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: modelUrl,
        OPENAI_DEFAULT_MODEL: 'gpt-4o-mini',
      }),
      launchBrowser(),
    ]);
    token = await demoToken(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => model.server.close(() => resolve()));
  });

  const saved = (page: Page) => expect.poll(() => builderSaveState(page), { timeout: 10_000 }).toBe('saved');

  it('lists every LLM module, edits them together and one by one, and tries a prompt against the provider', async () => {
    const bot = await call<BotDetail>(server.url, 'POST', '/api/bots', token, {
      name: 'Tea advisor',
      language: 'en',
    });
    const llm = { model: 'gpt-3.5-turbo', temperature: 0.7, maxTokens: 512 };
    const flow = flowFixture()
      .starterWelcome({ next: 'advise' })
      .module(
        'advise',
        'llm',
        { ...llm, userPrompt: 'Recommend a tea for {{ name }}.' },
        { next: 'pair' },
        { name: 'Advise', position: { x: 360, y: 0 } },
      )
      .module(
        'pair',
        'llm',
        { ...llm, userPrompt: 'Which food goes with it?' },
        {},
        { name: 'Pairing', position: { x: 720, y: 0 } },
      )
      .variable({ name: 'name', default: 'Ada' });
    await call(server.url, 'PUT', `/api/bots/${bot.id}/flow`, token, { flow: flow.onto(bot.flow) });
    const page = await openSignedIn(browser, server.url, 'owner@demo.parley.dev', `/bots/list/${bot.id}`);
    await page.getByRole('button', { name: 'AI Manager' }).click();
    const manager = page.getByRole('dialog', { name: 'AI Manager' });
    await manager.getByText(/Modules without a model use gpt-4o-mini/).waitFor();
    expect(await manager.locator('[data-llm-module]').count()).toBe(2);

    // Both at once: one model, one temperature.
    await manager.getByRole('checkbox', { name: 'Select all LLM modules' }).check();
    const bulk = manager.getByRole('toolbar', { name: '2 modules selected' });
    await bulk.getByRole('combobox', { name: 'Model' }).fill('gpt-4o');
    await bulk.getByRole('button', { name: 'Set model' }).click();
    await bulk.getByRole('spinbutton', { name: 'Temperature' }).fill('0.2');
    await bulk.getByRole('button', { name: 'Set temperature' }).click();
    // One by one: the pairing gets fewer tokens.
    const maxTokens = manager.getByRole('spinbutton', { name: 'Max tokens of Pairing' });
    await maxTokens.fill('128');
    await maxTokens.press('Enter');
    // An out-of-range temperature is brought back into range, not saved as typed.
    const temperature = manager.getByRole('spinbutton', { name: 'Temperature of Advise' });
    await temperature.fill('7');
    await temperature.press('Enter');
    expect(await temperature.inputValue()).toBe('2');

    // Try the advice prompt with a sample name.
    await manager.getByRole('button', { name: 'Prompts & test of Advise' }).click();
    const test = manager.getByRole('region', { name: 'Test the prompt' });
    await test.getByRole('textbox', { name: 'Sample values (JSON)' }).fill('{"name": "Grace"}');
    await test.getByRole('button', { name: 'Run the prompt' }).click();
    const answer = test.getByRole('region', { name: 'The model’s answer' });
    await answer.getByText('Try a sencha.').waitFor();
    expect(model.requests.at(-1)?.body).toMatchObject({
      model: 'gpt-4o',
      temperature: 2,
      messages: [expect.anything(), { role: 'user', content: 'Recommend a tea for Grace.' }],
    });
    await screenshot(page, 'builder-ai-manager');
    await saved(page);

    const modules = (await call<BotDetail>(server.url, 'GET', `/api/bots/${bot.id}`, token)).flow.modules;
    expect(modules.filter((module) => module.type === 'llm').map((module) => module.content)).toEqual([
      expect.objectContaining({ model: 'gpt-4o', temperature: 2, maxTokens: 512 }),
      expect.objectContaining({ model: 'gpt-4o', temperature: 0.2, maxTokens: 128 }),
    ]);

    // From the list back to the module on the canvas.
    await manager.getByRole('button', { name: 'Show Pairing on the canvas' }).click();
    await page.locator('[data-module-editor="pair"]').waitFor();
  });
});
