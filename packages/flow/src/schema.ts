import {
  generativeSettingsSchema,
  intentNameSchema,
  type ModuleContent,
  type ModuleType,
  moduleDefinitions,
  moduleTypes,
  setVariableActionSchema,
  variableNameSchema,
} from '@parley/modules';
import { z } from 'zod';
import { triggerSchema } from './triggers';

export const FLOW_SCHEMA_VERSION = 1;

export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Ids use letters, digits, _ and -');

export const positionSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

/** A module's output port joined to the module the conversation goes to next. */
export const connectionSchema = z.object({
  id: idSchema,
  port: z.string().min(1).max(200),
  target: idSchema,
});
export type Connection = z.infer<typeof connectionSchema>;

const baseModule = {
  id: idSchema,
  name: z.string().max(120).default(''),
  position: positionSchema.default({ x: 0, y: 0 }),
  tags: z.array(idSchema).default([]),
  connections: z.array(connectionSchema).default([]),
  /** Reaching it counts as a goal completion (business reports). */
  isGoal: z.boolean().default(false),
  /** What a completion is worth, in USD (revenue impact). */
  goalValue: z.number().min(0).optional(),
};

type BaseModule = {
  id: string;
  name: string;
  position: { x: number; y: number };
  tags: string[];
  connections: Connection[];
  isGoal: boolean;
  goalValue?: number;
};
/** One module of the canvas, its content typed by its module type. */
export type FlowModule = {
  [T in ModuleType]: BaseModule & { type: T; content: ModuleContent<T> };
}[ModuleType];

export const flowModuleSchema = z.discriminatedUnion(
  'type',
  moduleTypes.map((type) =>
    z.object({ ...baseModule, type: z.literal(type), content: moduleDefinitions[type].content }),
  ) as unknown as [z.ZodObject<{ type: z.ZodLiteral<ModuleType> }>],
) as unknown as z.ZodType<FlowModule>;

/** Checked before the waiting module on every message: a match applies its actions and jumps. */
export const globalConnectionSchema = z.object({
  id: idSchema,
  name: z.string().max(120).default(''),
  trigger: triggerSchema,
  target: idSchema,
  actions: z
    .array(z.object({ type: z.literal('set_variable'), ...setVariableActionSchema.shape }))
    .default([]),
  enabled: z.boolean().default(true),
  /** Higher first; ties keep their order in the list. */
  priority: z.number().int().min(-1000).max(1000).default(0),
});
export type GlobalConnection = z.infer<typeof globalConnectionSchema>;

export const tagSchema = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(60),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#6366f1'),
});

export const intentSchema = z.object({
  name: intentNameSchema,
  utterances: z.array(z.string().trim().min(1).max(500)).max(1000),
});
export type Intent = z.infer<typeof intentSchema>;

/** A declared conversation variable (Cvar) with its starting value. */
export const flowVariableSchema = z.object({
  name: variableNameSchema,
  default: z.json().default(null),
  description: z.string().max(500).default(''),
});

export const flowSettingsSchema = z.object({
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, 'A language code such as en or pt-BR')
    .default('en'),
  fallbackMessage: z.string().max(2000).default("Sorry, I didn't get that. Could you say it another way?"),
  /** A conversation with no message for this long expires (once). */
  expiryMinutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** The fallback connection: where the bot goes when nothing understands the user (else it says fallbackMessage). */
  fallbackModuleId: idSchema.optional(),
  /** Answers from the bot's knowledge before the fallback (the generative response tab). */
  generative: generativeSettingsSchema.optional(),
});

/** The bot document: what the builder edits, what gets published, what the engine runs. */
export const flowSchema = z.object({
  schemaVersion: z.literal(FLOW_SCHEMA_VERSION),
  startModuleId: idSchema,
  modules: z.array(flowModuleSchema).max(2000),
  globalConnections: z.array(globalConnectionSchema).max(500).default([]),
  tags: z.array(tagSchema).max(200).default([]),
  intents: z.array(intentSchema).max(500).default([]),
  variables: z.array(flowVariableSchema).max(500).default([]),
  settings: flowSettingsSchema.default({
    language: 'en',
    fallbackMessage: "Sorry, I didn't get that. Could you say it another way?",
    expiryMinutes: 30,
  }),
});
export type Flow = z.infer<typeof flowSchema>;
