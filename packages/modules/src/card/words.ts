import type { ModuleWords } from '../kit/words';

/** The Card module's words in English (see ModuleWords); translations: modules.json `card`. */
export const cardWords = {
  key: 'card',
  type: 'Card',
  ports: { next: 'Next' },
  defaults: { title: 'Title' },
  errors: { title: 'A card needs a title' },
} as const satisfies ModuleWords;
