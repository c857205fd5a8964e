import type { Intent } from './schema';

/**
 * How big a bot's intent model may be. Training time and the model's size grow with the number of
 * utterances (300 intents × 150 utterances took about ten seconds of CPU), so each bot is bounded.
 */
export interface NluLimits {
  /** Utterances over all of the bot's intents. */
  maxUtterances: number;
  /** Characters in one utterance. */
  maxUtteranceLength: number;
}

/** The limits a server uses unless it is configured otherwise (NLU_MAX_UTTERANCES, …). */
export const DEFAULT_NLU_LIMITS: NluLimits = { maxUtterances: 5000, maxUtteranceLength: 200 };

/** Why these intents are over the limits (a sentence naming the limit), or undefined when they fit. */
export function nluLimitProblem(
  intents: readonly Pick<Intent, 'name' | 'utterances'>[],
  limits: NluLimits,
): string | undefined {
  let total = 0;
  for (const intent of intents) {
    total += intent.utterances.length;
    const long = intent.utterances.find((utterance) => utterance.length > limits.maxUtteranceLength);
    if (long !== undefined)
      return `An utterance of the intent “${intent.name}” has ${long.length} characters; the limit is ${limits.maxUtteranceLength} characters per utterance`;
  }
  if (total > limits.maxUtterances)
    return `The intents have ${total} utterances in all; the limit is ${limits.maxUtterances} utterances per bot`;
  return undefined;
}
