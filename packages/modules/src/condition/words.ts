import type { ModuleWords } from '../kit/words';

/** The Condition module's words in English (see ModuleWords); translations: modules.json `condition`. */
export const conditionWords = {
  key: 'condition',
  type: 'Condition',
  ports: { else: 'Else' },
  summary: { branch: 'if {{expression}}' },
  errors: { expression: 'Write a condition' },
} as const satisfies ModuleWords;
