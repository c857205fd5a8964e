import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { englishOf, type Say } from '../kit/words';
import { knowledgeAnswerWords } from './words';

/**
 * Asks the bot's knowledge a question at this point of the flow, under the bot's generative
 * settings (model, instructions, sources, minimum score, citations), whether or not they answer
 * the fallback.
 */
export const knowledgeAnswerContentSchema = z.object({
  /** A template: the question asked (by default what the visitor just wrote). */
  question: z.string().trim().min(1, knowledgeAnswerWords.errors.question).max(2000),
  resultVariable: variableNameSchema.optional(),
  sendAsMessage: z.boolean().default(true),
  /** Markdown with Jinja, sent when the model fails, before the Failed connection. Empty: nothing. */
  failureMessage: z.string().max(4000).default(''),
});
export type KnowledgeAnswerContent = z.infer<typeof knowledgeAnswerContentSchema>;

const english = englishOf(knowledgeAnswerWords);
const create = (say: Say<typeof knowledgeAnswerWords> = english): KnowledgeAnswerContent => ({
  question: '{{ (parley.transcript | last).utterance }}',
  sendAsMessage: true,
  failureMessage: say('defaults.failureMessage'),
});

export const knowledgeAnswerDefinition = {
  words: knowledgeAnswerWords,
  summary: (content) => [content.question],
  content: knowledgeAnswerContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [
    { id: 'answered', label: say('ports.answered') },
    { id: 'no_match', label: say('ports.no_match') },
    { id: 'failure', label: say('ports.failure') },
  ],
  waitsForInput: () => false,
  terminal: false,
  texts: (content) => [{ field: 'failureMessage', text: content.failureMessage }],
  variables: (content) => ({
    templates: [content.question, content.failureMessage],
    expressions: [],
    writes: content.resultVariable ? [content.resultVariable] : [],
  }),
} satisfies ModuleDefinition<KnowledgeAnswerContent, typeof knowledgeAnswerWords>;
