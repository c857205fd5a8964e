import type {
  BotDetail,
  BusinessReport,
  FunnelReport,
  MessageReport,
  PathsReport,
  StartConversationResponse,
  TrafficReport,
  WebchatConfig,
} from '@parley/contracts';
import { flowFixture } from '@parley/flow/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  claimsOf,
  deployedBot,
  newRegistration,
  registerOwner,
  rollUpNow,
  visitorSays,
} from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A shop bot: buying completes a goal worth $50, a newsletter one worth the default, help hands off. */
const shopFlow = flowFixture()
  .module(
    'start',
    'buttons',
    {
      text: 'Hi! What would you like?',
      buttons: [
        { id: 'buy', label: 'Buy', action: { type: 'goto' } },
        { id: 'news', label: 'Newsletter', action: { type: 'goto' } },
        { id: 'help', label: 'Help', action: { type: 'goto' } },
      ],
    },
    { 'button:buy': 'bought', 'button:news': 'subscribed', 'button:help': 'person' },
    { name: 'Welcome' },
  )
  .module(
    'bought',
    'text',
    { text: 'Thanks for your order!' },
    { next: 'start' },
    { name: 'Order placed', isGoal: true, goalValue: 50 },
  )
  .module('subscribed', 'text', { text: 'You are subscribed.' }, {}, { name: 'Subscribed', isGoal: true })
  .module(
    'person',
    'handoff',
    { message: 'Connecting you…', reason: 'Asked for help' },
    {},
    { name: 'To a person' },
  );

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const week = `from=${daysAgo(6)}&to=${today}`;

describe('reports', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: string;
  let botId: string;
  let key: string;
  let stranger: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const registered = await registerOwner(t);
    owner = authHeader(registered.auth.token);
    companyId = claimsOf(registered.auth.token).companyId;
    const deployed = await deployedBot(t, owner, 'Shop', shopFlow);
    botId = deployed.bot.id;
    key = deployed.key;
    stranger = authHeader(
      (await registerOwner(t, newRegistration({ email: 'rival@example.com', company_name: 'Rival' }))).auth
        .token,
    );
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, headers = owner) => {
    const response = await t.request({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const start = async (deploymentKey = key) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { deploymentKey, page: { url: 'https://shop.example/pricing', domain: 'shop.example' } },
    });
    return response.json<StartConversationResponse>();
  };
  const press = (conversation: StartConversationResponse, button: string, label: string) =>
    visitorSays(t, conversation, { postback: `parley:button:start:${button}`, label });

  /** What the widget's loader sends (see packages/webchat/src/loader.ts). */
  const telemetry = async (
    items: { type: 'page' | 'open'; session: string; visitor: string; url: string }[],
  ) => {
    const config = await get<WebchatConfig>(`/api/chat/deployments/${key}/config`, {});
    const response = await t.request({
      method: 'POST',
      url: config.telemetry.endpointPath,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(
        items.map((item) => ({
          name: `Microsoft.ApplicationInsights.${item.type === 'page' ? 'Pageview' : 'Event'}`,
          time: new Date().toISOString(),
          iKey: config.telemetry.instrumentationKey,
          tags: { 'ai.session.id': item.session, 'ai.user.id': item.visitor, 'ai.cloud.role': 'webchat' },
          data: {
            baseType: item.type === 'page' ? 'PageviewData' : 'EventData',
            baseData: {
              ver: 2,
              name: item.type === 'page' ? 'Shop' : 'Chat Opened',
              ...(item.type === 'page' ? { url: item.url } : {}),
              properties: {
                'Page Domain': new URL(item.url).hostname,
                'Page URL': item.url,
                'Deployment Key': key,
              },
            },
          },
        })),
      ),
    });
    expect(response.statusCode).toBe(200);
  };

  it('says there is nothing yet before any traffic: zero counts, rates with nothing to divide by', async () => {
    const business = await get<BusinessReport>(`/api/reports/business?botId=${botId}&${week}`);
    expect(business.kpis.goalCompletionRate).toMatchObject({ value: null, numerator: 0, denominator: 0 });
    expect(business.kpis.openRate).toMatchObject({ value: null, denominator: 0 });
    expect(business.kpis.fallbackRate.value).toBeNull();
    expect(business.days).toHaveLength(7);
    expect(business.tips.map((tip) => tip.id)).toEqual(['traffic']);
    expect(business.revenue).toMatchObject({ total: 0, completions: 0, goals: [] });
    const traffic = await get<TrafficReport>(`/api/reports/traffic?botId=${botId}&${week}`);
    expect(traffic.totals).toEqual({
      pageViews: 0,
      visitors: 0,
      sessions: 0,
      widgetOpens: 0,
      conversationsStarted: 0,
    });
  });

  it('computes traffic, KPIs, revenue and message insights from what the widget and the chat recorded', async () => {
    await t.request({
      method: 'PATCH',
      url: `/api/bots/${botId}`,
      headers: owner,
      payload: { defaultGoalValue: 20 },
    });
    await telemetry([
      { type: 'page', session: 's1', visitor: 'v1', url: 'https://shop.example/?utm=1' },
      { type: 'page', session: 's1', visitor: 'v1', url: 'https://shop.example/pricing#plans' },
      { type: 'open', session: 's1', visitor: 'v1', url: 'https://shop.example/pricing' },
      { type: 'page', session: 's2', visitor: 'v1', url: 'https://shop.example/' },
      { type: 'page', session: 's3', visitor: 'v2', url: 'https://blog.example/post' },
    ]);
    const buyer = await start();
    await press(buyer, 'buy', 'Buy');
    const lost = await start();
    await visitorSays(t, lost, 'Do you ship  to MARS?');
    await visitorSays(t, lost, 'do you ship to mars?');
    await press(lost, 'help', 'Help');
    await start();
    const subscriber = await start();
    await press(subscriber, 'news', 'Newsletter');
    // The builder's own test conversations never count.
    const tester = await deployedBot(t, owner, 'Draft', shopFlow, 'test');
    await press(await start(tester.key), 'buy', 'Buy');

    await rollUpNow(t);
    // A second run finds nothing new: nothing is counted twice.
    await rollUpNow(t);

    const traffic = await get<TrafficReport>(`/api/reports/traffic?botId=${botId}&${week}`);
    expect(traffic.totals).toEqual({
      pageViews: 4,
      visitors: 2,
      sessions: 3,
      widgetOpens: 1,
      conversationsStarted: 4,
    });
    expect(traffic.days.at(-1)).toMatchObject({ date: today, pageViews: 4, visitors: 2, sessions: 3 });
    expect(traffic.topPages).toEqual([
      { domain: 'shop.example', url: 'https://shop.example/', pageViews: 2 },
      { domain: 'blog.example', url: 'https://blog.example/post', pageViews: 1 },
      { domain: 'shop.example', url: 'https://shop.example/pricing', pageViews: 1 },
    ]);
    expect(traffic.hoursOfWeek.reduce((sum, cell) => sum + cell.pageViews, 0)).toBe(4);

    const domains = await get<{ items: { domain: string; pageViews: number }[] }>(
      `/api/reports/insights/domains?botId=${botId}`,
    );
    expect(domains.items.map((item) => [item.domain, item.pageViews])).toEqual([
      ['shop.example', 3],
      ['blog.example', 1],
    ]);
    const blog = await get<TrafficReport>(`/api/reports/traffic?botId=${botId}&${week}&domain=blog.example`);
    expect(blog.totals).toMatchObject({ pageViews: 1, visitors: 1, sessions: 1, widgetOpens: 0 });

    const business = await get<BusinessReport>(`/api/reports/business?botId=${botId}&${week}`);
    expect(business.kpis.goalCompletionRate).toMatchObject({ numerator: 2, denominator: 4, value: 0.5 });
    expect(business.kpis.handoverRate).toMatchObject({ numerator: 1, denominator: 4, value: 0.25 });
    // Five user messages (two texts and three buttons): both texts fell back.
    expect(business.kpis.fallbackRate).toMatchObject({ numerator: 2, denominator: 5, value: 0.4 });
    expect(business.kpis.openRate.numerator).toBe(1);
    expect(business.kpis.openRate.denominator).toBe(3);
    expect(business.kpis.openRate.value).toBeCloseTo(1 / 3);
    expect(business.kpis.goalCompletionRate.industryMedian).toBeNull();
    expect(business.revenue).toMatchObject({ currency: 'USD', total: 70, completions: 2, defaultValue: 20 });
    expect(business.revenue.goals).toEqual([
      expect.objectContaining({
        moduleId: 'bought',
        name: 'Order placed',
        value: 50,
        valueFrom: 'module',
        revenue: 50,
      }),
      expect.objectContaining({ moduleId: 'subscribed', value: 20, valueFrom: 'default', revenue: 20 }),
    ]);
    expect(business.days.at(-1)).toMatchObject({
      date: today,
      conversations: 4,
      goalCompletionRate: 0.5,
      revenue: 70,
    });
    // Five messages and three sessions are too few to advise on (tips.test.ts has the rules), and
    // four conversations too few to call the figures healthy.
    expect(business.tips).toEqual([]);
    expect(business.tipsStatus).toBe('too-few-conversations');

    const messages = await get<MessageReport>(`/api/reports/messages?botId=${botId}&${week}`);
    expect(messages.totals).toMatchObject({ userMessages: 5, conversations: 4 });
    expect(messages.topMessages).toEqual([{ text: 'do you ship to mars?', count: 2 }]);
    expect(messages.topUnrecognized).toEqual([{ text: 'do you ship to mars?', count: 2 }]);
    expect(messages.buttons).toEqual([
      { text: 'Buy', count: 1 },
      { text: 'Help', count: 1 },
      { text: 'Newsletter', count: 1 },
    ]);
    expect(messages.modules.find((module) => module.moduleId === 'start')).toMatchObject({
      name: 'Welcome',
      type: 'buttons',
    });
    expect(messages.lengths.map((bucket) => bucket.conversations)).toEqual([1, 2, 0, 1, 0, 0, 0]);
    expect(messages.days).toEqual([
      expect.objectContaining({ date: today, channel: 'webchat', userMessages: 5 }),
    ]);

    const funnel = await get<FunnelReport>(`/api/reports/funnel?botId=${botId}&${week}&steps=start,bought`);
    expect(funnel.steps).toEqual([
      { moduleId: 'start', name: 'Welcome', conversations: 4, dropOff: null },
      { moduleId: 'bought', name: 'Order placed', conversations: 1, dropOff: 0.75 },
    ]);
    const paths = await get<PathsReport>(`/api/reports/paths?botId=${botId}&${week}&moduleId=start`);
    expect(paths.conversations).toBe(4);
    // The buyer went back to the welcome after ordering: the return is a step of the path.
    expect(
      paths.paths.map((path) => [path.modules.map((module) => module.moduleId), path.conversations]),
    ).toEqual([
      [[], 1],
      [['bought', 'start'], 1],
      [['person'], 1],
      [['subscribed'], 1],
    ]);
  });

  it('adds what happens later to the figures, and compares with the previous period', async () => {
    const another = await start();
    await press(another, 'buy', 'Buy');
    await rollUpNow(t);
    const business = await get<BusinessReport>(`/api/reports/business?botId=${botId}&${week}&compare=true`);
    expect(business.kpis.goalCompletionRate).toMatchObject({ numerator: 3, denominator: 5, previous: null });
    expect(business.previousRange).toEqual({ from: daysAgo(13), to: daysAgo(7) });
    expect(business.previousDays).toHaveLength(7);
    expect(business.revenue).toMatchObject({ total: 120, previousTotal: 0 });
  });

  it('shows the industry median only when at least five companies of the industry contribute', async () => {
    const db = t.database.db;
    await db.updateTable('companies').set({ industry: 'retail' }).where('id', '=', companyId).execute();
    // Peers' rollups as the rollup would have left them: goal completion 10 %, 20 %, 30 %, 40 %.
    const peers: string[] = [];
    const addPeer = async (goalConversations: number) => {
      const { auth } = await registerOwner(t, newRegistration({ company_name: `Peer ${goalConversations}` }));
      const peer = claimsOf(auth.token).companyId;
      peers.push(peer);
      await db.updateTable('companies').set({ industry: 'retail' }).where('id', '=', peer).execute();
      await sql`insert into report_conversation_hours values (${peer}, gen_random_uuid(), date_trunc('hour', now(), 'UTC'),
        'webchat', '', 10, ${goalConversations}, ${goalConversations}, 0, 10, 10, 0, 0)`.execute(db);
    };
    for (const goalConversations of [1, 2, 3]) await addPeer(goalConversations);
    const four = await get<BusinessReport>(`/api/reports/business?botId=${botId}&${week}`);
    expect(four.industry).toBe('retail');
    expect(four.kpis.goalCompletionRate).toMatchObject({ industryMedian: null, industryCompanies: 4 });

    // Five with ours: 10 %, 20 %, 30 %, 40 % and our 60 %.
    await addPeer(4);
    const five = await get<BusinessReport>(`/api/reports/business?botId=${botId}&${week}`);
    expect(five.kpis.goalCompletionRate).toMatchObject({ industryCompanies: 5, industryMedian: 0.3 });
    // Without sessions, no company has an open rate to compare.
    expect(five.kpis.openRate).toMatchObject({ industryCompanies: 1, industryMedian: null });
    // Parley's own company never counts among an industry's companies.
    await db
      .updateTable('companies')
      .set({ company_type: 'Internal' })
      .where('id', '=', peers[0] as string)
      .execute();
    const internal = await get<BusinessReport>(`/api/reports/business?botId=${botId}&${week}`);
    expect(internal.kpis.goalCompletionRate).toMatchObject({ industryCompanies: 4, industryMedian: null });
  });

  it('gives the all-bots view the tips of the per-bot view, never calling 0 % goals and 50 % handover healthy', async () => {
    const { auth } = await registerOwner(t, newRegistration({ company_name: 'New shop' }));
    const newcomer = authHeader(auth.token);
    // A first bot as a new user builds it: no goal module yet.
    const withoutGoals = (flow: BotDetail['flow']) => {
      const shop = shopFlow.onto(flow);
      return { ...shop, modules: shop.modules.map((module) => ({ ...module, isGoal: false })) };
    };
    const { bot, key: newKey } = await deployedBot(t, newcomer, 'First bot', withoutGoals);
    await deployedBot(t, newcomer, 'Unused bot', shopFlow);
    await press(await start(newKey), 'help', 'Help');
    await press(await start(newKey), 'news', 'Newsletter');
    await rollUpNow(t);

    const perBot = await get<BusinessReport>(`/api/reports/business?botId=${bot.id}&${week}`, newcomer);
    const allBots = await get<BusinessReport>(`/api/reports/business?${week}`, newcomer);
    for (const report of [perBot, allBots]) {
      expect(report.kpis.goalCompletionRate.value).toBe(0);
      expect(report.kpis.handoverRate.value).toBe(0.5);
    }
    expect(perBot.tipsStatus).toBe('advice');
    expect(perBot.tips.map((tip) => [tip.id, tip.href])).toEqual([['goal-setup', `/bots/list/${bot.id}`]]);
    expect(allBots.tipsStatus).toBe(perBot.tipsStatus);
    expect(allBots.tips).toEqual(perBot.tips);
  });

  it('keeps every company to its own reports', async () => {
    for (const path of ['traffic', 'business', 'messages']) {
      const foreignBot = await t.request({
        method: 'GET',
        url: `/api/reports/${path}?botId=${botId}&${week}`,
        headers: stranger,
      });
      expect(foreignBot.statusCode).toBe(404);
      expect(foreignBot.json().error.name).toBe('NotFoundException');
      const foreignCompany = await t.request({
        method: 'GET',
        url: `/api/reports/${path}?companyId=${companyId}&${week}`,
        headers: stranger,
      });
      expect(foreignCompany.statusCode).toBe(403);
    }
    const funnel = await t.request({
      method: 'GET',
      url: `/api/reports/funnel?botId=${botId}&${week}&steps=start,bought`,
      headers: stranger,
    });
    expect(funnel.statusCode).toBe(404);
    const own = await get<TrafficReport>(`/api/reports/traffic?${week}`, stranger);
    expect(own.totals.pageViews).toBe(0);
    const anonymous = await t.request({ method: 'GET', url: `/api/reports/traffic?${week}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad ranges and funnels with a named error', async () => {
    const cases: [string, string][] = [
      [`/api/reports/traffic?from=${today}&to=${daysAgo(1)}`, 'The range ends before it starts'],
      [`/api/reports/traffic?from=${daysAgo(400)}&to=${today}`, 'at most 366 days'],
      [`/api/reports/business?from=yesterday&to=${today}`, ''],
      [`/api/reports/funnel?botId=${botId}&${week}&steps=start`, 'at least 2 steps'],
      [`/api/reports/paths?botId=${botId}&${week}`, ''],
      [`/api/reports/messages?${week}&unknown=1`, ''],
      // Only traffic narrows to a domain (goals, texts and visits are not kept per domain).
      [`/api/reports/business?${week}&domain=shop.example`, ''],
    ];
    for (const [url, message] of cases) {
      const response = await t.request({ method: 'GET', url, headers: owner });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.name).toBe('ValidationException');
      expect(response.body).toContain(message);
    }
  });
});
