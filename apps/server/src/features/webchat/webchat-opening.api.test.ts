import type { WebchatOpening } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createdBot, deployedBot, registerOwner } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('the styling preview’s opening', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = authHeader((await registerOwner(t)).auth.token);
  });
  afterAll(() => t.close());

  const openingOf = async (botId: string, as = headers) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/bots/${botId}/webchat-style/opening`,
      headers: as,
    });
    return { status: response.statusCode, body: response.json<WebchatOpening>() };
  };

  it('is what the draft says first: its greeting and its buttons, rendered, nothing stored', async () => {
    const flow = flowFixture()
      .module('hello', 'text', { text: 'Welcome to {{ "Casa" ~ " Lola" }}!' }, { next: 'menu' })
      .module('menu', 'buttons', {
        text: 'How can I help?',
        buttons: [
          { id: 'hours', label: 'Opening hours', action: { type: 'goto' } },
          { id: 'person', label: 'Talk to a person', action: { type: 'goto' } },
        ],
      })
      .startAt('hello');
    const { bot } = await deployedBot(t, headers, 'Casa Lola', flow, 'test');
    const before = await t.database.db.selectFrom('conversations').select('id').execute();

    const { status, body } = await openingOf(bot.id);
    expect(status).toBe(200);
    expect(body.messages).toMatchObject([
      { type: 'text', text: 'Welcome to Casa Lola!' },
      {
        type: 'buttons',
        text: 'How can I help?',
        buttons: [{ label: 'Opening hours' }, { label: 'Talk to a person' }],
      },
    ]);
    expect(await t.database.db.selectFrom('conversations').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('stops before a module that would call out, and never shows that module’s failure path', async () => {
    const flow = flowFixture()
      .module('hello', 'text', { text: 'Hi there.' }, { next: 'advise' })
      .module('advise', 'llm', { userPrompt: 'Recommend a tea.' }, { failure: 'sorry' })
      .module('sorry', 'text', { text: 'Our advisor is not available right now.' })
      .startAt('hello');
    const { bot } = await deployedBot(t, headers, 'Advisor', flow, 'test');
    expect((await openingOf(bot.id)).body.messages).toEqual([{ type: 'text', text: 'Hi there.' }]);
  });

  it('is another company’s bot: not found', async () => {
    const bot = await createdBot(t, headers, 'Private');
    expect((await openingOf(bot.id)).body.messages.length).toBeGreaterThan(0);
    const stranger = authHeader((await registerOwner(t)).auth.token);
    expect((await openingOf(bot.id, stranger)).status).toBe(404);
  });
});
