import type { Flow } from '@parley/flow';
import { joinUrl } from '@parley/modules';
import type { TurnMeta } from './services';
import type { ConversationState } from './state';
import {
  type BudgetOptions,
  evaluateExpression,
  isTruthy,
  RenderBudget,
  type RenderOptions,
  renderTemplate,
  type Variables,
} from './templating';
import { chatHistory, cleanTranscript, type Utterance } from './transcript';

const declaredDefaults = new WeakMap<Flow, Map<string, unknown>>();
/**
 * The declared variables' starting values. One declared without a value (its default is null) is
 * not in the context until it is set, as a missing key is to Jinja2: it prints empty and
 * `default(…)` replaces it. A variable a flow sets to null is there, and prints `None` as in Jinja2.
 */
function defaultsOf(flow: Flow): Map<string, unknown> {
  let defaults = declaredDefaults.get(flow);
  if (!defaults) {
    defaults = new Map(
      flow.variables
        .filter((variable) => variable.default !== null)
        .map((variable) => [variable.name, variable.default]),
    );
    declaredDefaults.set(flow, defaults);
  }
  return defaults;
}

/**
 * What templates see, read live from the conversation: its variables, the flow's declared
 * variables (their starting values until set; none for one declared without a value), `parley.*` (transcript, chat history, ids), `sc` when the
 * channel provides it, and `channels_base_url`.
 */
export function templateVariables(flow: Flow, state: ConversationState, meta: TurnMeta): Variables {
  return (name) => {
    if (Object.hasOwn(state.variables, name)) return state.variables[name];
    switch (name) {
      case 'parley':
        return {
          transcript: cleanTranscript(state.transcript, state.conversation),
          chat_history: chatHistory(state.transcript),
          conversation_id: meta.conversationId,
          conversation_number: state.conversation,
          bot_id: meta.botId,
          deployment_id: meta.deploymentId,
          channel: meta.channel ?? 'webchat',
          language: flow.settings.language,
        };
      case 'sc':
        return meta.sc;
      case 'channels_base_url':
        return meta.channelsBaseUrl ?? '';
    }
    return defaultsOf(flow).get(name);
  };
}

/** Filters Parley adds to Jinja2's. */
export const parleyFilters: RenderOptions['filters'] = {
  /** `{{ channels_base_url | urljoin('webchat/' ~ id) }}`: exactly one "/" between the parts. */
  urljoin: (value, args) => joinUrl(String(value ?? ''), String(args[0] ?? '')),
};

/**
 * What all the templates of one turn may consume together, on top of each render's own limits: a
 * flow that renders many moderately big templates (or loops through modules) is bounded as well.
 * Time counts only while rendering, on the host's clock.
 */
export const TURN_TEMPLATE_BUDGET = {
  maxSteps: 4_000_000,
  maxChars: 40_000_000,
  timeLimitMs: 500,
} as const satisfies Omit<BudgetOptions, 'clock'>;

/** Renders a turn's templates against the conversation as it is at that moment. */
export class TurnTemplates {
  private readonly options: RenderOptions;
  constructor(
    private readonly variables: Variables,
    random: () => number,
    private readonly transcriptOf: () => Utterance[],
    clock?: () => number,
  ) {
    const budget = new RenderBudget({
      ...TURN_TEMPLATE_BUDGET,
      clock,
      owner: 'rendering this turn’s templates',
    });
    this.options = { random, filters: parleyFilters, budget };
  }

  render(template: string): string {
    // Plain text needs no rendering (most messages).
    if (!template.includes('{')) return template;
    return renderTemplate(template, this.variables, this.options);
  }

  /** Renders, or falls back to `fallback` when the template fails (for messages that must go out). */
  renderOr(template: string, fallback: string): string {
    try {
      return this.render(template);
    } catch {
      return fallback;
    }
  }

  evaluate(expression: string): unknown {
    return evaluateExpression(expression, this.variables, this.options);
  }

  isTruthy(expression: string): boolean {
    return isTruthy(expression, this.variables, this.options);
  }

  transcript(): Utterance[] {
    return this.transcriptOf();
  }
}
