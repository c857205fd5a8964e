import type { BusinessReport, Tip } from '@parley/contracts';

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
  minConversations: 20,
} as const;

export interface TipInputs {
  kpis: BusinessReport['kpis'];
  conversations: number;
  pageViews: number;
  /** Whether the bots in the report have any goal module at all. */
  hasGoalModules: boolean;
  topUnrecognized: { text: string; count: number }[];
  links: { builder: string | null; styling: string | null; funnel: string; inbox: string; install: string };
}

/**
 * Recommendations from the report's own figures, most useful first. Each names where in Parley it
 * can be fixed; a tip whose place needs a single bot (the builder, the widget's styling) shows only
 * when the report is about one.
 */
export function tipsFor(inputs: TipInputs): Tip[] {
  const { kpis, links } = inputs;
  const t = TIP_THRESHOLDS;
  const tips: Tip[] = [];
  if (inputs.conversations === 0 && inputs.pageViews === 0) {
    tips.push({ id: 'traffic', kpi: null, value: 0, examples: [], href: links.install });
    return tips;
  }
  const fallback = kpis.fallbackRate;
  if (
    links.builder &&
    fallback.value !== null &&
    fallback.value > t.fallbackRate &&
    fallback.denominator >= t.minUserMessages
  ) {
    tips.push({
      id: 'unrecognized-messages',
      kpi: 'fallbackRate',
      value: fallback.value,
      examples: inputs.topUnrecognized.slice(0, 5),
      href: links.builder,
    });
  }
  const open = kpis.openRate;
  if (links.styling && open.value !== null && open.value < t.openRate && open.denominator >= t.minSessions) {
    tips.push({
      id: 'proactive-greeting',
      kpi: 'openRate',
      value: open.value,
      examples: [],
      href: links.styling,
    });
  }
  const goal = kpis.goalCompletionRate;
  if (!inputs.hasGoalModules && links.builder && inputs.conversations > 0) {
    tips.push({
      id: 'goal-setup',
      kpi: 'goalCompletionRate',
      value: null,
      examples: [],
      href: links.builder,
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
