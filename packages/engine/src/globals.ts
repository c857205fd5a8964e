import type { Flow, GlobalConnection } from '@parley/flow';
import type { UserInput } from '@parley/modules';

/** Enabled global connections, highest priority first (ties keep their order). */
export function orderedGlobals(flow: Flow): GlobalConnection[] {
  return flow.globalConnections
    .map((global, index) => ({ global, index }))
    .filter(({ global }) => global.enabled)
    .sort((a, b) => b.global.priority - a.global.priority || a.index - b.index)
    .map(({ global }) => global);
}

const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Whether a global connection's trigger fires for this input. Intent triggers need predictions,
 * which the caller computes once per turn only when some trigger needs them.
 */
export function globalMatches(
  global: GlobalConnection,
  input: UserInput,
  predictions: { intent: string; confidence: number }[],
): boolean {
  const { trigger } = global;
  if (trigger.type === 'postback') return input.kind === 'postback' && input.payload === trigger.payload;
  const text = input.kind === 'text' ? input.text : (input.label ?? '');
  if (!text) return false;
  switch (trigger.type) {
    case 'keyword': {
      const said = normalise(text);
      return trigger.keywords.some((keyword) =>
        trigger.match === 'exact' ? said === normalise(keyword) : said.includes(normalise(keyword)),
      );
    }
    case 'regex':
      try {
        return text.length <= 2000 && new RegExp(trigger.pattern, trigger.flags).test(text);
      } catch {
        return false;
      }
    case 'intent': {
      const best = predictions[0];
      return best !== undefined && best.intent === trigger.intent && best.confidence >= trigger.threshold;
    }
  }
}
