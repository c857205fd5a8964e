import { z } from 'zod';

/** What an audit entry is about, for the log's filter: bots, their deployments and knowledge, webhooks, people, the company, security. */
export const auditKindSchema = z.enum([
  'bot',
  'deployment',
  'knowledge',
  'webhook',
  'team',
  'company',
  'security',
  'agent',
  'broadcast',
]);
export type AuditKind = z.infer<typeof auditKindSchema>;

/**
 * Every change the audit log records, named `kind.what`. The server writes them in one place
 * (plugins/audit-trail.ts): a route declares the action it logs; sign-in failures and joining by
 * invitation, which have no signed-in caller, are logged where they happen.
 */
export const auditActionSchema = z.enum([
  'bot.created',
  'bot.duplicated',
  'bot.renamed',
  'bot.deleted',
  'bot.saved',
  'bot.published',
  'bot.restored',
  'bot.styled',
  'bot.languages-changed',
  'bot.generative-changed',
  'bot.translation-edited',
  'bot.translation-reset',
  'bot.translations-filled',
  'bot.translations-imported',
  'deployment.created',
  'deployment.changed',
  'deployment.removed',
  'deployment.channel-connected',
  'deployment.channel-disconnected',
  'knowledge.dataset-uploaded',
  'knowledge.dataset-replaced',
  'knowledge.dataset-changed',
  'knowledge.dataset-deleted',
  'knowledge.document-uploaded',
  'knowledge.document-replaced',
  'knowledge.document-deleted',
  'knowledge.qa-added',
  'knowledge.published',
  'knowledge.unpublished',
  'webhook.template-created',
  'webhook.template-changed',
  'webhook.installed',
  'webhook.changed',
  'webhook.removed',
  'webhook.delivery-replayed',
  'team.invited',
  'team.invitation-withdrawn',
  'team.joined',
  'team.role-changed',
  'team.bots-changed',
  'team.deactivated',
  'team.reactivated',
  'company.settings-changed',
  'company.translation-key-changed',
  'company.translation-key-removed',
  'company.store-connected',
  'company.store-checked',
  'company.store-disconnected',
  'company.helpdesk-connected',
  'company.helpdesk-secret-changed',
  'company.helpdesk-disconnected',
  'company.audit-retention-changed',
  'security.sign-in-failed',
  'security.two-factor-registered',
  'security.password-changed',
  'agent.created',
  'agent.saved',
  'agent.duplicated',
  'agent.deleted',
  'agent.api-key-created',
  'agent.api-key-revoked',
  'broadcast.audience-created',
  'broadcast.audience-changed',
  'broadcast.audience-duplicated',
  'broadcast.audience-deleted',
  'broadcast.created',
  'broadcast.paused',
  'broadcast.resumed',
  'broadcast.cancelled',
  'broadcast.test-sent',
  'broadcast.settings-changed',
  'agent.tool-created',
  'agent.tool-saved',
  'agent.tool-deleted',
  'agent.prompt-created',
  'agent.prompt-saved',
  'agent.prompt-deleted',
  'agent.settings-changed',
  'agent.provider-changed',
  'agent.provider-removed',
  'agent.switched-off',
  'agent.switched-on',
  'agent.spending-limit-changed',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** The kind an action belongs to: the part before its dot. */
export function auditKindOf(action: AuditAction): AuditKind {
  return auditKindSchema.parse(action.slice(0, action.indexOf('.')));
}

/** What an entry changed: a bot, a deployment, a dataset, a webhook, a person… by id and the name it had then. */
export const auditTargetTypeSchema = z.enum([
  'bot',
  'deployment',
  'dataset',
  'document',
  'agent',
  'api-key',
  'agent-tool',
  'agent-prompt',
  'webhook',
  'webhook-template',
  'webhook-delivery',
  'member',
  'invitation',
  'company',
  'audience',
  'broadcast',
]);
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

/** Small facts of an entry (a version number, the new role, the address tried): names to plain values. */
export const auditDetailsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

/** One entry of the audit log: who did what to which thing, and when. */
export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO time. */
  at: z.string(),
  /** Null for an event with no known person (a failed sign-in to an unknown address is not logged). */
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }).nullable(),
  action: auditActionSchema,
  kind: auditKindSchema,
  target: z
    .object({ type: auditTargetTypeSchema, id: z.string().nullable(), label: z.string().nullable() })
    .nullable(),
  details: auditDetailsSchema,
  /** The address the request came from. */
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/audit-log`: newest first, a page at a time (`cursor` from the previous page). */
export const auditLogQuerySchema = z.strictObject({
  actorId: z.uuid('An actor is a person’s id').optional(),
  kind: auditKindSchema.optional(),
  /** ISO times: entries at or after `from`, and before `to`. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** How long a company keeps its audit log: a day's cleanup removes older entries. */
export const AUDIT_RETENTION_DAYS = { min: 30, max: 3650, default: 365 } as const;
export const auditRetentionChoices = [30, 90, 180, 365, 730, 1825, 3650] as const;

export const auditSettingsSchema = z.object({
  retention_days: z.number().int().min(AUDIT_RETENTION_DAYS.min).max(AUDIT_RETENTION_DAYS.max),
});
export type AuditSettings = z.infer<typeof auditSettingsSchema>;

/** `PUT /api/audit-log/settings`. */
export const updateAuditSettingsRequestSchema = z.strictObject({
  retention_days: z
    .number()
    .int('Whole days')
    .min(AUDIT_RETENTION_DAYS.min, `At least ${AUDIT_RETENTION_DAYS.min} days`)
    .max(AUDIT_RETENTION_DAYS.max, `At most ${AUDIT_RETENTION_DAYS.max} days`),
});
export type UpdateAuditSettingsRequest = z.infer<typeof updateAuditSettingsRequestSchema>;
