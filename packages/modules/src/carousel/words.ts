import type { ModuleWords } from '../kit/words';

/** The Carousel module's words in English (see ModuleWords); translations: modules.json `carousel`. */
export const carouselWords = {
  key: 'carousel',
  type: 'Carousel',
  ports: { next: 'Next' },
  defaults: { title: 'First card' },
  errors: { cards: 'Add at least one card' },
} as const satisfies ModuleWords;
