import type { PathsReport, StartConversationResponse } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  deployedBot,
  registerOwner,
  rollUpNow,
  startChat,
  visitorSays,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rebuildPathSteps } from '../../db/migrations/0015-path-steps';

/** The steps after `module`'s first visit (up to three), read from a whole conversation. */
function stepsAfter(visits: string[], module: string): string[] | null {
  const moves = visits.filter((visit, index) => visit !== visits[index - 1]);
  const at = moves.indexOf(module);
  return at < 0 ? null : moves.slice(at + 1, at + 4);
}

/** A menu to go round: each choice says something and comes back to the menu. */
const menuFlow = flowFixture()
  .module(
    'menu',
    'buttons',
    {
      text: 'What next?',
      buttons: [
        { id: 'hours', label: 'Hours', action: { type: 'goto' } },
        { id: 'prices', label: 'Prices', action: { type: 'goto' } },
      ],
    },
    { 'button:hours': 'hours', 'button:prices': 'prices' },
    { name: 'Menu' },
  )
  .module('hours', 'text', { text: 'We open at nine.' }, { next: 'menu' }, { name: 'Opening hours' })
  .module('prices', 'text', { text: 'Everything is ten euros.' }, { next: 'menu' }, { name: 'Prices' });

describe('path steps: a visit back to a module is a step of the path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const steps = async (kept: string[], more: (string | null)[]) => {
    const result = await sql<{ steps: string[] }>`
      select report_path_steps(${kept}::text[], ${more}::text[]) as steps`.execute(t.database.db);
    return result.rows[0]?.steps;
  };

  it.each([
    [[], ['a', 'b', 'a', 'c'], ['a', 'b', 'a', 'c']],
    // Staying on a module (it asked again) is not a step; nulls are not modules.
    [[], ['a', 'a', null, 'b', 'b', 'a'], ['a', 'b', 'a']],
    // Round and round a loop: the three steps after each first visit are all paths need.
    [[], ['m', 'x', 'm', 'y', 'm', 'x', 'm', 'y', 'm', 'z'], ['m', 'x', 'm', 'y', 'm', 'x', 'm', 'z']],
    [
      ['a', 'b'],
      ['a', 'c'],
      ['a', 'b', 'a', 'c'],
    ],
    [
      ['a', 'b'],
      ['b', 'c'],
      ['a', 'b', 'c'],
    ],
  ])('keeps the steps of %j then %j as %j', async (kept, more, expected) => {
    expect(await steps(kept, more)).toEqual(expected);
  });

  it('answers, batch by batch, what the whole conversation says about every module', async () => {
    // A small random walk over five modules, cut into batches as rollups would see it.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let walk = 0; walk < 40; walk += 1) {
      const visits = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
        'abcde'.charAt(random() * 5),
      );
      let kept: string[] = [];
      for (let from = 0; from < visits.length; ) {
        const to = from + 1 + Math.floor(random() * 6);
        kept = (await steps(kept, visits.slice(from, to))) ?? [];
        from = to;
      }
      for (const module of 'abcde') {
        const at = kept.indexOf(module);
        expect(at < 0 ? null : kept.slice(at + 1, at + 4), `${visits.join('')} after ${module}`).toEqual(
          stepsAfter(visits, module),
        );
      }
    }
  });

  it('shows a return to the menu in the Paths report, also once the migration rebuilt it', async () => {
    const { auth } = await registerOwner(t);
    const owner = authHeader(auth.token);
    const { bot, key } = await deployedBot(t, owner, 'Menu', menuFlow);
    const press = (chat: StartConversationResponse, button: string) =>
      visitorSays(t, chat, { postback: `parley:button:menu:${button}`, label: button });
    const curious = await startChat(t, key);
    await press(curious, 'hours');
    await rollUpNow(t);
    // Later turns land in a later rollup, appended to what the conversation had.
    await press(curious, 'prices');
    await rollUpNow(t);

    const today = new Date().toISOString().slice(0, 10);
    const paths = async (moduleId: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/reports/paths?botId=${bot.id}&from=${today}&to=${today}&moduleId=${moduleId}`,
        headers: owner,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PathsReport>().paths.map((path) => path.modules.map((module) => module.name));
    };
    const expected = {
      menu: [['Opening hours', 'Menu', 'Prices']],
      hours: [['Menu', 'Prices', 'Menu']],
      prices: [['Menu']],
    };
    expect({ menu: await paths('menu'), hours: await paths('hours'), prices: await paths('prices') }).toEqual(
      expected,
    );

    // What migration 0015 found: steps as first visits only, and shapes made of them.
    const db = t.database.db;
    await sql`update report_conversations set modules = '{menu,hours,prices}'`.execute(db);
    await sql`update report_conversation_shapes set modules = '{menu,hours,prices}'`.execute(db);
    expect(await paths('hours')).toEqual([['Prices']]);
    await rebuildPathSteps(db);
    expect({ menu: await paths('menu'), hours: await paths('hours'), prices: await paths('prices') }).toEqual(
      expected,
    );
  });
});
