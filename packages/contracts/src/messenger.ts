import { z } from 'zod';

/** `PUT /api/deployments/:id/messenger`: connects the deployment to a Facebook Page (or replaces its token). */
export const connectMessengerRequestSchema = z.strictObject({
  /** The Page's numeric id (Page settings › About, or the app dashboard). */
  pageId: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'A Page id is a number'),
  /** A Page access token with `pages_messaging` (Meta app dashboard › Messenger › Access tokens). */
  pageAccessToken: z.string().trim().min(20).max(1000),
  /** The Meta app's secret: it signs the webhook's posts (`X-Hub-Signature-256`). */
  appSecret: z.string().trim().min(8).max(200),
  /** What Meta sends back when it verifies the webhook; Parley makes one when none is given. */
  verifyToken: z
    .string()
    .trim()
    .regex(/^[\w.~-]{8,100}$/, '8 to 100 letters, digits, dots, dashes or underscores')
    .optional(),
});
export type ConnectMessengerRequest = z.input<typeof connectMessengerRequestSchema>;

/** The deployment's Messenger connection as settings show it (tokens and secret only as hints). */
export const messengerStatusSchema = z.discriminatedUnion('connected', [
  z.object({ connected: z.literal(false) }),
  z.object({
    connected: z.literal(true),
    pageId: z.string(),
    /** The Page's name, as Graph answered when the token was checked. */
    pageName: z.string(),
    pageAccessTokenHint: z.string(),
    appSecretHint: z.string(),
    /** To paste into the app dashboard's webhook settings, with the callback URL. */
    verifyToken: z.string(),
    webhookUrl: z.string(),
    graphVersion: z.string(),
    /** Set when Graph refused the token (expired, revoked): nothing is sent until it is replaced. */
    disconnectedAt: z.string().nullable(),
    disconnectedReason: z.string().nullable(),
    lastEventAt: z.string().nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
    connectedAt: z.string(),
  }),
]);
export type MessengerStatus = z.infer<typeof messengerStatusSchema>;

/** Meta's webhook verification: `hub.mode=subscribe`, the verify token, a challenge to echo. */
export const messengerHandshakeQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/** What Parley did with a webhook post's messaging events. */
export const messengerWebhookResponseSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  ignored: z.number().int(),
  /** Delivery and read receipts (`message_deliveries`, `message_reads`) noted on broadcasts. */
  receipts: z.number().int(),
});
