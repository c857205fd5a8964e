import { z } from 'zod';

/** The suite's regions; `custom` takes the address a Zendesk account gives (`https://…/sc`). */
export const sunshineRegionSchema = z.enum(['us', 'eu', 'custom']);
export type SunshineRegion = z.infer<typeof sunshineRegionSchema>;

/** `PUT /api/deployments/:id/sunshine`: connects the deployment to a messaging-suite app. */
export const connectSunshineRequestSchema = z
  .strictObject({
    appId: z.string().trim().min(1).max(200),
    keyId: z.string().trim().min(1).max(200),
    keySecret: z.string().trim().min(1).max(500),
    region: sunshineRegionSchema.default('us'),
    /** With region `custom`: the API's base address. */
    apiUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
    /** Who answers a new conversation first: the bot (then agents), or the agent workspace. */
    firstResponder: z.enum(['bot', 'agents']).default('bot'),
  })
  .refine((body) => body.region !== 'custom' || body.apiUrl !== undefined, {
    path: ['apiUrl'],
    message: 'A custom region needs the API address',
  });
export type ConnectSunshineRequest = z.input<typeof connectSunshineRequestSchema>;

/** The deployment's messaging-suite connection as settings show it (secrets never leave the server). */
export const sunshineStatusSchema = z.discriminatedUnion('connected', [
  z.object({ connected: z.literal(false) }),
  z.object({
    connected: z.literal(true),
    appId: z.string(),
    keyId: z.string(),
    keySecretHint: z.string(),
    apiUrl: z.string(),
    integrationId: z.string(),
    switchboardIntegrationId: z.string(),
    /** The agent workspace's switchboard integration, when the app has one. */
    agentSwitchboardIntegrationId: z.string().nullable(),
    /** Where the suite posts its events. */
    webhookUrl: z.string(),
    lastEventAt: z.string().nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
    /** Events of types Parley does not handle, ignored. */
    ignoredEvents: z.number().int(),
    connectedAt: z.string(),
  }),
]);
export type SunshineStatus = z.infer<typeof sunshineStatusSchema>;

/** What Parley did with a webhook post's events. */
export const sunshineWebhookResponseSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  ignored: z.number().int(),
});
