import { z } from 'zod';
import { versionSummarySchema } from './agents';

/** A variable a prompt template reads (`{{ name }}`), with what it means and a value to try it with. */
export const promptVariableSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Letters, digits and _, not starting with a digit'),
  description: z.string().trim().max(200).default(''),
  sample: z.string().max(2_000).default(''),
});
export type PromptVariable = z.infer<typeof promptVariableSchema>;

/** A prompt template of the library, as one version keeps it: Jinja over its variables. */
export const promptDefinitionSchema = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(100),
  description: z.string().trim().max(500).default(''),
  template: z.string().max(20_000).default(''),
  variables: z
    .array(promptVariableSchema)
    .max(30)
    .default([])
    .refine(
      (variables) => new Set(variables.map((variable) => variable.name)).size === variables.length,
      'Each variable once',
    ),
});
export type PromptDefinition = z.infer<typeof promptDefinitionSchema>;
export type PromptDefinitionInput = z.input<typeof promptDefinitionSchema>;

export const promptSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromptSummary = z.infer<typeof promptSummarySchema>;
export const promptSchema = promptSummarySchema.extend({ definition: promptDefinitionSchema });
export type Prompt = z.infer<typeof promptSchema>;

export const promptListQuerySchema = z.object({ search: z.string().trim().max(100).optional() });
export const promptListSchema = z.object({ prompts: z.array(promptSummarySchema) });
export const promptParamsSchema = z.object({ id: z.uuid() });
export const promptVersionParamsSchema = z.object({
  id: z.uuid(),
  version: z.coerce.number().int().min(1),
});

export const createPromptRequestSchema = z.strictObject({ definition: promptDefinitionSchema });
/** Saving a prompt: the whole definition and the version it was changed from (409 when stale). */
export const savePromptRequestSchema = z.strictObject({
  definition: promptDefinitionSchema,
  baseVersion: z.number().int().min(1),
});

export const promptVersionSchema = versionSummarySchema.extend({ definition: promptDefinitionSchema });
export type PromptVersion = z.infer<typeof promptVersionSchema>;

/**
 * A test run: a version's template (the current one unless given) rendered with sample values,
 * sent as the system prompt with a visitor's message to the configured model.
 */
export const promptRunRequestSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
  values: z.record(z.string().max(64), z.string().max(2_000)).default({}),
  message: z.string().trim().min(1).max(4_000),
  model: z.string().trim().max(100).default(''),
});
export type PromptRunRequest = z.input<typeof promptRunRequestSchema>;

export const promptRunResultSchema = z.object({
  version: z.number().int(),
  /** The system prompt as the model read it. */
  rendered: z.string(),
  reply: z.string(),
  model: z.string(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  durationMs: z.number().int(),
});
export type PromptRunResult = z.infer<typeof promptRunResultSchema>;
