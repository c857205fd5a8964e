import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { inputValidatorSchema } from './validators';

export const inputContentSchema = z.object({
  prompt: z.string().min(1, 'Write the question').max(2000),
  variable: variableNameSchema,
  validator: inputValidatorSchema,
  retryMessage: z.string().max(2000).default("Sorry, that doesn't look right. Please try again."),
  /** Attempts after the first; once used up, the `invalid` connection is followed. */
  maxRetries: z.number().int().min(0).max(10).default(2),
  /** The user may answer with one of `skipWords` to go on without a value. */
  skippable: z.boolean().default(false),
  skipWords: z.array(z.string().min(1).max(40)).default(['skip']),
});
export type InputContent = z.infer<typeof inputContentSchema>;

export const inputDefinition = {
  label: 'Input',
  summary: (content) => [content.prompt, `→ ${content.variable}`],
  content: inputContentSchema,
  defaults: {
    prompt: 'What is your email?',
    variable: 'email',
    validator: { type: 'email' },
    retryMessage: "Sorry, that doesn't look right. Please try again.",
    maxRetries: 2,
    skippable: false,
    skipWords: ['skip'],
  },
  ports: () => [
    { id: 'next', label: 'Answered' },
    { id: 'invalid', label: 'No valid answer' },
  ],
  waitsForInput: () => true,
  terminal: false,
  variables: (content) => ({
    templates: [content.prompt, content.retryMessage],
    expressions: [],
    writes: [content.variable],
  }),
  patterns: (content) => (content.validator.type === 'regex' ? [content.validator] : []),
} satisfies ModuleDefinition<InputContent>;
