import { z } from 'zod';
import { emailSchema } from './auth';

/** A Zendesk account's subdomain: `acme` for acme.zendesk.com (lower case). */
export const zendeskSubdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Enter the account’s subdomain, like acme for acme.zendesk.com');

/** Why tickets can no longer be opened: the token was refused, or another failure. */
export const helpdeskProblemSchema = z.object({
  /** `token_rejected`: Zendesk answered 401 (a revoked token, a changed agent): reconnect. */
  kind: z.enum(['token_rejected', 'other']),
  message: z.string().max(500),
  at: z.string(),
});
export type HelpdeskProblem = z.infer<typeof helpdeskProblemSchema>;

/** The company's helpdesk connection as screens show it: never the token or secret, only hints. */
export const helpdeskConnectionSchema = z.discriminatedUnion('connected', [
  z.object({ connected: z.literal(false) }),
  z.object({
    connected: z.literal(true),
    provider: z.literal('zendesk'),
    subdomain: z.string(),
    email: z.string(),
    /** The Zendesk user the token belongs to. */
    agentName: z.string(),
    tokenHint: z.string(),
    /** The webhook's signing secret's hint; null until it is set (agents' replies do not come back). */
    signingSecretHint: z.string().nullable(),
    /** Where the Zendesk webhook posts (a trigger on ticket updates calls it). */
    webhookUrl: z.string(),
    checkedAt: z.string(),
    problem: helpdeskProblemSchema.nullable(),
  }),
]);
export type HelpdeskConnection = z.infer<typeof helpdeskConnectionSchema>;

export const connectHelpdeskRequestSchema = z.strictObject({
  subdomain: zendeskSubdomainSchema,
  /** The agent's (or admin's) email the API token is used with. */
  email: emailSchema,
  /** A Zendesk API token (Admin Center, Apps and integrations, Zendesk API). */
  apiToken: z
    .string()
    .trim()
    .min(20, 'Paste the whole API token')
    .max(200, 'An API token is at most 200 characters')
    .regex(/^[A-Za-z0-9]+$/, 'An API token has letters and digits only'),
});
export type ConnectHelpdeskRequest = z.infer<typeof connectHelpdeskRequestSchema>;

export const helpdeskSigningSecretRequestSchema = z.strictObject({
  /** The Zendesk webhook's signing secret (shown on the webhook's page in Admin Center). */
  signingSecret: z
    .string()
    .trim()
    .min(16, 'Paste the whole signing secret')
    .max(200, 'A signing secret is at most 200 characters')
    .regex(/^\S+$/, 'A signing secret has no spaces'),
});
export type HelpdeskSigningSecretRequest = z.infer<typeof helpdeskSigningSecretRequestSchema>;

export const helpdeskWebhookResponseSchema = z.object({
  /** The ticket the call named is one of Parley's, and its news is on its way to the conversation. */
  queued: z.boolean(),
});

/** Priorities a handoff may give its ticket (Zendesk's). */
export const HELPDESK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
