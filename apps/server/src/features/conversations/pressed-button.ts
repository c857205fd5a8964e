import type { TurnInput } from '@parley/engine';
import { buttonLabelFor, type Flow } from '@parley/flow';

/** The stored message of a turn (a TurnRequest's `incoming`), as far as labelling reads it. */
interface Incoming {
  text: string;
}

/**
 * A button press that arrives as a bare payload (`parley:button:start:person`: a client that
 * sends no label, a channel whose event has no title) is shown by the label of the flow's button
 * that sends it: in the transcript the engine keeps (and handoff summaries read), and in the
 * stored message the inbox shows. A label the channel gave is kept (it is what the person saw,
 * in their language). The engine still receives the payload.
 */
export function labelPress<T extends Incoming | null>(
  flow: Flow,
  input: TurnInput,
  incoming: T,
): { input: TurnInput; incoming: T } {
  if (input.type !== 'postback') return { input, incoming };
  const given = input.label?.trim();
  if (given && given !== input.payload) return { input, incoming };
  const label = buttonLabelFor(flow, input.payload);
  if (label === undefined) return { input, incoming };
  return {
    input: { ...input, label },
    incoming: (incoming && incoming.text === input.payload ? { ...incoming, text: label } : incoming) as T,
  };
}
