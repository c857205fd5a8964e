import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { englishOf, type Say } from '../kit/words';
import { textWords } from './words';

export const textContentSchema = z.object({
  /** Markdown with Jinja; links may carry labels: `[Track your order](https://…)`. */
  text: z.string().min(1, textWords.errors.text).max(4000),
});
export type TextContent = z.infer<typeof textContentSchema>;

const english = englishOf(textWords);
const create = (say: Say<typeof textWords> = english): TextContent => ({ text: say('defaults.text') });

export const textDefinition = {
  words: textWords,
  summary: (content) => [content.text],
  content: textContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [{ id: 'next', label: say('ports.next') }],
  waitsForInput: () => false,
  terminal: false,
  texts: (content) => [{ field: 'text', text: content.text }],
  variables: (content) => ({ templates: [content.text], expressions: [], writes: [] }),
} satisfies ModuleDefinition<TextContent, typeof textWords>;
