/// <reference path="./nlpjs.d.ts" />
import { containerBootstrap } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en-min';
import { LangEs } from '@nlpjs/lang-es';
import { LangFr } from '@nlpjs/lang-fr';
import { LangPt } from '@nlpjs/lang-pt';
import { Nlp, type NlpInstance } from '@nlpjs/nlp';
import { DEFAULT_NLU_LIMITS, type NluLimits, nluLimitProblem } from '@parley/flow';

export interface NluIntent {
  name: string;
  utterances: string[];
}

const languagePlugins: Record<string, unknown> = { en: LangEn, es: LangEs, pt: LangPt, fr: LangFr };

/** Languages NLP.js understands here; others use English tokenisation. */
export function nluLanguage(language: string): string {
  const base = language.split('-')[0]?.toLowerCase() ?? 'en';
  return base in languagePlugins ? base : 'en';
}

/** An NLP.js instance for `language` (one of nluLanguage's), with nothing learnt yet. */
export async function emptyNlp(language: string): Promise<NlpInstance> {
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

/** Training refused: the intents are over the bot's limits (the message names the limit). */
export class NluModelTooLargeError extends Error {
  override name = 'NluModelTooLargeError';
}

/**
 * Trains a model from the bot's intents and returns it exported (what a model store keeps).
 * Refuses intents over `limits`. It takes the CPU for as long as it trains (seconds for large
 * bots): servers call it off the request path, in a worker thread.
 */
export async function trainModel(
  language: string,
  intents: NluIntent[],
  limits: NluLimits = DEFAULT_NLU_LIMITS,
): Promise<string> {
  const problem = nluLimitProblem(intents, limits);
  if (problem) throw new NluModelTooLargeError(problem);
  const lang = nluLanguage(language);
  const nlp = await emptyNlp(lang);
  for (const intent of intents)
    for (const utterance of intent.utterances) nlp.addDocument(lang, utterance, intent.name);
  await nlp.train();
  return nlp.export(true);
}
