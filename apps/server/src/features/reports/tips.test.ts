import type { Kpi, KpiName } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { type TipInputs, tipsFor } from './tips';

const kpi = (numerator: number, denominator: number): Kpi => ({
  value: denominator ? numerator / denominator : null,
  numerator,
  denominator,
  previous: null,
  industryMedian: null,
  industryCompanies: 0,
});

const links = {
  builder: '/bots/list/b1',
  styling: '/v2/lite/bots/b1/settings/styling',
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

describe('tips to grow', () => {
  it('has nothing to say about a bot doing well', () => {
    expect(tipsFor(inputs())).toEqual([]);
  });

  it('suggests installing the widget when nothing was recorded', () => {
    expect(tipsFor(inputs({ conversations: 0, pageViews: 0 })).map((tip) => tip.id)).toEqual(['traffic']);
  });

  it('lists the top unrecognized messages when the fallback rate is high, linking to the builder', () => {
    const examples = Array.from({ length: 7 }, (_, index) => ({
      text: `question ${index}`,
      count: 7 - index,
    }));
    const [tip] = tipsFor(inputs({ topUnrecognized: examples }, { fallbackRate: kpi(60, 300) }));
    expect(tip).toMatchObject({
      id: 'unrecognized-messages',
      kpi: 'fallbackRate',
      value: 0.2,
      href: '/bots/list/b1',
    });
    expect(tip?.examples).toEqual(examples.slice(0, 5));
  });

  it('waits for enough messages and sessions before advising', () => {
    expect(tipsFor(inputs({}, { fallbackRate: kpi(10, 19), openRate: kpi(0, 49) }))).toEqual([]);
  });

  it('suggests a proactive greeting when few sessions open the chat', () => {
    expect(tipsFor(inputs({}, { openRate: kpi(4, 100) })).map((tip) => [tip.id, tip.href])).toEqual([
      ['proactive-greeting', links.styling],
    ]);
  });

  it('asks for goals when the bot has none, and points to the funnel when few reach them', () => {
    expect(tipsFor(inputs({ hasGoalModules: false })).map((tip) => tip.id)).toEqual(['goal-setup']);
    expect(tipsFor(inputs({}, { goalCompletionRate: kpi(10, 100) }))[0]).toMatchObject({
      id: 'goal-completion',
      href: links.funnel,
    });
  });

  it('points to the inbox when many conversations need a person', () => {
    expect(tipsFor(inputs({}, { handoverRate: kpi(40, 100) }))[0]).toMatchObject({
      id: 'handover',
      href: links.inbox,
    });
  });

  it('leaves out tips that need one bot when the report spans all of them', () => {
    const all = { ...links, builder: null, styling: null };
    const tips = tipsFor(
      inputs({ links: all, hasGoalModules: false }, { fallbackRate: kpi(90, 300), openRate: kpi(1, 100) }),
    );
    expect(tips).toEqual([]);
  });
});
