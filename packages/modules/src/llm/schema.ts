import { z } from 'zod';
import type { ModuleDefinition, NewModuleSetup } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { englishOf, type Say } from '../kit/words';
import { FALLBACK_MODEL } from './models';
import { llmWords } from './words';

export const llmContentSchema = z.object({
  // A document saved without a model ran gpt-3.5-turbo, and still does; new modules name the
  // installation's model (create).
  model: z.string().min(1).max(100).default('gpt-3.5-turbo'),
  /** Templates; `parley.transcript` holds the conversation so far. */
  systemPrompt: z.string().max(20_000).default(llmWords.defaults.systemPrompt),
  userPrompt: z.string().min(1, llmWords.errors.userPrompt).max(20_000),
  temperature: z.number().min(0).max(2).default(0.7),
  maxTokens: z.number().int().min(1).max(8192).default(512),
  resultVariable: variableNameSchema.optional(),
  sendAsMessage: z.boolean().default(true),
  /**
   * Markdown with Jinja, sent to the visitor when the model fails, before the Failed connection is
   * taken. Empty: nothing is said (what the Failed connection leads to answers, as before).
   */
  failureMessage: z.string().max(4000).default(''),
});
export type LlmContent = z.infer<typeof llmContentSchema>;

const english = englishOf(llmWords);
const create = (say: Say<typeof llmWords> = english, setup: NewModuleSetup = {}): LlmContent => ({
  model: setup.defaultModel || FALLBACK_MODEL,
  systemPrompt: say('defaults.systemPrompt'),
  userPrompt: '{{ (parley.transcript | last).utterance }}',
  temperature: 0.7,
  maxTokens: 512,
  sendAsMessage: true,
  failureMessage: say('defaults.failureMessage'),
});

export const llmDefinition = {
  words: llmWords,
  summary: (content) => [content.userPrompt, content.model],
  content: llmContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [
    { id: 'next', label: say('ports.next') },
    { id: 'failure', label: say('ports.failure') },
  ],
  waitsForInput: () => false,
  terminal: false,
  texts: (content) => [{ field: 'failureMessage', text: content.failureMessage }],
  variables: (content) => ({
    templates: [content.systemPrompt, content.userPrompt, content.failureMessage],
    expressions: [],
    writes: content.resultVariable ? [content.resultVariable] : [],
  }),
} satisfies ModuleDefinition<LlmContent, typeof llmWords>;
