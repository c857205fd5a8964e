import type { ModuleWords } from '../kit/words';

/** The Agent module's words in English (see ModuleWords); translations: modules.json `agent`. */
export const agentWords = {
  key: 'agent',
  type: 'AI agent',
  ports: {
    done: 'Done',
    handoff: 'Hand to a person',
    failed: 'Failed',
  },
  defaults: {},
  summary: {
    agent: '{{name}}, version {{version}}',
    none: 'No agent chosen',
    variables: 'Shares: {{variables}}',
  },
} as const satisfies ModuleWords;
