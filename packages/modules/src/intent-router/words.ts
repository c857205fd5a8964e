import type { ModuleWords } from '../kit/words';

/** The Intent router module's words in English (see ModuleWords); translations: modules.json `intentRouter`. */
export const intentRouterWords = {
  key: 'intentRouter',
  type: 'Intent router',
  ports: { fallback: 'Not understood' },
  summary: { intents_one: '{{count}} intent', intents_other: '{{count}} intents' },
} as const satisfies ModuleWords;
