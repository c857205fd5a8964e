import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { englishOf, type Say } from '../kit/words';
import { handoffWords } from './words';

/** Zendesk's ticket priorities, which a handoff's ticket may take. */
export const HANDOFF_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

export const handoffContentSchema = z.object({
  message: z.string().max(2000).default(handoffWords.defaults.message),
  /** Shown to agents in the inbox. */
  reason: z.string().max(500).default(''),
  /** The priority of the ticket a connected helpdesk (Zendesk) opens for this handoff. */
  priority: z.enum(HANDOFF_PRIORITIES).default('normal'),
});
export type HandoffContent = z.infer<typeof handoffContentSchema>;

const english = englishOf(handoffWords);
const create = (say: Say<typeof handoffWords> = english): HandoffContent => ({
  message: say('defaults.message'),
  reason: '',
  priority: 'normal',
});

export const handoffDefinition = {
  words: handoffWords,
  summary: (content, say = english) => [
    content.message,
    ...(content.reason ? [say('summary.reason', { reason: content.reason })] : []),
  ],
  content: handoffContentSchema,
  create,
  defaults: create(),
  ports: (_content, say = english) => [{ id: 'resume', label: say('ports.resume') }],
  waitsForInput: () => false,
  terminal: false,
  texts: (content) => [{ field: 'message', text: content.message }],
  variables: (content) => ({ templates: [content.message, content.reason], expressions: [], writes: [] }),
} satisfies ModuleDefinition<HandoffContent, typeof handoffWords>;
