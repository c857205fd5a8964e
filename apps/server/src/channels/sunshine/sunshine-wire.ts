import { z } from 'zod';

/**
 * What the suite posts to Parley's webhook (Sunshine Conversations v2):
 * `{ app: { id }, webhook: { id, version }, events: [{ id, type, createdAt, payload }] }`.
 * Event payloads are checked per type when handled (an event of a type Parley does not handle is
 * ignored and counted); the batch's own shape is checked here.
 */
export const sunshineBatchSchema = z.object({
  app: z.object({ id: z.string() }),
  webhook: z.object({ id: z.string(), version: z.string() }),
  events: z
    .array(
      z.object({
        id: z.string().min(1).max(200),
        type: z.string().max(100),
        createdAt: z.string().optional(),
        payload: z.record(z.string(), z.unknown()).default({}),
      }),
    )
    .max(500),
});
export type SunshineEvent = z.infer<typeof sunshineBatchSchema>['events'][number];

const switchboardIntegrationRefSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  integrationType: z.string().optional(),
});

export const scConversationSchema = z
  .object({
    id: z.string().min(1).max(200),
    type: z.string().optional(),
    brandId: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    activeSwitchboardIntegration: switchboardIntegrationRefSchema.optional(),
    pendingSwitchboardIntegration: switchboardIntegrationRefSchema.optional(),
  })
  .loose();
export type ScConversation = z.infer<typeof scConversationSchema>;

export const scUserSchema = z
  .object({
    id: z.string(),
    externalId: z.string().optional(),
    signedUpAt: z.string().optional(),
    profile: z
      .object({
        givenName: z.string().optional(),
        surname: z.string().optional(),
        email: z.string().optional(),
        avatarUrl: z.string().optional(),
        locale: z.string().optional(),
      })
      .loose()
      .optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type ScUser = z.infer<typeof scUserSchema>;

const contentSchema = z
  .object({
    type: z.string(),
    text: z.string().optional(),
    altText: z.string().optional(),
    mediaUrl: z.string().optional(),
    payload: z.string().optional(),
  })
  .loose();

/** Known event types, each with its payload. */
export const sunshinePayloads = {
  'conversation:message': z.object({
    conversation: scConversationSchema,
    message: z.object({
      id: z.string().optional(),
      author: z.object({
        type: z.enum(['user', 'business']),
        userId: z.string().optional(),
        displayName: z.string().optional(),
        user: scUserSchema.optional(),
      }),
      content: contentSchema,
    }),
  }),
  'conversation:postback': z.object({
    conversation: scConversationSchema,
    postback: z.object({ payload: z.string(), text: z.string().optional() }),
    user: scUserSchema.optional(),
  }),
  'conversation:create': z.object({
    conversation: scConversationSchema,
    creationReason: z.string(),
    user: scUserSchema.optional(),
  }),
  /** The user read the conversation (the suite's read receipt): the broadcasts sent into it are opened. */
  'conversation:read': z.object({
    conversation: scConversationSchema,
    activity: z
      .object({ author: z.object({ type: z.string() }).loose() })
      .loose()
      .optional(),
  }),
  'switchboard:passControl': z.object({ conversation: scConversationSchema }),
  'switchboard:acceptControl': z.object({ conversation: scConversationSchema }),
  'switchboard:releaseControl': z.object({ conversation: scConversationSchema }),
  'switchboard:offerControl': z.object({ conversation: scConversationSchema }),
} as const;
export type SunshineEventType = keyof typeof sunshinePayloads;
export const isKnownType = (type: string): type is SunshineEventType => type in sunshinePayloads;
