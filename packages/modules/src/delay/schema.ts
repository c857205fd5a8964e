import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { englishOf } from '../kit/words';
import { delayWords } from './words';

export const delayContentSchema = z.object({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600),
});
export type DelayContent = z.infer<typeof delayContentSchema>;

const english = englishOf(delayWords);
const create = (): DelayContent => ({ seconds: 5 });

export const delayDefinition = {
  words: delayWords,
  summary: (content, say = english) => [say('summary.wait', { seconds: content.seconds })],
  content: delayContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [{ id: 'next', label: say('ports.next') }],
  waitsForInput: () => false,
  terminal: false,
  variables: () => ({ templates: [], expressions: [], writes: [] }),
} satisfies ModuleDefinition<DelayContent, typeof delayWords>;
