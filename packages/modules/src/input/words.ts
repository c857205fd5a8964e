import type { ModuleWords } from '../kit/words';

/** The Input module's words in English (see ModuleWords); translations: modules.json `input`. */
export const inputWords = {
  key: 'input',
  type: 'Input',
  ports: { next: 'Answered', invalid: 'No valid answer' },
  defaults: {
    prompt: 'What is your email?',
    /** A variable name: letters, digits and _. */
    variable: 'email',
    retryMessage: "Sorry, that doesn't look right. Please try again.",
    skipWord: 'skip',
  },
  errors: { prompt: 'Write the question' },
} as const satisfies ModuleWords;
