import type { ModuleWords } from '../kit/words';

/** The Knowledge answer module's words in English (see ModuleWords); translations: modules.json `knowledgeAnswer`. */
export const knowledgeAnswerWords = {
  key: 'knowledgeAnswer',
  type: 'Knowledge answer',
  ports: { answered: 'Answered', no_match: 'Not in the knowledge', failure: 'Failed' },
  defaults: {
    /** What a new module tells the visitor when its model fails (before the Failed connection). */
    failureMessage: 'Sorry, I can’t look that up right now.',
  },
  errors: { question: 'Write the question' },
} as const satisfies ModuleWords;
