/// <reference path="./nlpjs.d.ts" />
import { containerBootstrap } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en-min';
import { LangEs } from '@nlpjs/lang-es';
import { LangFr } from '@nlpjs/lang-fr';
import { LangPt } from '@nlpjs/lang-pt';
import { Nlp, type NlpInstance } from '@nlpjs/nlp';
import type { NluEntity, NluPrediction } from '@parley/modules';
import { extractEntities } from './entities';

/** Where trained models live between turns (the host may keep them in memory, a table, …). */
export interface NluModelStore {
  get(key: string): Promise<string | undefined>;
  put(key: string, model: string): Promise<void>;
}

export interface NluIntent {
  name: string;
  utterances: string[];
}

export interface NluResult {
  predictions: NluPrediction[];
  entities: NluEntity[];
}

const languagePlugins: Record<string, unknown> = { en: LangEn, es: LangEs, pt: LangPt, fr: LangFr };

/** Languages NLP.js understands here; others use English tokenisation. */
export function nluLanguage(language: string): string {
  const base = language.split('-')[0]?.toLowerCase() ?? 'en';
  return base in languagePlugins ? base : 'en';
}

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

async function emptyNlp(language: string): Promise<NlpInstance> {
  const container = await containerBootstrap();
  // NLP.js's own defaults for its classifiers, but quiet: it logs every training epoch otherwise.
  container.registerConfiguration(
    'nlu-??',
    {
      keepStopwords: true,
      nonefeatureValue: 1,
      nonedeltaMultiplier: 1.2,
      spellCheck: false,
      spellCheckDistance: 1,
      filterZeros: true,
      log: false,
    },
    true,
  );
  container.use(Nlp);
  container.use(languagePlugins[language]);
  const nlp = container.get('nlp');
  nlp.settings.autoSave = false;
  nlp.settings.log = false;
  nlp.addLanguage(language);
  return nlp;
}

/** Trains a model from the bot's intents and returns it exported (what the store keeps). */
export async function trainModel(language: string, intents: NluIntent[]): Promise<string> {
  const lang = nluLanguage(language);
  const nlp = await emptyNlp(lang);
  for (const intent of intents)
    for (const utterance of intent.utterances) nlp.addDocument(lang, utterance, intent.name);
  await nlp.train();
  return nlp.export(true);
}

/**
 * Intent predictions (best first, with confidence 0..1) and entities, using the bot's model:
 * loaded from the store, or trained and stored on first use. Loaded models stay in this process.
 */
export class NluEngine {
  private readonly loaded = new Map<string, Promise<NlpInstance>>();
  constructor(private readonly store: NluModelStore) {}

  private readonly trainableOf = new WeakMap<NluIntent[], NluIntent[]>();
  private trainable(intents: NluIntent[]): NluIntent[] {
    let trainable = this.trainableOf.get(intents);
    if (!trainable) {
      trainable = intents.filter((intent) => intent.utterances.length > 0);
      this.trainableOf.set(intents, trainable);
    }
    return trainable;
  }

  private model(language: string, intents: NluIntent[], key: string): Promise<NlpInstance> {
    let model = this.loaded.get(key);
    if (!model) {
      model = (async () => {
        let exported = await this.store.get(key);
        if (!exported) {
          exported = await trainModel(language, intents);
          await this.store.put(key, exported);
        }
        const nlp = await emptyNlp(nluLanguage(language));
        nlp.import(exported);
        return nlp;
      })();
      model.catch(() => this.loaded.delete(key));
      this.loaded.set(key, model);
      // Keep memory bounded: the oldest loaded models go first.
      if (this.loaded.size > 50) this.loaded.delete(this.loaded.keys().next().value as string);
    }
    return model;
  }

  async predict(
    language: string,
    intents: NluIntent[],
    text: string,
    versionKey?: string,
  ): Promise<NluResult> {
    const entities = extractEntities(text);
    const trainable = this.trainable(intents);
    if (trainable.length === 0 || !text.trim()) return { predictions: [], entities };
    const key = versionKey ? `${versionKey}:${modelKey(language, trainable)}` : modelKey(language, trainable);
    const nlp = await this.model(language, trainable, key);
    const result = await nlp.process(nluLanguage(language), text);
    const predictions = result.classifications
      .filter((classification) => classification.intent !== 'None' && classification.score > 0)
      .map((classification) => ({ intent: classification.intent, confidence: classification.score }))
      .sort((a, b) => b.confidence - a.confidence);
    return { predictions, entities };
  }
}

/** A store that keeps models in this process (tests, the tester, a single server). */
export function memoryModelStore(): NluModelStore {
  const models = new Map<string, string>();
  return {
    get: async (key) => models.get(key),
    put: async (key, model) => void models.set(key, model),
  };
}
