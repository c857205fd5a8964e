import type { Kpi, KpiName } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { type BotFigures, tipFocus } from './tip-focus';
import { type TipInputs, tipsToGrow } from './tips';

const kpi = (numerator: number, denominator: number): Kpi => ({
  value: denominator ? numerator / denominator : null,
  numerator,
  denominator,
  previous: null,
  industryMedian: null,
  industryCompanies: 0,
});

const links = {
  unrecognized: '/bots/list/b1',
  greeting: '/v2/lite/bots/b1/settings/styling',
  goalSetup: '/bots/list/b1',
  funnel: '/v2/reports/messages?botId=b1#funnel',
  inbox: '/v2/inbox?botId=b1&hasHandoff=true',
  install: '/v2/conversational-web-sdk',
};

const healthy: Record<KpiName, Kpi> = {
  goalCompletionRate: kpi(40, 100),
  openRate: kpi(30, 200),
  handoverRate: kpi(10, 100),
  fallbackRate: kpi(5, 300),
};

const inputs = (overrides: Partial<TipInputs> = {}, kpis: Partial<Record<KpiName, Kpi>> = {}): TipInputs => ({
  kpis: { ...healthy, ...kpis },
  conversations: 100,
  pageViews: 1000,
  hasGoalModules: true,
  topUnrecognized: [],
  links,
  ...overrides,
});
const ids = (input: TipInputs) => tipsToGrow(input).tips.map((tip) => tip.id);

describe('tips to grow', () => {
  it('has nothing to say about a bot doing well, and says its figures are healthy', () => {
    expect(tipsToGrow(inputs())).toEqual({ tips: [], status: 'healthy' });
  });

  it('suggests installing the widget when nothing was recorded', () => {
    expect(tipsToGrow(inputs({ conversations: 0, pageViews: 0 }))).toMatchObject({
      tips: [{ id: 'traffic', href: links.install }],
      status: 'advice',
    });
  });

  it('lists the top unrecognized messages when the fallback rate is high, linking to the builder', () => {
    const examples = Array.from({ length: 7 }, (_, index) => ({
      text: `question ${index}`,
      count: 7 - index,
    }));
    const [tip] = tipsToGrow(inputs({ topUnrecognized: examples }, { fallbackRate: kpi(60, 300) })).tips;
    expect(tip).toMatchObject({
      id: 'unrecognized-messages',
      kpi: 'fallbackRate',
      value: 0.2,
      href: '/bots/list/b1',
    });
    expect(tip?.examples).toEqual(examples.slice(0, 5));
  });

  it('waits for enough messages and sessions before advising', () => {
    expect(ids(inputs({}, { fallbackRate: kpi(10, 19), openRate: kpi(0, 49) }))).toEqual([]);
  });

  it('suggests a proactive greeting when few sessions open the chat', () => {
    const { tips } = tipsToGrow(inputs({}, { openRate: kpi(4, 100) }));
    expect(tips.map((tip) => [tip.id, tip.href])).toEqual([['proactive-greeting', links.greeting]]);
  });

  it('asks for goals when the bots have none, and points to the funnel when few reach them', () => {
    expect(ids(inputs({ hasGoalModules: false }))).toEqual(['goal-setup']);
    expect(tipsToGrow(inputs({}, { goalCompletionRate: kpi(10, 100) })).tips[0]).toMatchObject({
      id: 'goal-completion',
      href: links.funnel,
    });
  });

  it('points to the inbox when many conversations need a person', () => {
    expect(tipsToGrow(inputs({}, { handoverRate: kpi(40, 100) })).tips[0]).toMatchObject({
      id: 'handover',
      href: links.inbox,
    });
  });

  it('never calls 0 % goal completion and 50 % handover healthy', () => {
    const poor = { goalCompletionRate: kpi(0, 4), handoverRate: kpi(2, 4) };
    // Four conversations are too few to judge: the report says so rather than "healthy".
    expect(tipsToGrow(inputs({ conversations: 4 }, poor))).toEqual({
      tips: [],
      status: 'too-few-conversations',
    });
    // Enough of them, and both figures get a tip.
    const many = { goalCompletionRate: kpi(0, 40), handoverRate: kpi(20, 40) };
    expect(ids(inputs({ conversations: 40 }, many))).toEqual(['goal-completion', 'handover']);
    // Without goals in the bots, marking them comes first, however few the conversations.
    expect(tipsToGrow(inputs({ conversations: 4, hasGoalModules: false }, poor))).toMatchObject({
      status: 'advice',
      tips: [{ id: 'goal-setup' }],
    });
  });
});

const bot = (botId: string, figures: Partial<BotFigures> = {}): BotFigures => ({
  botId,
  conversations: 0,
  goalConversations: 0,
  fallbacks: 0,
  sessions: 0,
  openedSessions: 0,
  hasGoalModule: false,
  ...figures,
});

describe('where tips lead, for one bot or all of them', () => {
  it('leads every tip of one bot’s report to that bot', () => {
    expect(tipFocus([bot('b1', { conversations: 3 })])).toEqual({
      hasGoalModules: false,
      unrecognized: 'b1',
      greeting: 'b1',
      goalSetup: 'b1',
      funnel: null,
    });
    expect(tipFocus([bot('b1', { conversations: 3, hasGoalModule: true })])).toMatchObject({
      hasGoalModules: true,
      goalSetup: null,
      funnel: 'b1',
    });
  });

  it('leads each tip across all bots to the bot where it matters most', () => {
    const focus = tipFocus([
      bot('quiet', { conversations: 2, fallbacks: 1, sessions: 100, openedSessions: 90 }),
      bot('busy', { conversations: 50, fallbacks: 30, sessions: 80, openedSessions: 2, hasGoalModule: true }),
      bot('shop', { conversations: 30, goalConversations: 1, sessions: 10, hasGoalModule: true }),
      bot('unused', { hasGoalModule: true }),
    ]);
    expect(focus).toEqual({
      hasGoalModules: true,
      unrecognized: 'busy',
      greeting: 'busy',
      goalSetup: 'quiet',
      funnel: 'busy',
    });
  });

  it('counts goals only in bots people talked to', () => {
    const focus = tipFocus([bot('talked', { conversations: 5 }), bot('silent', { hasGoalModule: true })]);
    expect(focus).toMatchObject({ hasGoalModules: false, goalSetup: 'talked' });
  });

  it('gives the all-bots view the tips of the per-bot view when one bot had the conversations', () => {
    const poor = { goalCompletionRate: kpi(0, 4), handoverRate: kpi(2, 4) };
    const tipsOf = (bots: BotFigures[]) =>
      tipsToGrow(inputs({ conversations: 4, hasGoalModules: tipFocus(bots).hasGoalModules }, poor));
    const only = bot('b1', { conversations: 4 });
    const perBot = tipsOf([only]);
    const allBots = tipsOf([only, bot('b2', { sessions: 3 }), bot('b3', { hasGoalModule: true })]);
    expect(allBots).toEqual(perBot);
    expect(perBot.tips.map((tip) => tip.id)).toEqual(['goal-setup']);
  });
});
