import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { englishOf } from '../kit/words';
import { jumpWords } from './words';

/** Goes straight on to its connection: a way to reach a far part of the canvas without a long line. */
export const jumpContentSchema = z.object({ note: z.string().max(500).default('') });
export type JumpContent = z.infer<typeof jumpContentSchema>;

const english = englishOf(jumpWords);
const create = (): JumpContent => ({ note: '' });

export const jumpDefinition = {
  words: jumpWords,
  summary: (content) => (content.note ? [content.note] : []),
  content: jumpContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [{ id: 'next', label: say('ports.next') }],
  waitsForInput: () => false,
  terminal: false,
  variables: () => ({ templates: [], expressions: [], writes: [] }),
} satisfies ModuleDefinition<JumpContent, typeof jumpWords>;
