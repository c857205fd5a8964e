import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';

export const endContentSchema = z.object({ message: z.string().max(2000).default('') });
export type EndContent = z.infer<typeof endContentSchema>;

export const endDefinition = {
  label: 'End',
  summary: (content) => (content.message ? [content.message] : ['The conversation ends']),
  content: endContentSchema,
  defaults: { message: '' },
  ports: () => [],
  waitsForInput: () => false,
  terminal: true,
  variables: (content) => ({ templates: [content.message], expressions: [], writes: [] }),
} satisfies ModuleDefinition<EndContent>;
