import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';

export const textContentSchema = z.object({
  /** Markdown with Jinja; links may carry labels: `[Track your order](https://…)`. */
  text: z.string().min(1, 'Write what the bot says').max(4000),
});
export type TextContent = z.infer<typeof textContentSchema>;

export const textDefinition = {
  label: 'Text',
  summary: (content) => [content.text],
  content: textContentSchema,
  defaults: { text: 'Hello!' },
  ports: () => [{ id: 'next', label: 'Next' }],
  waitsForInput: () => false,
  terminal: false,
  variables: (content) => ({ templates: [content.text], expressions: [], writes: [] }),
} satisfies ModuleDefinition<TextContent>;
