import type { ModuleWords } from '../kit/words';

/** The Text module's words in English (see ModuleWords); translations: modules.json `text`. */
export const textWords = {
  key: 'text',
  type: 'Text',
  ports: { next: 'Next' },
  defaults: { text: 'Hello!' },
  errors: { text: 'Write what the bot says' },
} as const satisfies ModuleWords;
