import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { englishOf } from '../kit/words';
import { endWords } from './words';

export const endContentSchema = z.object({ message: z.string().max(2000).default('') });
export type EndContent = z.infer<typeof endContentSchema>;

const english = englishOf(endWords);
const create = (): EndContent => ({ message: '' });

export const endDefinition = {
  words: endWords,
  summary: (content, say = english) => (content.message ? [content.message] : [say('summary.ends')]),
  content: endContentSchema,
  create,
  defaults: create(),
  ports: () => [],
  waitsForInput: () => false,
  terminal: true,
  texts: (content) => [{ field: 'message', text: content.message }],
  variables: (content) => ({ templates: [content.message], expressions: [], writes: [] }),
} satisfies ModuleDefinition<EndContent, typeof endWords>;
