import { z } from 'zod';
import {
  buttonExpressions,
  buttonNoneWrites,
  buttonPorts,
  buttonSchema,
  buttonTemplates,
  buttonTexts,
  buttonWrites,
} from '../kit/buttons';
import type { ModuleDefinition, VisitorText } from '../kit/module-kit';
import { englishOf, type Say } from '../kit/words';
import { cardWords } from './words';

export const cardSchema = z.object({
  title: z.string().min(1, cardWords.errors.title).max(200),
  subtitle: z.string().max(1000).optional(),
  imageUrl: z.string().max(2000).optional(),
  buttons: z.array(buttonSchema).max(3),
});
export type Card = z.infer<typeof cardSchema>;

export const cardContentSchema = z.object({ card: cardSchema });
export type CardContent = z.infer<typeof cardContentSchema>;

export const cardTemplates = (card: Card) => [
  card.title,
  card.subtitle ?? '',
  card.imageUrl ?? '',
  ...buttonTemplates(card.buttons),
];

/** A card's words a visitor reads, by field path under `prefix`. */
export const cardTexts = (card: Card, prefix: string): VisitorText[] => [
  { field: `${prefix}.title`, text: card.title },
  ...(card.subtitle ? [{ field: `${prefix}.subtitle`, text: card.subtitle }] : []),
  ...buttonTexts(card.buttons, `${prefix}.buttons`),
];

/** A card with reply buttons waits for a choice; one without goes straight on. */
export const cardsWait = (cards: Card[]) =>
  cards.some((card) => card.buttons.some((button) => button.action.type !== 'url'));

const english = englishOf(cardWords);
const create = (say: Say<typeof cardWords> = english): CardContent => ({
  card: { title: say('defaults.title'), buttons: [] },
});

export const cardDefinition = {
  words: cardWords,
  summary: (content) => [content.card.title, content.card.subtitle ?? ''].filter(Boolean),
  content: cardContentSchema,
  create,
  defaults: create(),
  ports: (content, say = english) =>
    cardsWait([content.card])
      ? buttonPorts(content.card.buttons)
      : [{ id: 'next', label: say('ports.next') }],
  waitsForInput: (content) => cardsWait([content.card]),
  terminal: false,
  texts: (content) => cardTexts(content.card, 'card'),
  variables: (content) => ({
    templates: cardTemplates(content.card),
    expressions: buttonExpressions(content.card.buttons),
    writes: buttonWrites(content.card.buttons),
    nullable: buttonNoneWrites(content.card.buttons),
  }),
} satisfies ModuleDefinition<CardContent, typeof cardWords>;
