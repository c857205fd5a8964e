import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { variableNameSchema } from '../kit/variables';
import { englishOf, type Say } from '../kit/words';
import { agentWords } from './words';

/** The agent a module hands the conversation to: which one, by name as chosen, and which version. */
export const agentChoiceSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(100),
  version: z.number().int().min(1),
});

export const agentContentSchema = z.object({
  agent: agentChoiceSchema.nullable().default(null),
  /** The conversation's variables the agent sees and may set (the rest stay the bot's). */
  variables: z.array(variableNameSchema).max(30).default([]),
});
export type AgentContent = z.infer<typeof agentContentSchema>;

const english = englishOf(agentWords);
const create = (): AgentContent => ({ agent: null, variables: [] });

export const agentDefinition = {
  words: agentWords,
  summary: (content, say = english) => [
    content.agent
      ? say('summary.agent', { name: content.agent.name, version: content.agent.version })
      : say('summary.none'),
    ...(content.variables.length
      ? [say('summary.variables', { variables: content.variables.join(', ') })]
      : []),
  ],
  content: agentContentSchema,
  create,
  defaults: create(),
  ports: (_content, say: Say<typeof agentWords> = english) => [
    { id: 'done', label: say('ports.done') },
    { id: 'handoff', label: say('ports.handoff') },
    { id: 'failed', label: say('ports.failed') },
  ],
  // The agent talks with the visitor until it leaves by a port.
  waitsForInput: () => true,
  terminal: false,
  // What the agent hands back may be null (JSON), as any of its variables.
  variables: (content) => ({
    templates: [],
    expressions: [],
    writes: content.variables,
    nullable: content.variables,
  }),
} satisfies ModuleDefinition<AgentContent, typeof agentWords>;
