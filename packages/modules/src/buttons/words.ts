import type { ModuleWords } from '../kit/words';

/** The Buttons module's words in English (see ModuleWords); translations: modules.json `buttons`. */
export const buttonsWords = {
  key: 'buttons',
  type: 'Buttons',
  ports: { next: 'Next' },
  defaults: { text: 'What would you like to do?', option: 'Option 1' },
  errors: { text: 'Write the question', buttons: 'Add at least one button' },
} as const satisfies ModuleWords;
