import type { ModuleWords } from '../kit/words';

/** The Delay module's words in English (see ModuleWords); translations: modules.json `delay`. */
export const delayWords = {
  key: 'delay',
  type: 'Delay',
  ports: { next: 'After the delay' },
  summary: { wait: 'Wait {{seconds}} s' },
} as const satisfies ModuleWords;
