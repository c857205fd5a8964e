import { compileUserPattern, type PatternRefusal } from '@parley/modules';
import { z } from 'zod';
import { flowWords } from './words';

// The kinds of trigger a global connection listens with. Each kind is a schema and an entry of
// `triggerKinds`; the engine's matchers and the builder's fields are registries typed against
// `TriggerType` too, so adding a kind here makes the compiler name every place that needs it.

const keywordTriggerSchema = z.object({
  type: z.literal('keyword'),
  keywords: z.array(z.string().trim().min(1).max(100)).min(1, flowWords.errors.keywords).max(50),
  match: z.enum(['exact', 'contains']).default('exact'),
});

const regexTriggerSchema = z.object({
  type: z.literal('regex'),
  pattern: z.string().min(1).max(500),
  flags: z
    .string()
    .regex(/^[imsu]*$/)
    .default('i'),
});

const intentTriggerSchema = z.object({
  type: z.literal('intent'),
  intent: z.string().min(1).max(100),
  threshold: z.number().min(0).max(1).default(0.5),
});

const postbackTriggerSchema = z.object({ type: z.literal('postback'), payload: z.string().min(1).max(1000) });

export const triggerSchema = z.discriminatedUnion('type', [
  keywordTriggerSchema,
  regexTriggerSchema,
  intentTriggerSchema,
  postbackTriggerSchema,
]);
export type Trigger = z.infer<typeof triggerSchema>;
export type TriggerType = Trigger['type'];
export type TriggerOf<K extends TriggerType> = Extract<Trigger, { type: K }>;

/** What a trigger's check may know of the flow: how to name its connection, and the bot's intents. */
export interface TriggerCheckContext {
  /** The global connection as messages name it (its name, else its id). */
  name: string;
  intents: ReadonlySet<string>;
  /** The bot's intents without training phrases: never predicted. */
  untrainedIntents: ReadonlySet<string>;
}

/** Something wrong with a trigger (the validator adds the connection's id). */
export interface TriggerFinding {
  severity: 'error' | 'warning';
  code: 'invalid-regex' | 'unknown-intent' | 'intent-without-phrases';
  message: string;
  pattern?: string;
  refusal?: PatternRefusal;
  intent?: string;
}

/** Everything the validator and the builder know about a kind of trigger. */
export interface TriggerKind<T extends Trigger> {
  /** A new trigger of the kind, as the builder offers it (given the bot's intents). */
  create(intents: string[]): T;
  /** The trigger in a few words, for lists and the canvas: `“help”, “agent”`, `/^refund/i`, … */
  summary(trigger: T): string;
  check(trigger: T, context: TriggerCheckContext): TriggerFinding[];
}

/** Every kind of trigger, in the order the builder offers them. */
export const triggerTypes = [
  'keyword',
  'regex',
  'intent',
  'postback',
] as const satisfies readonly TriggerType[];

export const triggerKinds = {
  keyword: {
    create: () => ({ type: 'keyword', keywords: ['help'], match: 'exact' }),
    summary: (trigger) =>
      `${trigger.keywords.map((keyword) => `“${keyword}”`).join(', ')}${trigger.match === 'contains' ? ' …' : ''}`,
    check: () => [],
  },
  regex: {
    create: () => ({ type: 'regex', pattern: '^help', flags: 'i' }),
    summary: (trigger) => `/${trigger.pattern}/${trigger.flags}`,
    check: (trigger, { name }) => {
      const compiled = compileUserPattern(trigger.pattern, trigger.flags);
      return compiled.ok
        ? []
        : [
            {
              severity: 'error',
              code: 'invalid-regex',
              pattern: trigger.pattern,
              refusal: compiled.refusal,
              message: `The pattern of “${name}” cannot be used: ${compiled.reason}`,
            },
          ];
    },
  },
  intent: {
    create: (intents) => ({ type: 'intent', intent: intents[0] ?? '', threshold: 0.5 }),
    summary: (trigger) => `#${trigger.intent}`,
    check: ({ intent }, { name, intents, untrainedIntents }) => {
      if (!intents.has(intent))
        return [
          {
            severity: 'error',
            code: 'unknown-intent',
            intent,
            message: `“${name}” listens for the intent “${intent}”, which the bot does not define`,
          },
        ];
      if (untrainedIntents.has(intent))
        return [
          {
            severity: 'warning',
            code: 'intent-without-phrases',
            intent,
            message: `“${name}” listens for the intent “${intent}”, which has no training phrases: it is never predicted`,
          },
        ];
      return [];
    },
  },
  postback: {
    create: () => ({ type: 'postback', payload: '' }),
    summary: (trigger) => `⤷ ${trigger.payload}`,
    check: () => [],
  },
} satisfies { [K in TriggerType]: TriggerKind<TriggerOf<K>> };

/** The kind of a trigger, for code that handles any trigger. */
export function triggerKindOf<T extends Trigger>(trigger: T): TriggerKind<T> {
  return triggerKinds[trigger.type] as unknown as TriggerKind<T>;
}

/** A trigger in a few words, for lists and the canvas. */
export const triggerSummary = (trigger: Trigger): string => triggerKindOf(trigger).summary(trigger);
