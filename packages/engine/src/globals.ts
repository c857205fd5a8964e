import type { Flow, GlobalConnection, TriggerOf, TriggerType } from '@parley/flow';
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

/** Whether a trigger fires for the user's input (`refused` hears why a pattern cannot run). */
type TriggerMatcher<T> = (
  trigger: T,
  input: UserInput,
  predictions: { intent: string; confidence: number }[],
  refused: (reason: string) => void,
) => boolean;

/** What the user said: the typed text, or a pressed button's label. */
const said = (input: UserInput) => (input.kind === 'text' ? input.text : (input.label ?? ''));

/** How each kind of trigger matches; every kind but postback listens to what the user said. */
const triggerMatchers = {
  postback: (trigger, input) => input.kind === 'postback' && input.payload === trigger.payload,
  keyword: (trigger, input) => {
    const text = normalise(said(input));
    if (!text) return false;
    return trigger.keywords.some((keyword) =>
      trigger.match === 'exact' ? text === normalise(keyword) : text.includes(normalise(keyword)),
    );
  },
  regex: (trigger, input, _predictions, refused) => {
    const text = said(input);
    if (!text) return false;
    const pattern = compileUserPattern(trigger.pattern, trigger.flags);
    if (!pattern.ok) {
      refused(pattern.reason);
      return false;
    }
    // Linear in the text (RE2); longer messages never matched a regex trigger.
    return text.length <= 2000 && pattern.test(text);
  },
  intent: (trigger, input, predictions) => {
    if (!said(input)) return false;
    const best = predictions[0];
    return best !== undefined && best.intent === trigger.intent && best.confidence >= trigger.threshold;
  },
} satisfies { [K in TriggerType]: TriggerMatcher<TriggerOf<K>> };

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
  const matches = triggerMatchers[global.trigger.type] as TriggerMatcher<typeof global.trigger>;
  return matches(global.trigger, input, predictions, refused);
}
