import { flowSchema } from '@parley/flow';
import { z } from 'zod';

export const botLanguageSchema = z.enum(['en', 'es', 'pt', 'fr', 'de', 'it']);
export type BotLanguage = z.infer<typeof botLanguageSchema>;

const botNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the bot a name')
  .max(80, 'At most 80 characters')
  .refine((value) => !/[<>]/.test(value), 'Names cannot contain < or >');

/** A bot as lists show it: never the flow document. */
export const botSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  language: botLanguageSchema,
  status: z.enum(['draft', 'published']),
  published_version: z.number().int().nullable(),
  /** What a goal completion is worth, in USD, when its goal module names no value. */
  default_goal_value: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  counts: z.object({
    modules: z.number().int(),
    intents: z.number().int(),
    globalConnections: z.number().int(),
  }),
});
export type BotSummary = z.infer<typeof botSummarySchema>;

export const botDetailSchema = botSummarySchema.extend({
  flow: flowSchema,
  /** Counts the draft's saves: send it back as `baseRevision` when saving (see saveFlowRequestSchema). */
  draft_revision: z.number().int(),
});
export type BotDetail = z.infer<typeof botDetailSchema>;

export const botSortSchema = z.enum(['updated_at', 'created_at', 'name']);

export const listBotsQuerySchema = z.strictObject({
  /** Parley staff (the Internal company) may list another company's bots; others list their own. */
  companyId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
  search: z.string().trim().max(80).default(''),
  sort: botSortSchema.default('updated_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListBotsQuery = z.infer<typeof listBotsQuerySchema>;

export const botListSchema = z.object({
  items: z.array(botSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BotList = z.infer<typeof botListSchema>;

export const createBotRequestSchema = z.strictObject({ name: botNameSchema, language: botLanguageSchema });
export type CreateBotRequest = z.infer<typeof createBotRequestSchema>;

export const updateBotRequestSchema = z
  .strictObject({
    name: botNameSchema.optional(),
    language: botLanguageSchema.optional(),
    defaultGoalValue: z.number().min(0).max(1_000_000_000).optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.language !== undefined || body.defaultGoalValue !== undefined,
    'Send name, language or defaultGoalValue',
  );
export type UpdateBotRequest = z.infer<typeof updateBotRequestSchema>;

export const botIdParamsSchema = z.strictObject({ id: z.string().max(100) });
