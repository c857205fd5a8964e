import type { MessageReport, PathsReport, StartConversationResponse, TrafficReport } from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  deployedBot,
  registerOwner,
  rollUpNow,
  visitorSays,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { topTexts } from './reports.repository';
import { EXACT_VISITORS_UP_TO_SESSIONS } from './reports.service';
import { estimateVisitors } from './visitor-sketch';

/** Two buttons in a row, so a conversation can be followed across rollups. */
const twoStepFlow = flowFixture()
  .module(
    'ask',
    'buttons',
    { text: 'Ready?', buttons: [{ id: 'yes', label: 'Yes', action: { type: 'goto' } }] },
    { 'button:yes': 'confirm' },
    { name: 'Ask' },
  )
  .module(
    'confirm',
    'buttons',
    { text: 'Sure?', buttons: [{ id: 'sure', label: 'Sure', action: { type: 'goto' } }] },
    { 'button:sure': 'done' },
    { name: 'Confirm' },
  )
  .module('done', 'text', { text: 'Done.' }, {}, { name: 'Done' });

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const week = `from=${daysAgo(6)}&to=${today}`;

describe('reports over many conversations, visitors and texts', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: string;
  let botId: string;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token);
    companyId = claimsOf(registered.auth.token).companyId;
    const deployed = await deployedBot(t, owner, 'Steps', twoStepFlow);
    botId = deployed.bot.id;
    key = deployed.key;
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const response = await t.request({ method: 'GET', url, headers: owner });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const press = (conversation: StartConversationResponse, module: string, button: string, label: string) =>
    visitorSays(t, conversation, { postback: `parley:button:${module}:${button}`, label });

  it('moves a conversation to its new path and length as it goes on, counting it once', async () => {
    const started = await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { deploymentKey: key },
    });
    const conversation = started.json<StartConversationResponse>();
    await rollUpNow(t);
    const lengths = async () =>
      (await get<MessageReport>(`/api/reports/messages?botId=${botId}&${week}`)).lengths.map(
        (bucket) => bucket.conversations,
      );
    const pathsAfterAsk = async () =>
      (await get<PathsReport>(`/api/reports/paths?botId=${botId}&${week}&moduleId=ask`)).paths.map((path) => [
        path.modules.map((module) => module.moduleId),
        path.conversations,
      ]);
    expect(await lengths()).toEqual([1, 0, 0, 0, 0, 0, 0]);
    expect(await pathsAfterAsk()).toEqual([[[], 1]]);

    await press(conversation, 'ask', 'yes', 'Yes');
    await rollUpNow(t);
    expect(await lengths()).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(await pathsAfterAsk()).toEqual([[['confirm'], 1]]);

    await press(conversation, 'confirm', 'sure', 'Sure');
    await rollUpNow(t);
    expect(await lengths()).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(await pathsAfterAsk()).toEqual([[['confirm', 'done'], 1]]);
    const funnel = await get<{ steps: { conversations: number }[] }>(
      `/api/reports/funnel?botId=${botId}&${week}&steps=ask,confirm,done`,
    );
    expect(funnel.steps.map((step) => step.conversations)).toEqual([1, 1, 1]);
    // What the rollup keeps: one shape row with one conversation, the emptied ones gone.
    const shapes = await sql<{ conversations: number }>`
      select conversations from report_conversation_shapes where bot_id = ${botId}`.execute(t.database.db);
    expect(shapes.rows).toEqual([{ conversations: 1 }]);
  });

  it('estimates the visitors of a sketch within a few percent, and counts small numbers exactly', async () => {
    const sketchOf = async (visitors: number) => {
      const result = await sql<{ sketch: Uint8Array }>`
        select report_sketch_add(null, array_agg(register), array_agg(rank)) as sketch
        from (select report_visitor_register('visitor-' || g) as register,
                     max(report_visitor_rank('visitor-' || g)) as rank
              from generate_series(1, ${visitors}) as g group by 1) as registers`.execute(t.database.db);
      return estimateVisitors(result.rows[0]?.sketch ?? new Uint8Array(4096));
    };
    expect(await sketchOf(0)).toBe(0);
    expect(await sketchOf(3)).toBe(3);
    for (const visitors of [1_000, 20_000, 150_000]) {
      const estimate = await sketchOf(visitors);
      expect(Math.abs(estimate - visitors) / visitors, `${visitors} visitors: ${estimate}`).toBeLessThan(
        0.04,
      );
    }
  });

  it('says when the visitors of a busy period are an estimate', async () => {
    const db = t.database.db;
    const visitors = 60_000;
    // A busy day as the rollup leaves it: its sessions and the sketch of its visitors.
    await sql`insert into report_session_days values (${companyId}, ${botId}, current_date, 'busy.example',
      ${EXACT_VISITORS_UP_TO_SESSIONS + 1}, 0, ${visitors})`.execute(db);
    await sql`insert into report_visitor_sketches
      select ${companyId}, ${botId}, current_date, 'busy.example',
             report_sketch_add(null, array_agg(register), array_agg(rank))
      from (select report_visitor_register('busy-' || g) as register, max(report_visitor_rank('busy-' || g)) as rank
            from generate_series(1, ${visitors}) as g group by 1) as registers`.execute(db);
    const busy = await get<TrafficReport>(`/api/reports/traffic?botId=${botId}&${week}`);
    expect(busy.visitorsEstimated).toBe(true);
    expect(Math.abs(busy.totals.visitors - visitors) / visitors).toBeLessThan(0.04);
    const quiet = await get<TrafficReport>(
      `/api/reports/traffic?botId=${botId}&from=${daysAgo(30)}&to=${daysAgo(1)}`,
    );
    expect(quiet.visitorsEstimated).toBe(false);
  });

  it('finds the most frequent texts of a period as reading them all would, whatever the tail', async () => {
    const db = t.database.db;
    const other = await deployedBot(t, owner, 'Other', twoStepFlow);
    // Texts as the rollup keeps them (per day, and over all time): 300 one-off texts long ago, each
    // bot's favourite of all time, and in the last days a few texts that matter only now.
    const addText = async (bot: string, day: string, text: string, count: number) => {
      await sql`insert into report_texts (company_id, bot_id, day, kind, text, detail, count, score)
        values (${companyId}, ${bot}, ${day}, 'message', ${text}, '', ${count}, 0)
        on conflict (company_id, bot_id, kind, day, text, detail) do update set count = report_texts.count + excluded.count`.execute(
        db,
      );
      await sql`insert into report_text_totals (company_id, bot_id, kind, text, detail, count)
        values (${companyId}, ${bot}, 'message', ${text}, '', ${count})
        on conflict (company_id, bot_id, kind, text, detail) do update set count = report_text_totals.count + excluded.count`.execute(
        db,
      );
    };
    for (let index = 0; index < 300; index++) await addText(botId, daysAgo(200), `old ${index}`, 1);
    await addText(botId, daysAgo(200), 'hello', 500);
    await addText(other.bot.id, daysAgo(200), 'hello', 400);
    await addText(botId, daysAgo(1), 'hello', 2);
    await addText(other.bot.id, daysAgo(2), 'hello', 2);
    await addText(botId, daysAgo(1), 'new question', 2);
    await addText(other.bot.id, daysAgo(1), 'new question', 1);
    await addText(botId, daysAgo(3), 'rare', 1);

    const naive = async (scope: { companyId: string; botId?: string }, from: string, to: string) => {
      const result = await sql<{ text: string; count: number }>`
        select text, sum(count)::int as count from report_texts
        where company_id = ${scope.companyId} and kind = 'message' and day between ${from} and ${to}
          ${scope.botId ? sql`and bot_id = ${scope.botId}` : sql``}
        group by text order by 2 desc, 1 limit 2`.execute(db);
      return result.rows;
    };
    for (const scope of [{ companyId, botId }, { companyId }]) {
      for (const [from, to] of [
        [daysAgo(6), today],
        [daysAgo(365), today],
        [daysAgo(250), daysAgo(150)],
      ] as const) {
        const found = await topTexts(db, scope, { from, to }, 'message', 2);
        expect(
          found.map(({ text, count }) => ({ text, count })),
          `${scope.botId ? 'bot' : 'company'} ${from}…${to}`,
        ).toEqual(await naive(scope, from, to));
      }
    }
  });
});
