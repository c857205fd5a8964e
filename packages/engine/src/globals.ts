import type { Flow, GlobalConnection } from '@parley/flow';
import { compileUserPattern, type UserInput } from '@parley/modules';

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
 * which the caller computes once per turn only when some trigger needs them. A regex trigger
 * whose pattern cannot run (saved before such patterns were refused) never fires; `refused` hears why.
 */
export function globalMatches(
  global: GlobalConnection,
  input: UserInput,
  predictions: { intent: string; confidence: number }[],
  refused: (reason: string) => void = () => {},
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
    case 'regex': {
      const pattern = compileUserPattern(trigger.pattern, trigger.flags);
      if (!pattern.ok) {
        refused(pattern.reason);
        return false;
      }
      // Linear in the text (RE2); longer messages never matched a regex trigger.
      return text.length <= 2000 && pattern.test(text);
    }
    case 'intent': {
      const best = predictions[0];
      return best !== undefined && best.intent === trigger.intent && best.confidence >= trigger.threshold;
    }
  }
}
