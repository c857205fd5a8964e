import type { NlpInstance } from '@nlpjs/nlp';
import type { NluEntity, NluPrediction } from '@parley/modules';
import { extractEntities } from './entities';
import type { NluModelStore } from './model-store';
import { emptyNlp, type NluIntent, nluLanguage } from './train';

/** Why the model of the bot's current intents did not answer, and whether an older one did. */
export interface NluModelNotice {
  status: 'training' | 'refused';
  /** Why training was refused. */
  reason?: string;
  /** The bot's previous model answered (else nothing did: keywords and fallback only). */
  previous: boolean;
}

export interface NluResult {
  predictions: NluPrediction[];
  entities: NluEntity[];
  /** Set when the model of the bot's current intents is not ready. */
  model?: NluModelNotice;
}

/** Models kept loaded in this process, the least recently used going first. */
const MAX_LOADED = 50;
/** Bots whose previous model this process remembers. */
const MAX_BOTS = 1000;

const keys = new WeakMap<NluIntent[], Map<string, string>>();

/** FNV-1a: a stable key for a set of intents, so a model is trained once per content. */
export function modelKey(language: string, intents: NluIntent[]): string {
  // A flow's intents are one array for its life: hash it once per language.
  let byLanguage = keys.get(intents);
  if (!byLanguage) {
    byLanguage = new Map();
    keys.set(intents, byLanguage);
  }
  const known = byLanguage.get(language);
  if (known) return known;
  const key = hashIntents(language, intents);
  byLanguage.set(language, key);
  return key;
}

function hashIntents(language: string, intents: NluIntent[]): string {
  let hash = 0x811c9dc5;
  const text = JSON.stringify([
    nluLanguage(language),
    intents.map((intent) => [intent.name, intent.utterances]),
  ]);
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `nlu-v1-${hash.toString(16)}-${text.length}`;
}

/**
 * Intent predictions (best first, with confidence 0..1) and entities, using the bot's model from
 * the store. While the model of the bot's current intents trains, the bot's previous model (the
 * last one this process loaded for it) answers, and the result says so.
 */
export class NluEngine {
  private readonly loaded = new Map<string, Promise<NlpInstance>>();
  /** Per bot, its newest loaded model. */
  private readonly latest = new Map<string, { key: string; language: string }>();
  private readonly trainableOf = new WeakMap<NluIntent[], NluIntent[]>();

  constructor(private readonly store: NluModelStore) {}

  private trainable(intents: NluIntent[]): NluIntent[] {
    let trainable = this.trainableOf.get(intents);
    if (!trainable) {
      trainable = intents.filter((intent) => intent.utterances.length > 0);
      this.trainableOf.set(intents, trainable);
    }
    return trainable;
  }

  /** A loaded model, now the most recently used. */
  private use(key: string): Promise<NlpInstance> | undefined {
    const model = this.loaded.get(key);
    if (model) {
      this.loaded.delete(key);
      this.loaded.set(key, model);
    }
    return model;
  }

  private load(key: string, language: string, exported: string, botId: string): Promise<NlpInstance> {
    const known = this.use(key);
    if (known) return known;
    const model = (async () => {
      const nlp = await emptyNlp(nluLanguage(language));
      nlp.import(exported);
      if (botId) {
        this.latest.delete(botId);
        this.latest.set(botId, { key, language });
        if (this.latest.size > MAX_BOTS) this.latest.delete(this.latest.keys().next().value as string);
      }
      return nlp;
    })();
    model.catch(() => this.loaded.delete(key));
    this.loaded.set(key, model);
    if (this.loaded.size > MAX_LOADED) this.loaded.delete(this.loaded.keys().next().value as string);
    return model;
  }

  /** A bot's models are its own, whatever another bot's intents hash to. */
  private keyOf(language: string, intents: NluIntent[], botId: string): string {
    return botId ? `${botId}:${modelKey(language, intents)}` : modelKey(language, intents);
  }

  /** The bot's model for these intents, or its previous one with a notice saying why. */
  private async model(
    language: string,
    intents: NluIntent[],
    botId: string,
  ): Promise<{ nlp?: Promise<NlpInstance>; language: string; notice?: NluModelNotice }> {
    const key = this.keyOf(language, intents, botId);
    const loaded = this.use(key);
    if (loaded) return { nlp: loaded, language };
    const state = await this.store.model({ key, botId, language, intents });
    if (state.status === 'ready') return { nlp: this.load(key, language, state.model, botId), language };
    const latest = botId ? this.latest.get(botId) : undefined;
    const previous = latest ? this.use(latest.key) : undefined;
    return {
      nlp: previous,
      // The previous model may be of another language: it answers in its own.
      language: previous && latest ? latest.language : language,
      notice: {
        status: state.status,
        ...(state.status === 'refused' ? { reason: state.reason } : {}),
        previous: previous !== undefined,
      },
    };
  }

  /**
   * Asks the store for the bot's model of these intents, so that it trains before the first
   * message needs it (the host calls this when a bot is saved or published).
   */
  async prepare(language: string, intents: NluIntent[], botId: string): Promise<void> {
    const trainable = this.trainable(intents);
    if (trainable.length === 0) return;
    await this.store.model({
      key: this.keyOf(language, trainable, botId),
      botId,
      language,
      intents: trainable,
    });
  }

  /** `botId` names whose model it is: a bot's previous model answers while its next one trains. */
  async predict(language: string, intents: NluIntent[], text: string, botId = ''): Promise<NluResult> {
    const entities = extractEntities(text);
    const trainable = this.trainable(intents);
    if (trainable.length === 0 || !text.trim()) return { predictions: [], entities };
    const { nlp, language: modelLanguage, notice } = await this.model(language, trainable, botId);
    const notes = notice ? { model: notice } : {};
    if (!nlp) return { predictions: [], entities, ...notes };
    const result = await (await nlp).process(nluLanguage(modelLanguage), text);
    const predictions = result.classifications
      .filter((classification) => classification.intent !== 'None' && classification.score > 0)
      .map((classification) => ({ intent: classification.intent, confidence: classification.score }))
      .sort((a, b) => b.confidence - a.confidence);
    return { predictions, entities, ...notes };
  }
}
