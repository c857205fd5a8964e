import { callFailureSchema } from '@parley/kit/call-failures';
import { z } from 'zod';

/**
 * The webhook marketplace (issue 23): templates describe a call to a service (Slack, HubSpot, …)
 * with the fields it needs; a company installs a template as an instance by filling its fields
 * once, and bots call the instance.
 */

export const webhookCategories = [
  'messaging',
  'automation',
  'spreadsheets',
  'crm',
  'support',
  'databases',
  'developer',
] as const;
export const webhookCategorySchema = z.enum(webhookCategories);
export type WebhookCategory = z.infer<typeof webhookCategorySchema>;

export const webhookMethodSchema = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A conversation variable's name, as bots write it. */
const variableName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Letters, digits and underscores, not starting with a digit')
  .max(64);

export const webhookFieldTypeSchema = z.enum(['text', 'multiline', 'url', 'email', 'number']);

/**
 * What a template asks for. An `instance` field is filled once when the template is installed (a
 * Slack address, an API key); a `bot` field is filled in each webhook module of a bot, as a Jinja
 * template over the conversation's variables (the message to post, the contact's email).
 */
export const webhookFieldSchema = z.object({
  key: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'Lower-case letters, digits and underscores, starting with a letter')
    .max(40),
  label: z.string().trim().min(1).max(80),
  type: webhookFieldTypeSchema.default('text'),
  help: z.string().max(300).default(''),
  /** Stored sealed, never sent back (screens show its hint), masked in the delivery log. */
  secret: z.boolean().default(false),
  required: z.boolean().default(true),
  scope: z.enum(['instance', 'bot']).default('instance'),
  /** For `bot` fields, what a new module starts with (a template); for others, an example value. */
  example: z.string().max(2000).default(''),
});
export type WebhookField = z.infer<typeof webhookFieldSchema>;

/** The call, each part a Jinja template over `fields` (and, in a conversation, its variables). */
export const webhookRequestTemplateSchema = z.object({
  method: webhookMethodSchema.default('POST'),
  url: z.string().trim().min(1).max(2000),
  headers: z
    .array(z.object({ name: z.string().trim().min(1).max(200), value: z.string().max(4000) }))
    .max(30)
    .default([]),
  body: z.string().max(100_000).default(''),
});
export type WebhookRequestTemplate = z.infer<typeof webhookRequestTemplateSchema>;

/** Where a value of the JSON answer goes: `id`, `data.items.0.name`; empty for the whole answer. */
export const webhookResponseMappingSchema = z.object({
  variable: variableName,
  path: z
    .string()
    .max(200)
    .regex(/^([A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)?$/, 'Keys separated by dots, such as data.id'),
});
export type WebhookResponseMapping = z.infer<typeof webhookResponseMappingSchema>;

/** Everything a template says, as its author writes it. */
export const webhookTemplateDefinitionSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    summary: z.string().trim().min(1).max(200),
    description: z.string().max(4000).default(''),
    category: webhookCategorySchema,
    fields: z.array(webhookFieldSchema).max(30).default([]),
    request: webhookRequestTemplateSchema,
    responseMapping: z.array(webhookResponseMappingSchema).max(20).default([]),
  })
  .superRefine((definition, context) => {
    const seen = new Set<string>();
    definition.fields.forEach((field, index) => {
      if (seen.has(field.key))
        context.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: 'Used twice' });
      seen.add(field.key);
      if (field.secret && field.scope === 'bot')
        context.addIssue({
          code: 'custom',
          path: ['fields', index, 'secret'],
          message: 'A field filled in each bot cannot be a secret',
        });
    });
  });
export type WebhookTemplateDefinition = z.infer<typeof webhookTemplateDefinitionSchema>;

/** Public templates are offered to every company; private ones to one company only. */
export const webhookVisibilitySchema = z.enum(['public', 'private']);

export const webhookTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string(),
  category: webhookCategorySchema,
  visibility: webhookVisibilitySchema,
  /** The company a private template belongs to. */
  companyId: z.string().nullable(),
  builtIn: z.boolean(),
  version: z.number().int(),
  /** Whether the caller may edit it (staff: any; a company: its own private ones). */
  editable: z.boolean(),
  updatedAt: z.string(),
});
export type WebhookTemplateSummary = z.infer<typeof webhookTemplateSummarySchema>;

/** The request a template makes, rendered with its example values (secrets masked). */
export const renderedWebhookRequestSchema = z.object({
  method: webhookMethodSchema,
  url: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  body: z.string(),
});
export type RenderedWebhookRequest = z.infer<typeof renderedWebhookRequestSchema>;

export const webhookTemplateSchema = webhookTemplateSummarySchema.extend({
  definition: webhookTemplateDefinitionSchema,
  /** The request with the fields' examples; null when the template does not render (the reason). */
  exampleRequest: renderedWebhookRequestSchema.nullable(),
  exampleError: z.string().nullable(),
});
export type WebhookTemplate = z.infer<typeof webhookTemplateSchema>;

/** The reader's language (`es`, `es-MX`): the built-in catalogue's words come in it where it has them. */
const catalogueLanguage = z
  .string()
  .regex(/^[a-zA-Z]{2}(-[a-zA-Z0-9]{1,8})*$/, 'A language such as es or es-MX')
  .max(35)
  .optional();

export const webhookTemplateListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  category: webhookCategorySchema.optional(),
  language: catalogueLanguage,
});
export type WebhookTemplateListQuery = z.infer<typeof webhookTemplateListQuerySchema>;

/** Reading one template: in the reader's language, or (left out) as written, for its editor. */
export const webhookTemplateQuerySchema = z.object({ language: catalogueLanguage });
export type WebhookTemplateQuery = z.infer<typeof webhookTemplateQuerySchema>;

export const webhookTemplateListSchema = z.object({
  templates: z.array(webhookTemplateSummarySchema),
  /** Every category with how many templates (before the category filter) it holds. */
  categories: z.array(z.object({ category: webhookCategorySchema, count: z.number().int() })),
});
export type WebhookTemplateList = z.infer<typeof webhookTemplateListSchema>;

export const saveWebhookTemplateRequestSchema = z.object({
  definition: webhookTemplateDefinitionSchema,
  visibility: webhookVisibilitySchema,
  /** For a private template made by Parley staff: the company it is for (their own otherwise). */
  companyId: z.string().uuid().optional(),
});
export type SaveWebhookTemplateRequest = z.input<typeof saveWebhookTemplateRequestSchema>;

export const webhookIdParamsSchema = z.object({ id: z.string().uuid() });

/** A field value as screens see it: secrets only by their hint. */
export const webhookFieldValueSchema = z.discriminatedUnion('secret', [
  z.object({ secret: z.literal(false), value: z.string() }),
  z.object({ secret: z.literal(true), secretHint: z.string() }),
]);

/** How an instance has fared over a period (seven days unless asked). */
export const webhookHealthSchema = z.object({
  deliveries: z.number().int(),
  succeeded: z.number().int(),
  /** Succeeded / deliveries; null without deliveries. */
  successRate: z.number().nullable(),
  p95Ms: z.number().nullable(),
  lastDeliveryAt: z.string().nullable(),
  lastOk: z.boolean().nullable(),
});
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;

export const webhookInstanceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  category: webhookCategorySchema,
  asynchronous: z.boolean(),
  health: webhookHealthSchema,
  createdAt: z.string(),
});
export type WebhookInstanceSummary = z.infer<typeof webhookInstanceSummarySchema>;

export const webhookInstanceSchema = webhookInstanceSummarySchema.extend({
  /** The template's fields, for filling the `bot` ones in a module and mapping the answer. */
  template: webhookTemplateDefinitionSchema,
  fields: z.record(z.string(), webhookFieldValueSchema),
  /** The secret X-Parley-Signature is computed with (shown by its hint only). */
  signingSecretHint: z.string(),
});
export type WebhookInstance = z.infer<typeof webhookInstanceSchema>;

export const webhookInstanceListSchema = z.object({ instances: z.array(webhookInstanceSchema) });

const fieldValues = z.record(z.string(), z.string().max(4000));

export const createWebhookInstanceRequestSchema = z.object({
  templateId: z.string().uuid(),
  name: z.string().trim().min(1).max(80),
  /** Values of the template's `instance` fields. */
  fields: fieldValues.default({}),
  /** Deliveries happen in the background and are retried with backoff; the bot does not wait. */
  asynchronous: z.boolean().default(false),
  /**
   * The secret X-Parley-Signature is computed with. The browser makes one and shows it to copy
   * before saving, since the server never sends a secret back; one is made here when absent.
   */
  signingSecret: z.string().min(16).max(200).optional(),
});
export type CreateWebhookInstanceRequest = z.input<typeof createWebhookInstanceRequestSchema>;

export const updateWebhookInstanceRequestSchema = z.object({
  name: z.string().trim().min(1).max(80).optional(),
  /** Fields to change; a secret left out keeps its stored value. */
  fields: fieldValues.optional(),
  asynchronous: z.boolean().optional(),
  /** A new signing secret (the old one stops being used at once). */
  signingSecret: z.string().min(16).max(200).optional(),
});
export type UpdateWebhookInstanceRequest = z.input<typeof updateWebhookInstanceRequestSchema>;

/** A sample conversation: its variables, and values for the template's `bot` fields (templates). */
export const testWebhookInstanceRequestSchema = z.object({
  variables: z.record(z.string(), z.unknown()).default({}),
  botFields: fieldValues.default({}),
});
export type TestWebhookInstanceRequest = z.input<typeof testWebhookInstanceRequestSchema>;

export const webhookCallResultSchema = z.object({
  deliveryId: z.string(),
  ok: z.boolean(),
  /** The request as sent, secrets masked. */
  request: renderedWebhookRequestSchema,
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The answer's body, cut to what is kept. */
  responseBody: z.string(),
  /** Why it failed, named (`template_error`, `not_json`, `timeout`, …), with its message. */
  failure: callFailureSchema.nullable(),
  /** The variables the answer maps to, with their values. */
  variables: z.record(z.string(), z.unknown()),
});
export type WebhookCallResult = z.infer<typeof webhookCallResultSchema>;

/** The periods an instance's health is measured over, in days. */
export const webhookHealthDays = [1, 7, 30, 90] as const;
export const webhookInstanceListQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (webhookHealthDays as readonly number[]).includes(days), 'One of 1, 7, 30, 90')
    .default(7),
});
export type WebhookInstanceListQuery = z.input<typeof webhookInstanceListQuerySchema>;

export const webhookDeliveryKindSchema = z.enum(['live', 'test', 'replay']);
export type WebhookDeliveryKind = z.infer<typeof webhookDeliveryKindSchema>;

/** The delivery log's filters; newest first, a page at a time (`cursor` from the previous page). */
export const webhookDeliveryListQuerySchema = z.object({
  instanceId: z.string().uuid().optional(),
  botId: z.string().uuid().optional(),
  conversationId: z.string().uuid().optional(),
  outcome: z.enum(['succeeded', 'failed']).optional(),
  kind: webhookDeliveryKindSchema.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Words of the address called or of why it failed. */
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type WebhookDeliveryListQuery = z.input<typeof webhookDeliveryListQuerySchema>;

export const webhookDeliverySummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  instanceId: z.string().nullable(),
  instanceName: z.string().nullable(),
  botId: z.string().nullable(),
  botName: z.string().nullable(),
  conversationId: z.string().nullable(),
  moduleId: z.string().nullable(),
  kind: webhookDeliveryKindSchema,
  /** A replay: the delivery it sent again. */
  replayOf: z.string().nullable(),
  /** A later attempt of an asynchronous delivery: its first attempt. */
  retryOf: z.string().nullable(),
  attempt: z.number().int(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  method: z.string(),
  url: z.string(),
  failure: z.object({ reason: z.string(), message: z.string() }).nullable(),
});
export type WebhookDeliverySummary = z.infer<typeof webhookDeliverySummarySchema>;

export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySummarySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookDeliverySchema = webhookDeliverySummarySchema.extend({
  /** As sent, secrets masked. */
  request: renderedWebhookRequestSchema,
  /** The answer's start, as kept. */
  responseBody: z.string(),
  /** Every attempt of the same delivery (one unless it was asynchronous and retried), first first. */
  attempts: z.array(webhookDeliverySummarySchema),
  /** Its replays, newest first. */
  replays: z.array(webhookDeliverySummarySchema),
  /** Whether it can be sent again (deliveries logged before replays were possible cannot). */
  replayable: z.boolean(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
