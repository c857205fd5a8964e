import {
  type BotMessage,
  type CallFailure,
  EVENT,
  type MessageButton,
  type MessageCard,
} from '@parley/contracts';
import { baseDimensions, callFailureOf, type EngineEvent, type TurnMeta } from '@parley/engine';
import type { Flow } from '@parley/flow';
import { type MachineTranslation, type Phrasebook, textHash } from '../translation/machine-translation';
import type { TurnRow } from './conversations.repository';
import type { NextCall, replayingServices } from './pending-turn';

/** Which way a turn translates: the visitor's language and the bot's own. */
export interface TurnLanguages {
  visitor: string;
  bot: string;
}

/** A language code's base (`pt` of `pt-BR`): what DeepL, the cache and the offered list speak. */
export const baseLanguage = (language: string) => language.split('-')[0]?.toLowerCase() ?? language;

/**
 * The languages a turn of this conversation translates between; null when the visitor speaks the
 * bot's own language or one the bot does not offer (the bot then speaks its own).
 */
export function turnLanguages(row: TurnRow, flow: Flow): TurnLanguages | null {
  const bot = baseLanguage(flow.settings.language);
  const visitor = row.language === null ? null : baseLanguage(row.language);
  if (visitor === null || visitor === bot || !row.offered_languages.includes(visitor)) return null;
  return { visitor, bot };
}

/** One way a text is translated: from `source` into `target`. */
export interface TranslationWay {
  source: string;
  target: string;
}

/**
 * Which way an agent's reply translates: from the agent's language (the bot's when they chose none)
 * into the visitor's (the bot's when the visitor speaks it or one it does not offer). Null when the
 * two are one, or the bot offers no other language (its company may have no translation key).
 */
export function agentReplyWay(row: TurnRow, flow: Flow, agentLanguage: string | null): TranslationWay | null {
  if (row.offered_languages.length === 0) return null;
  const bot = baseLanguage(flow.settings.language);
  const target = turnLanguages(row, flow)?.visitor ?? bot;
  const source = agentLanguage === null ? bot : baseLanguage(agentLanguage);
  return source === target ? null : { source, target };
}

/**
 * What names a translation call in the pending turn: its languages and a hash of its texts, so a
 * turn worked out again finds its answer by content (people reading the record see the languages).
 */
const translationKey = (source: string, target: string, texts: string[]) =>
  `${source}→${target} ${textHash(texts.join('\u0000')).slice(0, 16)}`;

/** What a translation call answers: each text it was given, by its text (a replay reads it by content). */
type Translations = Record<string, string>;

/** What became of a turn's texts: translated, failed (said why), or waiting on a call not made yet. */
export type TextsOutcome =
  | { status: 'translated'; translations: Translations }
  | { status: 'failed'; failure: CallFailure }
  | { status: 'waiting'; call: NextCall };

/**
 * Translates a turn's texts: the bot's own texts from its phrasebook (a person's translation first),
 * the rest from this process's memory when it holds them all (no call, nothing read), otherwise by
 * one outside call through the pending turn (made with nothing held, its answer recorded and
 * replayed by content).
 */
export async function translateTexts(
  translation: MachineTranslation,
  replay: ReturnType<typeof replayingServices>,
  request: { companyId: string; botId: string; source: string; target: string; timeoutMs: number },
  texts: string[],
  phrasebook: Phrasebook | null = null,
): Promise<TextsOutcome> {
  const known: Translations = {};
  // Blank texts have nothing to translate (DeepL refuses an empty one).
  const unique = [
    ...new Set(
      texts.filter((text) => {
        if (text.trim() === '') return false;
        const translated = phrasebook?.lookup(text);
        if (translated !== undefined) known[text] = translated;
        return translated === undefined;
      }),
    ),
  ];
  if (unique.length === 0) return { status: 'translated', translations: known };
  const { companyId, botId, source, target } = request;
  const remembered = translation.fromMemory({ companyId, source, target, texts: unique });
  if (remembered.every((text) => text !== undefined))
    return {
      status: 'translated',
      translations: {
        ...known,
        ...Object.fromEntries(unique.map((text, index) => [text, remembered[index] as string])),
      },
    };
  try {
    const translations = await replay.keyedCall(
      translationKey(source, target, unique),
      request.timeoutMs,
      async () => {
        const translated = await translation.translate({ companyId, botId, source, target, texts: unique });
        return Object.fromEntries(
          unique.map((text, index) => [text, translated[index] ?? text]),
        ) as Translations;
      },
    );
    return { status: 'translated', translations: { ...known, ...translations } };
  } catch (error) {
    const call = replay.nextCall();
    if (call) return { status: 'waiting', call };
    return { status: 'failed', failure: callFailureOf(error) };
  }
}

const buttonTexts = (buttons: MessageButton[]) => buttons.map((button) => button.label);
const cardTexts = (card: MessageCard) => [card.title, card.subtitle ?? '', ...buttonTexts(card.buttons)];

/** The words of a bot's message a visitor reads (never a payload or an address). */
export function messageTexts(message: BotMessage): string[] {
  switch (message.type) {
    case 'text':
      return [message.text];
    case 'buttons':
      return [message.text, ...buttonTexts(message.buttons)];
    case 'card':
      return cardTexts(message.card);
    case 'carousel':
      return message.cards.flatMap(cardTexts);
  }
}

/** The message with its words translated (a word the translation lacks stays as written). */
export function translateMessage(message: BotMessage, translations: Translations): BotMessage {
  const say = (text: string) => translations[text] ?? text;
  const buttons = (list: MessageButton[]) => list.map((button) => ({ ...button, label: say(button.label) }));
  const card = (value: MessageCard): MessageCard => ({
    ...value,
    title: say(value.title),
    ...(value.subtitle !== undefined ? { subtitle: say(value.subtitle) } : {}),
    buttons: buttons(value.buttons),
  });
  switch (message.type) {
    case 'text':
      return { type: 'text', text: say(message.text) };
    case 'buttons':
      return { ...message, text: say(message.text), buttons: buttons(message.buttons) };
    case 'card':
      return { type: 'card', card: card(message.card) };
    case 'carousel':
      return { type: 'carousel', cards: message.cards.map(card) };
  }
}

/** The conversation's log says a translation failed and the text went as written. */
export function translationFailedEvent(
  meta: TurnMeta,
  direction: 'visitor' | 'bot' | 'agent',
  languages: { source: string; target: string },
  failure: CallFailure,
  afterOutputs: number,
): EngineEvent {
  return {
    name: EVENT.TranslationFailed,
    at: Date.now(),
    afterOutputs,
    dimensions: baseDimensions(meta),
    data: { direction, ...languages, reason: failure.reason, error: failure.message },
  };
}
