import { type BusinessReport, MIN_TIP_CONVERSATIONS, type Tip, type TipsStatus } from '@parley/contracts';

/** Below these, a figure says too little to advise on. */
export const TIP_THRESHOLDS = {
  /** Fallbacks per user message above which the bot misses too much. */
  fallbackRate: 0.15,
  minUserMessages: 20,
  /** Sessions opening the widget below which a greeting should invite people. */
  openRate: 0.05,
  minSessions: 50,
  /** Conversations reaching a goal below which the path to it deserves a look. */
  goalCompletionRate: 0.2,
  /** Conversations handed to people above which the bot should answer more itself. */
  handoverRate: 0.3,
  minConversations: MIN_TIP_CONVERSATIONS,
} as const;

/**
 * Where in Parley each tip can be acted on. For one bot, that bot's builder, styling and funnel;
 * across every bot, the bot where it matters most (the service picks it). The rules never depend
 * on which: the same figures give the same tips in both views.
 */
export interface TipLinks {
  /** The builder of the bot that falls back most. */
  unrecognized: string;
  /** The styling of the bot whose visitors leave the chat closed most. */
  greeting: string;
  /** The builder of the busiest bot without a goal module. */
  goalSetup: string;
  /** The funnel of the bot whose conversations miss their goals most. */
  funnel: string;
  inbox: string;
  install: string;
}

export interface TipInputs {
  kpis: BusinessReport['kpis'];
  conversations: number;
  pageViews: number;
  /** Whether any bot the report covers (that had conversations) has a goal module. */
  hasGoalModules: boolean;
  topUnrecognized: { text: string; count: number }[];
  links: TipLinks;
}

export interface TipsToGrow {
  tips: Tip[];
  status: TipsStatus;
}

/**
 * Recommendations from the report's own figures, most useful first, each naming where in Parley
 * it can be fixed; and what they say as a whole. "Nothing stands out" is said only of figures
 * large enough to judge: a handful of conversations with no goal reached and half handed over is
 * too few to call healthy.
 */
export function tipsToGrow(inputs: TipInputs): TipsToGrow {
  const tips = tipsFor(inputs);
  if (tips.length > 0) return { tips, status: 'advice' };
  const judged = inputs.conversations >= TIP_THRESHOLDS.minConversations;
  return { tips, status: judged ? 'healthy' : 'too-few-conversations' };
}

function tipsFor(inputs: TipInputs): Tip[] {
  const { kpis, links } = inputs;
  const t = TIP_THRESHOLDS;
  if (inputs.conversations === 0 && inputs.pageViews === 0) {
    return [{ id: 'traffic', kpi: null, value: 0, examples: [], href: links.install }];
  }
  const tips: Tip[] = [];
  const fallback = kpis.fallbackRate;
  if (
    fallback.value !== null &&
    fallback.value > t.fallbackRate &&
    fallback.denominator >= t.minUserMessages
  ) {
    tips.push({
      id: 'unrecognized-messages',
      kpi: 'fallbackRate',
      value: fallback.value,
      examples: inputs.topUnrecognized.slice(0, 5),
      href: links.unrecognized,
    });
  }
  const open = kpis.openRate;
  if (open.value !== null && open.value < t.openRate && open.denominator >= t.minSessions) {
    tips.push({
      id: 'proactive-greeting',
      kpi: 'openRate',
      value: open.value,
      examples: [],
      href: links.greeting,
    });
  }
  const goal = kpis.goalCompletionRate;
  if (!inputs.hasGoalModules && inputs.conversations > 0) {
    tips.push({
      id: 'goal-setup',
      kpi: 'goalCompletionRate',
      value: null,
      examples: [],
      href: links.goalSetup,
    });
  } else if (
    inputs.hasGoalModules &&
    goal.value !== null &&
    goal.value < t.goalCompletionRate &&
    goal.denominator >= t.minConversations
  ) {
    tips.push({
      id: 'goal-completion',
      kpi: 'goalCompletionRate',
      value: goal.value,
      examples: [],
      href: links.funnel,
    });
  }
  const handover = kpis.handoverRate;
  if (
    handover.value !== null &&
    handover.value > t.handoverRate &&
    handover.denominator >= t.minConversations
  ) {
    tips.push({
      id: 'handover',
      kpi: 'handoverRate',
      value: handover.value,
      examples: [],
      href: links.inbox,
    });
  }
  return tips;
}
