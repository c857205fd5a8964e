import type { ModuleWords } from '../kit/words';

/** The LLM module's words in English (see ModuleWords); translations: modules.json `llm`. */
export const llmWords = {
  key: 'llm',
  type: 'LLM',
  ports: { next: 'Answered', failure: 'Failed' },
  defaults: { systemPrompt: 'You are a helpful assistant.' },
  errors: { userPrompt: 'Write the prompt' },
} as const satisfies ModuleWords;
