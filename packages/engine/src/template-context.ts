import type { Flow } from '@parley/flow';
import { joinUrl } from '@parley/modules';
import type { TurnMeta } from './services';
import type { ConversationState } from './state';
import { evaluateExpression, isTruthy, type RenderOptions, renderTemplate } from './templating';
import { chatHistory, cleanTranscript, type Utterance } from './transcript';

/**
 * What templates see: the flow's declared variables (with their defaults), the conversation's
 * variables, `parley.*` (transcript, chat history, ids) and `sc` when the channel provides it.
 */
export function templateVariables(
  flow: Flow,
  state: ConversationState,
  meta: TurnMeta,
): Record<string, unknown> {
  const declared = Object.fromEntries(flow.variables.map((variable) => [variable.name, variable.default]));
  return {
    ...declared,
    ...state.variables,
    parley: {
      transcript: cleanTranscript(state.transcript, state.conversation),
      chat_history: chatHistory(state.transcript),
      conversation_id: meta.conversationId,
      conversation_number: state.conversation,
      bot_id: meta.botId,
      deployment_id: meta.deploymentId,
      channel: meta.channel ?? 'webchat',
      language: flow.settings.language,
    },
    ...(meta.sc ? { sc: meta.sc } : {}),
    channels_base_url: meta.channelsBaseUrl ?? '',
  };
}

/** Filters Parley adds to Jinja2's. */
export const parleyFilters: RenderOptions['filters'] = {
  /** `{{ channels_base_url | urljoin('webchat/' ~ id) }}`: exactly one "/" between the parts. */
  urljoin: (value, args) => joinUrl(String(value ?? ''), String(args[0] ?? '')),
};

/** Renders a turn's templates against variables built once and rebuilt only after they change. */
export class TurnTemplates {
  private variables: Record<string, unknown> | undefined;
  constructor(
    private readonly build: () => Record<string, unknown>,
    private readonly random: () => number,
  ) {}

  invalidate(): void {
    this.variables = undefined;
  }

  private current(): Record<string, unknown> {
    this.variables ??= this.build();
    return this.variables;
  }

  private options(): RenderOptions {
    return { random: this.random, filters: parleyFilters };
  }

  render(template: string): string {
    // Plain text needs no rendering (most messages).
    if (!template.includes('{')) return template;
    return renderTemplate(template, this.current(), this.options());
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
    return evaluateExpression(expression, this.current(), this.options());
  }

  isTruthy(expression: string): boolean {
    return isTruthy(expression, this.current(), this.options());
  }

  transcript(): Utterance[] {
    return (this.current().parley as { transcript: Utterance[] }).transcript;
  }
}
