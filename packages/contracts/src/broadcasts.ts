import { botMessageSchema, messageButtonSchema, messageCardSchema } from '@parley/kit/bot-messages';
import { z } from 'zod';

/**
 * Audiences and broadcasts (issue 27). A contact is a person a company's bots met on one channel
 * (a web chat visitor, a messaging-suite user…) with their conversations; an audience is a saved
 * filter over the contacts; a broadcast sends one message to an audience's contacts, once each.
 */

/** Channels are an open set (web chat, the messaging suite, Messenger when it lands…). */
export const contactChannelSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{1,30}$/, 'A channel name such as webchat or sunshine');

const variableNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, 'Letters, digits, dots and underscores, not starting with a digit')
  .max(64);

/** Real time zones are at most 14 hours from UTC; the database refuses an offset past 15:59. */
const MAX_OFFSET_MINUTES = 14 * 60;
const offsetMinutes = (instant: string) => {
  const [, sign, hours, minutes] = /([+-])(\d{2}):?(\d{2})$/.exec(instant) ?? [];
  return sign ? Number(hours) * 60 + Number(minutes) : 0;
};

/** An instant with its offset (ISO 8601), within the years and time zones people live in. */
const instantSchema = z.iso
  .datetime({ offset: true })
  .refine((instant) => offsetMinutes(instant) <= MAX_OFFSET_MINUTES, 'A time zone offset of at most 14:00')
  .refine((instant) => {
    const time = Date.parse(instant);
    return time >= Date.UTC(1900, 0, 1) && time < Date.UTC(10_000, 0, 1);
  }, 'A date between the years 1900 and 9999');

/** One condition of an audience. */
export const audienceConditionSchema = z.discriminatedUnion('field', [
  z.strictObject({ field: z.literal('bot'), botIds: z.array(z.uuid()).min(1).max(50) }),
  z.strictObject({ field: z.literal('channel'), channels: z.array(contactChannelSchema).min(1).max(10) }),
  z.strictObject({
    field: z.literal('language'),
    languages: z
      .array(z.string().regex(/^[a-z]{2,3}$/, 'A language code such as es'))
      .min(1)
      .max(30),
  }),
  /** The country the widget's start told (ISO 3166 alpha-2, see `startConversationRequestSchema`). */
  z.strictObject({
    field: z.literal('country'),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'A country code such as ES'))
      .min(1)
      .max(50),
  }),
  z.strictObject({ field: z.literal('firstSeen'), op: z.enum(['after', 'before']), at: instantSchema }),
  z.strictObject({ field: z.literal('lastSeen'), op: z.enum(['after', 'before']), at: instantSchema }),
  z.strictObject({
    field: z.literal('variable'),
    name: variableNameSchema,
    op: z.enum(['equals', 'contains', 'greaterThan', 'lessThan', 'isSet', 'isNotSet']),
    value: z.string().max(500).default(''),
  }),
  z.strictObject({
    field: z.literal('goal'),
    reached: z.boolean(),
    /** A goal module's id; any goal when absent. */
    moduleId: z.string().max(100).optional(),
  }),
  z.strictObject({ field: z.literal('handoff'), handedOff: z.boolean() }),
  /** Went through a module with this tag (by its name, as the bot's flow tags modules now). */
  z.strictObject({ field: z.literal('tag'), tag: z.string().trim().min(1).max(60), visited: z.boolean() }),
]);
export type AudienceCondition = z.infer<typeof audienceConditionSchema>;
export type AudienceField = AudienceCondition['field'];

/** The saved document: every condition (`all`) or any of them (`any`); none matches everyone. */
export const audienceFilterSchema = z.strictObject({
  schemaVersion: z.literal(1).default(1),
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(audienceConditionSchema).max(20),
});
export type AudienceFilter = z.infer<typeof audienceFilterSchema>;

export const audienceSchema = z.object({
  id: z.string(),
  name: z.string(),
  filter: audienceFilterSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Audience = z.infer<typeof audienceSchema>;

export const audienceListSchema = z.object({ audiences: z.array(audienceSchema) });

export const saveAudienceRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the audience').max(120),
  filter: audienceFilterSchema,
});
export type SaveAudienceRequest = z.infer<typeof saveAudienceRequestSchema>;

export const contactSummarySchema = z.object({
  id: z.string(),
  channel: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string().nullable(),
  conversations: z.number().int(),
  optedOut: z.boolean(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

/** What a filter matches now: how many contacts, and the most recently seen few. */
export const audiencePreviewSchema = z.object({
  count: z.number().int(),
  sample: z.array(contactSummarySchema),
});
export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;

export const previewAudienceRequestSchema = z.strictObject({ filter: audienceFilterSchema });

export const idParamsSchema = z.strictObject({ id: z.uuid() });

// ——— Broadcasts ———

/** What a broadcast says: Markdown text, optionally with buttons, or a card. Each a Jinja template. */
export const broadcastMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string().trim().min(1, 'Write the message').max(4000) }),
  z.strictObject({
    type: z.literal('buttons'),
    text: z.string().trim().min(1, 'Write the message').max(4000),
    buttons: z.array(messageButtonSchema).min(1).max(10),
  }),
  z.strictObject({ type: z.literal('card'), card: messageCardSchema }),
]);
export type BroadcastMessage = z.infer<typeof broadcastMessageSchema>;

export const broadcastStateSchema = z.enum(['scheduled', 'sending', 'paused', 'cancelled', 'done']);
export type BroadcastState = z.infer<typeof broadcastStateSchema>;

/** An IANA time zone name (`Europe/Madrid`). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'An IANA time zone such as Europe/Madrid');

export const createBroadcastRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the broadcast').max(120),
  botId: z.uuid(),
  audienceId: z.uuid(),
  channels: z.array(contactChannelSchema).min(1, 'Choose at least one channel').max(10),
  message: broadcastMessageSchema,
  /** The module that handles a reply to the broadcast (it waits for the answer); none: as any message. */
  replyModuleId: z.string().max(100).nullable().default(null),
  /** Messages per minute; null sends as fast as the channels take them. */
  throttlePerMinute: z
    .number()
    .int()
    .min(1, 'Send at least one message a minute, or leave the throttle off')
    .max(100_000)
    .nullable()
    .default(null),
  /** Wall-clock time in `timeZone` (`2026-12-01T09:00`); null sends now. */
  sendAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'A date and time such as 2026-12-01T09:00')
    .nullable()
    .default(null),
  timeZone: timeZoneSchema.default('UTC'),
  /** Goals reached this many hours after the message count as its results. */
  goalWindowHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(168),
});
export type CreateBroadcastRequest = z.input<typeof createBroadcastRequestSchema>;

export const broadcastFiguresSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  cancelled: z.number().int(),
  /** Seen by the contact: shown in their open web chat, or read as the channel tells. */
  opened: z.number().int(),
  replied: z.number().int(),
  /** Opted out (stop word or unsubscribe link) after it was sent to them. */
  optedOut: z.number().int(),
  goals: z.number().int(),
});
export type BroadcastFigures = z.infer<typeof broadcastFiguresSchema>;

export const broadcastSchema = z.object({
  id: z.string(),
  name: z.string(),
  botId: z.string(),
  audienceId: z.string().nullable(),
  channels: z.array(z.string()),
  message: broadcastMessageSchema,
  replyModuleId: z.string().nullable(),
  throttlePerMinute: z.number().int().nullable(),
  sendAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  goalWindowHours: z.number().int(),
  state: broadcastStateSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  figures: broadcastFiguresSchema,
});
export type Broadcast = z.infer<typeof broadcastSchema>;

export const broadcastListSchema = z.object({ broadcasts: z.array(broadcastSchema) });

/** Why a recipient was not sent to, by its reason, with how many. */
export const broadcastFailureSchema = z.object({
  state: z.enum(['failed', 'skipped']),
  reason: z.string(),
  count: z.number().int(),
});

export const broadcastResultsSchema = z.object({
  broadcast: broadcastSchema,
  failures: z.array(broadcastFailureSchema),
});
export type BroadcastResults = z.infer<typeof broadcastResultsSchema>;

/** Renders the message for one contact and sends it to them now (counted in no broadcast). */
export const testBroadcastRequestSchema = z.strictObject({
  botId: z.uuid(),
  contactId: z.uuid(),
  message: broadcastMessageSchema,
});
export const testBroadcastResponseSchema = z.object({ message: botMessageSchema });

export const broadcastSettingsSchema = z.object({
  stopWords: z.array(z.string().trim().toLowerCase().min(1).max(40)).min(1).max(30),
});
export type BroadcastSettings = z.infer<typeof broadcastSettingsSchema>;

/** A contact's unsubscribe link (the broadcast's web chat message carries it). */
export const unsubscribeRequestSchema = z.strictObject({ token: z.string().min(1).max(200) });

export const broadcastReasons = {
  templateFailed: 'template-failed',
  channelDisconnected: 'channel-disconnected',
  optedOut: 'opted-out',
  /** Messenger: the person last wrote more than 24 hours before (Meta's standard messaging window). */
  outsideMessagingWindow: 'outside-messaging-window',
  /** The channel took the message but refused to deliver it (the person blocked the Page, say). */
  channelRefused: 'channel-refused',
} as const;
