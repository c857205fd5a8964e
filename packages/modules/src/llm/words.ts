import type { ModuleWords } from '../kit/words';

/** The LLM module's words in English (see ModuleWords); translations: modules.json `llm`. */
export const llmWords = {
  key: 'llm',
  type: 'LLM',
  ports: { next: 'Answered', failure: 'Failed' },
  defaults: {
    systemPrompt: 'You are a helpful assistant.',
    /** What a new module tells the visitor when its model fails (modules saved before say nothing). */
    failureMessage: 'Sorry, I can’t answer that right now.',
  },
  errors: { userPrompt: 'Write the prompt' },
} as const satisfies ModuleWords;
