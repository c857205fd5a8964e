import type { ModuleWords } from '../kit/words';

/** The Jump module's words in English (see ModuleWords); translations: modules.json `jump`. */
export const jumpWords = {
  key: 'jump',
  type: 'Jump',
  ports: { next: 'Jump to' },
} as const satisfies ModuleWords;
