import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';

export const delayContentSchema = z.object({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600),
});
export type DelayContent = z.infer<typeof delayContentSchema>;

export const delayDefinition = {
  label: 'Delay',
  summary: (content) => [`Wait ${content.seconds} s`],
  content: delayContentSchema,
  defaults: { seconds: 5 },
  ports: () => [{ id: 'next', label: 'After the delay' }],
  waitsForInput: () => false,
  terminal: false,
  variables: () => ({ templates: [], expressions: [], writes: [] }),
} satisfies ModuleDefinition<DelayContent>;
