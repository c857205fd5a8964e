import type { NluModelState, NluModelStore } from '@parley/engine';
import { type NluLimits, nluLimitProblem } from '@parley/flow';
import { type NluTrainer, TrainingSuperseded } from './nlu-trainer';

export interface TrainedModelStoreOptions {
  trainer: NluTrainer;
  limits: NluLimits;
  /**
   * How long an ask waits for a model in training before answering "training" (the turn then
   * goes on with the bot's previous model). Only that conversation waits: training runs elsewhere.
   */
  waitMs: number;
  /** Trained models kept in this process, the least recently used going first. */
  maxModels?: number;
}

/** A failed training is tried again after this long (a crash may not happen twice). */
const RETRY_FAILED_AFTER_MS = 10 * 60_000;
const MAX_FAILED = 1000;

/**
 * The server's NLU models: trained by the trainer (a worker thread) when first asked for, kept in
 * this process's memory. Intents over the limits are refused without training.
 */
export function trainedModelStore({
  trainer,
  limits,
  waitMs,
  maxModels = 100,
}: TrainedModelStoreOptions): NluModelStore {
  const models = new Map<string, string>();
  const training = new Map<string, Promise<string>>();
  const failed = new Map<string, { reason: string; at: number }>();

  const keep = (key: string, model: string) => {
    models.delete(key);
    models.set(key, model);
    if (models.size > maxModels) models.delete(models.keys().next().value as string);
  };

  const current = (key: string): NluModelState | undefined => {
    const model = models.get(key);
    if (model !== undefined) {
      keep(key, model);
      return { status: 'ready', model };
    }
    const failure = failed.get(key);
    if (failure && Date.now() - failure.at < RETRY_FAILED_AFTER_MS)
      return { status: 'refused', reason: failure.reason };
    return undefined;
  };

  return {
    async model({ key, botId, language, intents }) {
      const known = current(key);
      if (known) return known;
      const problem = nluLimitProblem(intents, limits);
      if (problem) return { status: 'refused', reason: problem };
      let pending = training.get(key);
      if (!pending) {
        failed.delete(key);
        pending = trainer.train({ botId, language, intents, limits });
        training.set(key, pending);
        pending.then(
          (model) => keep(key, model),
          (error: Error) => {
            // A superseded training is not a failure: the next ask starts it again.
            if (error instanceof TrainingSuperseded) return;
            failed.set(key, { reason: error.message, at: Date.now() });
            if (failed.size > MAX_FAILED) failed.delete(failed.keys().next().value as string);
          },
        );
        void pending.catch(() => undefined).finally(() => training.delete(key));
      }
      if (waitMs > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          pending.catch(() => undefined),
          new Promise((resolve) => {
            timer = setTimeout(resolve, waitMs);
          }),
        ]);
        clearTimeout(timer);
      }
      return current(key) ?? { status: 'training' };
    },
  };
}
