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
});
export type LlmContent = z.infer<typeof llmContentSchema>;

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
  },
  ports: () => [
    { id: 'next', label: 'Answered' },
    { id: 'failure', label: 'Failed' },
  ],
  waitsForInput: () => false,
  terminal: false,
  variables: (content) => ({
    templates: [content.systemPrompt, content.userPrompt],
    expressions: [],
    writes: content.resultVariable ? [content.resultVariable] : [],
  }),
} satisfies ModuleDefinition<LlmContent>;
