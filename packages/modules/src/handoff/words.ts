import type { ModuleWords } from '../kit/words';

/** The Human handoff module's words in English (see ModuleWords); translations: modules.json `handoff`. */
export const handoffWords = {
  key: 'handoff',
  type: 'Human handoff',
  ports: { resume: 'When the bot takes over again' },
  defaults: { message: 'Connecting you with a person from our team…' },
  summary: { reason: 'Reason: {{reason}}' },
} as const satisfies ModuleWords;
