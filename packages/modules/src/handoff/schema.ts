import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';

export const handoffContentSchema = z.object({
  message: z.string().max(2000).default('Connecting you with a person from our team…'),
  /** Shown to agents in the inbox. */
  reason: z.string().max(500).default(''),
});
export type HandoffContent = z.infer<typeof handoffContentSchema>;

export const handoffDefinition = {
  label: 'Human handoff',
  summary: (content) => [content.message, ...(content.reason ? [`Reason: ${content.reason}`] : [])],
  content: handoffContentSchema,
  defaults: { message: 'Connecting you with a person from our team…', reason: '' },
  ports: () => [{ id: 'resume', label: 'When the bot takes over again' }],
  waitsForInput: () => false,
  terminal: false,
  variables: (content) => ({ templates: [content.message, content.reason], expressions: [], writes: [] }),
} satisfies ModuleDefinition<HandoffContent>;
