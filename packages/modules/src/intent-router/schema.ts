import { z } from 'zod';
import type { ModuleDefinition } from '../kit/module-kit';
import { englishOf } from '../kit/words';
import { checkIntentRouter } from './check';
import { intentRouterWords } from './words';

/** Predictions under this confidence are not trusted (spec §9). */
export const DEFAULT_NLU_THRESHOLD = 0.5;

export const intentRouterContentSchema = z.object({
  /** Optional question asked before listening. */
  prompt: z.string().max(2000).default(''),
  /**
   * Names of the bot's intents this module routes; one connection each. A new router routes none
   * (rather than an intent the bot may not have): the validator asks for one.
   */
  intents: z.array(z.string().min(1).max(100)).max(200),
  threshold: z.number().min(0).max(1).default(DEFAULT_NLU_THRESHOLD),
});
export type IntentRouterContent = z.infer<typeof intentRouterContentSchema>;

const english = englishOf(intentRouterWords);
const create = (): IntentRouterContent => ({ prompt: '', intents: [], threshold: DEFAULT_NLU_THRESHOLD });

export const intentRouterDefinition = {
  words: intentRouterWords,
  summary: (content, say = english) => [
    content.prompt || say('summary.intents', { count: content.intents.length }),
  ],
  content: intentRouterContentSchema,
  create,
  defaults: create(),
  ports: (content, say = english) => [
    ...content.intents.map((intent) => ({ id: `intent:${intent}`, label: intent })),
    { id: 'fallback', label: say('ports.fallback') },
  ],
  waitsForInput: () => true,
  terminal: false,
  variables: (content) => ({ templates: [content.prompt], expressions: [], writes: [] }),
  check: checkIntentRouter,
} satisfies ModuleDefinition<IntentRouterContent, typeof intentRouterWords>;
