import { DEFAULT_NLU_LIMITS, type NluLimits, nluLimitProblem } from '@parley/flow';
import { type NluIntent, trainModel } from './train';

/** What the engine asks its host for: the model of a bot's intents. */
export interface NluModelRequest {
  /** Identifies the model: the bot and the content of its intents (see modelKey). */
  key: string;
  botId: string;
  language: string;
  /** The intents to learn (those with utterances). */
  intents: NluIntent[];
}

/** The host's answer: the model, or why there is none for now. */
export type NluModelState =
  | { status: 'ready'; model: string }
  /** Being trained off the turn (the first ask starts it): ask again on a later turn. */
  | { status: 'training' }
  /** Will not be trained: over the bot's limits, or training failed (the reason says which). */
  | { status: 'refused'; reason: string };

/**
 * Where trained models come from. The host trains them where it likes (a worker thread, a job)
 * and keeps them; an answer should not wait for a long training, so that the turn can go on with
 * the bot's previous model.
 */
export interface NluModelStore {
  model(request: NluModelRequest): Promise<NluModelState>;
}

export interface MemoryModelStoreOptions {
  limits?: NluLimits;
  /** How a model is trained (default: trainModel, in this process). */
  train?: (language: string, intents: NluIntent[], limits: NluLimits) => Promise<string>;
}

/**
 * A store that trains in this process, waiting for the model, and keeps models in memory: for
 * tests, benchmarks and tools. Training blocks this process; a server trains in a worker thread.
 */
export function memoryModelStore({
  limits = DEFAULT_NLU_LIMITS,
  train = trainModel,
}: MemoryModelStoreOptions = {}): NluModelStore {
  const models = new Map<string, Promise<string>>();
  return {
    async model({ key, language, intents }) {
      const problem = nluLimitProblem(intents, limits);
      if (problem) return { status: 'refused', reason: problem };
      let model = models.get(key);
      if (!model) {
        model = train(language, intents, limits);
        models.set(key, model);
        model.catch(() => models.delete(key));
      }
      try {
        return { status: 'ready', model: await model };
      } catch (error) {
        return { status: 'refused', reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
