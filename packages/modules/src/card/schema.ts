import { z } from 'zod';
import { buttonExpressions, buttonPorts, buttonSchema, buttonTemplates, buttonWrites } from '../kit/buttons';
import type { ModuleDefinition } from '../kit/module-kit';

export const cardSchema = z.object({
  title: z.string().min(1, 'A card needs a title').max(200),
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

/** A card with reply buttons waits for a choice; one without goes straight on. */
export const cardsWait = (cards: Card[]) =>
  cards.some((card) => card.buttons.some((button) => button.action.type !== 'url'));

export const cardDefinition = {
  label: 'Card',
  summary: (content) => [content.card.title, content.card.subtitle ?? ''].filter(Boolean),
  content: cardContentSchema,
  defaults: { card: { title: 'Title', buttons: [] } },
  ports: (content) =>
    cardsWait([content.card]) ? buttonPorts(content.card.buttons) : [{ id: 'next', label: 'Next' }],
  waitsForInput: (content) => cardsWait([content.card]),
  terminal: false,
  variables: (content) => ({
    templates: cardTemplates(content.card),
    expressions: buttonExpressions(content.card.buttons),
    writes: buttonWrites(content.card.buttons),
  }),
} satisfies ModuleDefinition<CardContent>;
