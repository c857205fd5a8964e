import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { englishOf, type Say } from '../kit/words';
import { inputValidatorSchema } from './validators';
import { inputWords } from './words';

export const inputContentSchema = z.object({
  prompt: z.string().min(1, inputWords.errors.prompt).max(2000),
  variable: variableNameSchema,
  validator: inputValidatorSchema,
  retryMessage: z.string().max(2000).default(inputWords.defaults.retryMessage),
  /** Attempts after the first; once used up, the `invalid` connection is followed. */
  maxRetries: z.number().int().min(0).max(10).default(2),
  /** The user may answer with one of `skipWords` to go on without a value. */
  skippable: z.boolean().default(false),
  skipWords: z.array(z.string().min(1).max(40)).default([inputWords.defaults.skipWord]),
});
export type InputContent = z.infer<typeof inputContentSchema>;

const english = englishOf(inputWords);
const create = (say: Say<typeof inputWords> = english): InputContent => ({
  prompt: say('defaults.prompt'),
  variable: say('defaults.variable'),
  validator: { type: 'email' },
  retryMessage: say('defaults.retryMessage'),
  maxRetries: 2,
  skippable: false,
  skipWords: [say('defaults.skipWord')],
});

export const inputDefinition = {
  words: inputWords,
  summary: (content) => [content.prompt, `→ ${content.variable}`],
  content: inputContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [
    { id: 'next', label: say('ports.next') },
    { id: 'invalid', label: say('ports.invalid') },
  ],
  waitsForInput: () => true,
  terminal: false,
  texts: (content) => [
    { field: 'prompt', text: content.prompt },
    { field: 'retryMessage', text: content.retryMessage },
  ],
  variables: (content) => ({
    templates: [content.prompt, content.retryMessage],
    expressions: [],
    writes: [content.variable],
    // Skipping the question sets the variable to None.
    nullable: content.skippable ? [content.variable] : [],
  }),
  patterns: (content) => (content.validator.type === 'regex' ? [content.validator] : []),
} satisfies ModuleDefinition<InputContent, typeof inputWords>;
