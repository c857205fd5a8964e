import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';

/** Goes straight on to its connection: a way to reach a far part of the canvas without a long line. */
export const jumpContentSchema = z.object({ note: z.string().max(500).default('') });
export type JumpContent = z.infer<typeof jumpContentSchema>;

export const jumpDefinition = {
  label: 'Jump',
  summary: (content) => (content.note ? [content.note] : []),
  content: jumpContentSchema,
  defaults: { note: '' },
  ports: () => [{ id: 'next', label: 'Jump to' }],
  waitsForInput: () => false,
  terminal: false,
  variables: () => ({ templates: [], expressions: [], writes: [] }),
} satisfies ModuleDefinition<JumpContent>;
