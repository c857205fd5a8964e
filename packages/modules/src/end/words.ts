import type { ModuleWords } from '../kit/words';

/** The End module's words in English (see ModuleWords); translations: modules.json `end`. */
export const endWords = {
  key: 'end',
  type: 'End',
  summary: { ends: 'The conversation ends' },
} as const satisfies ModuleWords;
