import { z } from 'zod';
import { agentLimitsSchema, agentStepSchema } from './agents';
import { auditEntrySchema } from './audit';

/** How long the company keeps its agents' runs (traces); a daily cleanup removes older ones. */
export const AGENT_RETENTION_DAYS = { min: 1, max: 730, default: 90 } as const;

const day = z.iso.date();

/** A monthly cap in tokens and/or money (in the company's price currency); null means none. */
export const spendingLimitSchema = z.strictObject({
  monthlyTokens: z.number().int().min(1).max(1e12).nullable().default(null),
  monthlyCost: z.number().min(0.01).max(1e9).nullable().default(null),
});
export type SpendingLimit = z.infer<typeof spendingLimitSchema>;

/** What a model costs per million tokens, so usage and limits can speak money. */
export const modelPriceSchema = z.strictObject({
  model: z.string().trim().min(1).max(100),
  promptPerMillion: z.number().min(0).max(10_000),
  completionPerMillion: z.number().min(0).max(10_000),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;

/** The company's own OpenAI-compatible provider, as screens see it: never the key, only its hint. */
export const agentProviderSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  z.object({
    configured: z.literal(true),
    baseUrl: z.string(),
    keyHint: z.string(),
    /** The models the provider listed when the key was checked (at most 200). */
    models: z.array(z.string()),
    checkedAt: z.string(),
  }),
]);
export type AgentProvider = z.infer<typeof agentProviderSchema>;

export const agentSettingsSchema = z.object({
  provider: agentProviderSchema,
  /** Used by agents that name no model; empty: the provider's (or the server's) default. */
  defaultModel: z.string(),
  /** New agents start with these limits. */
  defaultLimits: agentLimitsSchema,
  retentionDays: z.number().int(),
  currency: z.string(),
  prices: z.array(modelPriceSchema),
  /** The whole company's monthly cap over all its agents. */
  spendingLimit: spendingLimitSchema,
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

/** `PUT /settings`: everything but the provider, which has its own checked route. */
export const saveAgentSettingsRequestSchema = z.strictObject({
  defaultModel: z.string().trim().max(100),
  defaultLimits: agentLimitsSchema,
  retentionDays: z.number().int().min(AGENT_RETENTION_DAYS.min).max(AGENT_RETENTION_DAYS.max),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'A three-letter currency code'),
  prices: z
    .array(modelPriceSchema)
    .max(50)
    .refine((prices) => new Set(prices.map((price) => price.model)).size === prices.length, {
      message: 'One price per model',
    }),
  spendingLimit: spendingLimitSchema,
});
export type SaveAgentSettingsRequest = z.input<typeof saveAgentSettingsRequestSchema>;

/** `PUT /settings/provider`: checked with the provider's models endpoint before it is kept. */
export const saveAgentProviderRequestSchema = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }).max(500),
  apiKey: z.string().trim().min(1).max(500),
});
export type SaveAgentProviderRequest = z.infer<typeof saveAgentProviderRequestSchema>;

/** Reading across companies: Parley staff may name one (`companyId`), others read their own. */
const companyQuery = { companyId: z.uuid().optional() };

/** A period of days (`from`..`to` inclusive, at most a year); the last 30 days when left out. */
const periodShape = { from: day.optional(), to: day.optional(), ...companyQuery };
const fromBeforeTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
export const agentPeriodQuerySchema = z
  .strictObject(periodShape)
  .refine(fromBeforeTo, 'from must not be after to');
export type AgentPeriodQuery = z.input<typeof agentPeriodQuerySchema>;

/** The dashboard's period; by default of conversations only (`all` adds the playground). */
export const agentDashboardQuerySchema = z
  .strictObject({ ...periodShape, source: z.enum(['conversation', 'all']).default('conversation') })
  .refine(fromBeforeTo, 'from must not be after to');
export type AgentDashboardQuery = z.input<typeof agentDashboardQuerySchema>;

/** An agent as admin controls it: switched on or off, its own cap, what it spent this month. */
export const agentControlSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  spendingLimit: spendingLimitSchema,
  monthTokens: z.number(),
  monthCost: z.number(),
});
export type AgentControl = z.infer<typeof agentControlSchema>;

/** One agent's (or all agents') figures over a day or a period. */
export const agentUsageFiguresSchema = z.object({
  conversations: z.number().int(),
  turns: z.number().int(),
  steps: z.number().int(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  errors: z.number().int(),
  cost: z.number(),
});
export type AgentUsageFigures = z.infer<typeof agentUsageFiguresSchema>;

export const agentUsageSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  month: z.object({ tokens: z.number(), cost: z.number(), spendingLimit: spendingLimitSchema }),
  agents: z.array(agentControlSchema.extend({ totals: agentUsageFiguresSchema })),
  /** Per agent and day, days with any use only. */
  days: z.array(agentUsageFiguresSchema.extend({ day: z.string(), agentId: z.string() })),
});
export type AgentUsage = z.infer<typeof agentUsageSchema>;

/** `PUT /agents/:id/switch`: the kill switch; a switched-off agent fails its turns at once. */
export const switchAgentRequestSchema = z.strictObject({
  enabled: z.boolean(),
  reason: z.string().trim().max(300).default(''),
});
export const agentSpendingLimitRequestSchema = z.strictObject({ spendingLimit: spendingLimitSchema });

/** How an agent did in a period (conversations only; the playground is left out). */
export const agentPerformanceSchema = z.object({
  conversations: z.number().int(),
  done: z.number().int(),
  handoff: z.number().int(),
  failed: z.number().int(),
  toolCalls: z.number().int(),
  toolFailures: z.number().int(),
  tokens: z.number(),
  /** Of every model and tool step; null with no step. */
  stepP50Ms: z.number().nullable(),
  stepP95Ms: z.number().nullable(),
});
export type AgentPerformance = z.infer<typeof agentPerformanceSchema>;

export const failedRunSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  at: z.string(),
  failure: z.string().nullable(),
  source: z.enum(['playground', 'conversation']),
  conversationId: z.string().nullable(),
});
export type FailedRun = z.infer<typeof failedRunSchema>;

export const agentDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: agentPerformanceSchema,
  agents: z.array(agentPerformanceSchema.extend({ id: z.string(), name: z.string() })),
  /** Every day of the period, all agents together. */
  series: z.array(
    agentPerformanceSchema.omit({ stepP50Ms: true, stepP95Ms: true }).extend({ day: z.string() }),
  ),
  /** The latest failed turns (at most 20), newest first. */
  failedRuns: z.array(failedRunSchema),
});
export type AgentDashboard = z.infer<typeof agentDashboardSchema>;

export const runParamsSchema = z.object({ id: z.uuid() });
export const runQuerySchema = z.strictObject(companyQuery);

/** A kept run with its trace (the variables it set are not kept, only its steps). */
export const storedRunSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  version: z.number().int(),
  at: z.string(),
  source: z.enum(['playground', 'conversation']),
  conversationId: z.string().nullable(),
  outcome: z.enum(['answered', 'done', 'handoff', 'failed']),
  reply: z.string(),
  failure: z.string().nullable(),
  steps: z.array(agentStepSchema),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  toolCalls: z.number().int(),
  toolFailures: z.number().int(),
  durationMs: z.number().int(),
});
export type StoredRun = z.infer<typeof storedRunSchema>;

/**
 * The agents' audit log (`GET /audit`): a company's own entries, or for Parley staff every
 * company's unless they name one (`companyId`). Newest first, a page at a time.
 */
export const agentAuditQuerySchema = z.strictObject({
  ...companyQuery,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AgentAuditQuery = z.input<typeof agentAuditQuerySchema>;

/** An audit entry about agents, prompts, tools or their settings, with the company it is of. */
export const agentAuditEntrySchema = auditEntrySchema.extend({
  company: z.object({ id: z.string(), name: z.string() }),
});
export type AgentAuditEntry = z.infer<typeof agentAuditEntrySchema>;

export const agentAuditPageSchema = z.object({
  items: z.array(agentAuditEntrySchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AgentAuditPage = z.infer<typeof agentAuditPageSchema>;
