import type { BotMessage, MessageButton, MessageCard } from './bot-messages';

// The kinds of bot message (text, buttons, card, carousel). Each kind is a branch of
// `botMessageSchema` and an entry here; the screens that draw messages (the inbox, the widget)
// keep registries of views typed by `BotMessageType` too, so the compiler names every place a
// new kind needs.

export type BotMessageType = BotMessage['type'];
export type BotMessageOf<K extends BotMessageType> = Extract<BotMessage, { type: K }>;

/** What every part of Parley may ask of a kind of bot message, besides drawing it. */
export interface BotMessageKind<M extends BotMessage> {
  /** All it says, as text: transcripts and language-model prompts (`[Label]` for a button). */
  text(message: M): string;
  /** One short line: conversation list previews and notifications. */
  preview(message: M): string;
  /** The buttons it offers, in order. */
  buttons(message: M): MessageButton[];
  /** The cards it shows (a card message one, a carousel several). */
  cards(message: M): MessageCard[];
}

export const botMessageKinds = {
  text: {
    text: (message) => message.text,
    preview: (message) => message.text,
    buttons: () => [],
    cards: () => [],
  },
  buttons: {
    text: (message) => [message.text, ...message.buttons.map((button) => `[${button.label}]`)].join('\n'),
    preview: (message) => message.text,
    buttons: (message) => message.buttons,
    cards: () => [],
  },
  card: {
    text: ({ card }) => [card.title, card.subtitle ?? ''].filter(Boolean).join('\n'),
    preview: ({ card }) => card.title,
    buttons: ({ card }) => card.buttons,
    cards: ({ card }) => [card],
  },
  carousel: {
    text: ({ cards }) => cards.map((card) => card.title).join(' | '),
    preview: ({ cards }) => cards.map((card) => card.title).join(' | '),
    buttons: ({ cards }) => cards.flatMap((card) => card.buttons),
    cards: ({ cards }) => cards,
  },
} satisfies { [K in BotMessageType]: BotMessageKind<BotMessageOf<K>> };

/** The kind of a message, for code that handles any message. */
export function botMessageKindOf<M extends BotMessage>(message: M): BotMessageKind<M> {
  return botMessageKinds[message.type] as unknown as BotMessageKind<M>;
}

/** What a bot message says, as text (for transcripts and LLM prompts). */
export const messageText = (message: BotMessage): string => botMessageKindOf(message).text(message);

/** A bot message in one short line (list previews, notifications). */
export const messagePreview = (message: BotMessage): string => botMessageKindOf(message).preview(message);

/** The buttons a bot message offers. */
export const messageButtons = (message: BotMessage): MessageButton[] =>
  botMessageKindOf(message).buttons(message);

/** The cards a bot message shows. */
export const messageCards = (message: BotMessage): MessageCard[] => botMessageKindOf(message).cards(message);
