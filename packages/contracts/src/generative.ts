import { DEFAULT_GENERATIVE_SETTINGS, generativeSettingsSchema } from '@parley/flow';
import { messageCitationSchema } from '@parley/kit';
import { z } from 'zod';
import { cellValueSchema, knowledgeSourceStateSchema } from './knowledge';

export type { GenerativeSettings } from '@parley/flow';
export { DEFAULT_GENERATIVE_SETTINGS, generativeSettingsSchema };

/**
 * The generative response tab: the draft's settings (the test chat uses them at once; the
 * website once the bot is published), the sources it may choose, and whether a model is set up.
 */
export const generativeTabSchema = z.object({
  settings: generativeSettingsSchema,
  /** The bot's sources; a failed one cannot be chosen (saving answers KnowledgeSourceFailedException). */
  sources: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      state: knowledgeSourceStateSchema,
      /** Why its file failed (failed only). */
      error: z.string().nullable(),
    }),
  ),
  model: z.object({ configured: z.boolean(), defaultModel: z.string() }),
  /** The draft's revision the settings were read at (send it back when saving). */
  draftRevision: z.number().int(),
  /** The draft's generative settings differ from the published version's (publish to use them). */
  unpublished: z.boolean(),
});
export type GenerativeTab = z.infer<typeof generativeTabSchema>;

export const saveGenerativeRequestSchema = z.strictObject({
  settings: generativeSettingsSchema,
  baseRevision: z.int32().min(0),
});
export type SaveGenerativeRequest = z.input<typeof saveGenerativeRequestSchema>;

export const generativeTestRequestSchema = z.strictObject({
  question: z.string().trim().min(1, 'Ask something').max(1000),
  /** The settings as the form holds them (tried before they are saved). */
  settings: generativeSettingsSchema,
});
export type GenerativeTestRequest = z.input<typeof generativeTestRequestSchema>;

/**
 * Why a retrieved row went to the model or not: `sent`; `below-minimum`, its score under the
 * settings' minimum; `not-in-top-k`, enough better-ranked rows were sent before it.
 */
export const sentReasonSchema = z.enum(['sent', 'not-in-top-k', 'below-minimum']);
export type SentReason = z.infer<typeof sentReasonSchema>;

/** What the test panel shows: what retrieval found, what was sent, the prompt, the answer, cost. */
export const generativeTestResponseSchema = z.object({
  outcome: z.enum(['answered', 'no-match']),
  answer: z.string(),
  citations: z.array(messageCitationSchema),
  retrieved: z.array(
    z.object({
      kind: z.enum(['row', 'chunk']),
      sourceId: z.string(),
      sourceName: z.string(),
      rowNumber: z.number().int(),
      heading: z.string().nullable(),
      text: z.string().nullable(),
      score: z.number(),
      textScore: z.number(),
      vectorScore: z.number().nullable(),
      /** Its place in the fused ranking (from 1) and the fused score that decides it (see knowledgeResultSchema). */
      rank: z.number().int().min(1),
      fusedScore: z.number(),
      sent: z.boolean(),
      reason: sentReasonSchema,
      cells: z.record(z.string(), cellValueSchema),
    }),
  ),
  /** How many rows at most are sent to the model (the k of `not-in-top-k`). */
  sentLimit: z.number().int(),
  prompt: z.object({ system: z.string(), user: z.string() }).nullable(),
  model: z.string(),
  tokens: z.object({ prompt: z.number().int(), completion: z.number().int() }).nullable(),
  /** Whether retrieval compared the question by meaning too (else by its words alone). */
  semantic: z.boolean(),
  retrievalMs: z.number(),
  durationMs: z.number(),
});
export type GenerativeTestResponse = z.infer<typeof generativeTestResponseSchema>;
