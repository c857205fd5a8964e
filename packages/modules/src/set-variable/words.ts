import type { ModuleWords } from '../kit/words';

/** The Set variable module's words in English (see ModuleWords); translations: modules.json `setVariable`. */
export const setVariableWords = {
  key: 'setVariable',
  type: 'Set variable',
  ports: { next: 'Next' },
  /** A variable name: letters, digits and _. */
  defaults: { variable: 'counter' },
} as const satisfies ModuleWords;
