import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';

export const llmContentSchema = z.object({
  model: z.string().min(1).max(100).default('gpt-3.5-turbo'),
  /** Templates; `parley.transcript` holds the conversation so far. */
  systemPrompt: z.string().max(20_000).default('You are a helpful assistant.'),
  userPrompt: z.string().min(1, 'Write the prompt').max(20_000),
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

/** What a new LLM module tells the visitor when its model fails (modules saved before say nothing). */
export const DEFAULT_FAILURE_MESSAGE = 'Sorry, I can’t answer that right now.';

export const llmDefinition = {
  label: 'LLM',
  summary: (content) => [content.userPrompt, content.model],
  content: llmContentSchema,
  defaults: {
    model: 'gpt-3.5-turbo',
    systemPrompt: 'You are a helpful assistant.',
    userPrompt: '{{ (parley.transcript | last).utterance }}',
    temperature: 0.7,
    maxTokens: 512,
    sendAsMessage: true,
    failureMessage: DEFAULT_FAILURE_MESSAGE,
  },
  ports: () => [
    { id: 'next', label: 'Answered' },
    { id: 'failure', label: 'Failed' },
  ],
  waitsForInput: () => false,
  terminal: false,
  variables: (content) => ({
    templates: [content.systemPrompt, content.userPrompt, content.failureMessage],
    expressions: [],
    writes: content.resultVariable ? [content.resultVariable] : [],
  }),
} satisfies ModuleDefinition<LlmContent>;
