import { z } from 'zod';
import { cardSchema, cardsWait, cardTemplates, cardTexts } from '../card/schema';
import { buttonExpressions, buttonNoneWrites, buttonPorts, buttonWrites } from '../kit/buttons';
import type { ModuleDefinition } from '../kit/module-kit';
import { englishOf, type Say } from '../kit/words';
import { carouselWords } from './words';

export const carouselContentSchema = z.object({
  cards: z.array(cardSchema).min(1, carouselWords.errors.cards).max(10),
});
export type CarouselContent = z.infer<typeof carouselContentSchema>;

const allButtons = (content: CarouselContent) => content.cards.flatMap((card) => card.buttons);

const english = englishOf(carouselWords);
const create = (say: Say<typeof carouselWords> = english): CarouselContent => ({
  cards: [{ title: say('defaults.title'), buttons: [] }],
});

export const carouselDefinition = {
  words: carouselWords,
  summary: (content) => content.cards.map((card) => card.title),
  content: carouselContentSchema,
  create,
  defaults: create(),
  ports: (content, say = english) =>
    cardsWait(content.cards) ? buttonPorts(allButtons(content)) : [{ id: 'next', label: say('ports.next') }],
  waitsForInput: (content) => cardsWait(content.cards),
  terminal: false,
  texts: (content) => content.cards.flatMap((card, index) => cardTexts(card, `cards.${index}`)),
  variables: (content) => ({
    templates: content.cards.flatMap(cardTemplates),
    expressions: buttonExpressions(allButtons(content)),
    writes: buttonWrites(allButtons(content)),
    nullable: buttonNoneWrites(allButtons(content)),
  }),
} satisfies ModuleDefinition<CarouselContent, typeof carouselWords>;
