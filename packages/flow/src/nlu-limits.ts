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

/** Which limit some intents go over, and by how much. */
export type NluLimitExceeded =
  | { kind: 'utteranceLength'; intent: string; length: number; limit: number }
  | { kind: 'utterances'; total: number; limit: number };

/** The first limit these intents go over, or undefined when they fit. */
export function nluLimitExceeded(
  intents: readonly Pick<Intent, 'name' | 'utterances'>[],
  limits: NluLimits,
): NluLimitExceeded | undefined {
  let total = 0;
  for (const intent of intents) {
    total += intent.utterances.length;
    const long = intent.utterances.find((utterance) => utterance.length > limits.maxUtteranceLength);
    if (long !== undefined)
      return {
        kind: 'utteranceLength',
        intent: intent.name,
        length: long.length,
        limit: limits.maxUtteranceLength,
      };
  }
  if (total > limits.maxUtterances) return { kind: 'utterances', total, limit: limits.maxUtterances };
  return undefined;
}

/** A limit gone over, as an English sentence naming the limit. */
export function describeNluLimit(exceeded: NluLimitExceeded): string {
  return exceeded.kind === 'utteranceLength'
    ? `An utterance of the intent “${exceeded.intent}” has ${exceeded.length} characters; the limit is ${exceeded.limit} characters per utterance`
    : `The intents have ${exceeded.total} utterances in all; the limit is ${exceeded.limit} utterances per bot`;
}

/** Why these intents are over the limits (a sentence naming the limit), or undefined when they fit. */
export function nluLimitProblem(
  intents: readonly Pick<Intent, 'name' | 'utterances'>[],
  limits: NluLimits,
): string | undefined {
  const exceeded = nluLimitExceeded(intents, limits);
  return exceeded && describeNluLimit(exceeded);
}
