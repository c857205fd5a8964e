import { z } from 'zod';
import { cardSchema, cardsWait, cardTemplates } from '../card/schema';
import { buttonExpressions, buttonPorts, buttonWrites } from '../kit/buttons';
import type { ModuleDefinition } from '../kit/module-kit';

export const carouselContentSchema = z.object({
  cards: z.array(cardSchema).min(1, 'Add at least one card').max(10),
});
export type CarouselContent = z.infer<typeof carouselContentSchema>;

const allButtons = (content: CarouselContent) => content.cards.flatMap((card) => card.buttons);

export const carouselDefinition = {
  label: 'Carousel',
  summary: (content) => content.cards.map((card) => card.title),
  content: carouselContentSchema,
  defaults: { cards: [{ title: 'First card', buttons: [] }] },
  ports: (content) =>
    cardsWait(content.cards) ? buttonPorts(allButtons(content)) : [{ id: 'next', label: 'Next' }],
  waitsForInput: (content) => cardsWait(content.cards),
  terminal: false,
  variables: (content) => ({
    templates: content.cards.flatMap(cardTemplates),
    expressions: buttonExpressions(allButtons(content)),
    writes: buttonWrites(allButtons(content)),
  }),
} satisfies ModuleDefinition<CarouselContent>;
