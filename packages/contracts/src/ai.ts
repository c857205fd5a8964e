import { z } from 'zod';

/** Tries an LLM module's prompt against the configured provider (the builder's AI Manager). */
export const promptTestRequestSchema = z.strictObject({
  /** Empty: the server's default model. */
  model: z.string().max(100),
  systemPrompt: z.string().max(20_000),
  userPrompt: z.string().min(1, 'Write the prompt').max(20_000),
  temperature: z.number().min(0).max(2),
  maxTokens: z.number().int().min(1).max(8192),
  /** Sample values for the prompts' variables. */
  variables: z.record(z.string(), z.json()).default({}),
  /** What the user just said: `parley.transcript` ends with it. */
  userMessage: z.string().max(4000).default('Hello'),
});
export type PromptTestRequest = z.input<typeof promptTestRequestSchema>;

export const promptTestResponseSchema = z.object({
  /** The prompts as sent, rendered with the sample values. */
  system: z.string(),
  prompt: z.string(),
  model: z.string(),
  answer: z.string(),
  durationMs: z.number().int(),
});
export type PromptTestResponse = z.infer<typeof promptTestResponseSchema>;

/** The language-model completion endpoint (spec §7): the prompt in the body. */
export const completionRequestSchema = z.strictObject({
  prompt: z.string().trim().min(1, 'Write the prompt').max(20_000),
  /** Empty or absent: the server's default model. */
  model: z.string().trim().max(100).optional(),
  temperature: z.number().min(0).max(2).default(0.7),
  maxTokens: z.number().int().min(1).max(4096).default(512),
  /** The bot the completion is for: its usage is counted under it (one of the company's bots). */
  botId: z.uuid().optional(),
});
export type CompletionRequest = z.input<typeof completionRequestSchema>;

export const completionResponseSchema = z.object({
  text: z.string(),
  model: z.string(),
  /** As the provider counted them (null when it did not say). */
  usage: z.object({ promptTokens: z.number().int(), completionTokens: z.number().int() }).nullable(),
  durationMs: z.number().int(),
});
export type CompletionResponse = z.infer<typeof completionResponseSchema>;
