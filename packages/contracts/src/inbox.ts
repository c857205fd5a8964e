import { TRANSCRIPT_EVENTS } from '@parley/kit';
import { z } from 'zod';
import { chatMessageSchema, clientMessageIdSchema, messageSeqSchema } from './chat';

/** Where a conversation stands, as the inbox shows and filters it. */
export const inboxStatusSchema = z.enum(['active', 'waiting', 'with_agent', 'expired', 'ended']);
export type InboxStatus = z.infer<typeof inboxStatusSchema>;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const inboxQuerySchema = z.strictObject({
  /** Parley staff (the Internal company) may name another company; others see their own. */
  companyId: z.uuid().optional(),
  botId: z.uuid().optional(),
  status: inboxStatusSchema.optional(),
  channel: z.string().min(1).max(40).optional(),
  /** Last activity on or after / before these times. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  hasHandoff: flag.optional(),
  hasFallback: flag.optional(),
  /** Words in any message of the conversation. */
  q: z.string().trim().min(1).max(200).optional(),
  /** The user's name, email or id, as the page gave them. */
  user: z.string().trim().min(1).max(200).optional(),
  /** From a previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxConversationSchema = z.object({
  id: z.string(),
  botId: z.string(),
  botName: z.string(),
  channel: z.string(),
  status: inboxStatusSchema,
  user: z.object({
    id: z.string().optional(),
    name: z.string().optional(),
    email: z.string().optional(),
    /** The visitor's picture, where the channel gives one (Messenger's profile picture). */
    picture: z.string().optional(),
  }),
  messageCount: z.number().int(),
  lastMessageText: z.string().nullable(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  /** When it expires if nothing happens, and when it did. */
  expiresAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  handoffRequestedAt: z.string().nullable(),
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  unread: z.boolean(),
  hasHandoff: z.boolean(),
  hasFallback: z.boolean(),
  pageDomain: z.string().nullable(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

export const inboxListResponseSchema = z.object({
  conversations: z.array(inboxConversationSchema),
  nextCursor: z.string().nullable(),
  /**
   * Conversations matching the filters. `capped`: there are more than `count` (counting stops at
   * 1 000; a search for words found in many conversations stops at the first page).
   */
  total: z.object({ count: z.number().int(), capped: z.boolean() }),
  /** Conversations of the same company and bot waiting for an agent. */
  waiting: z.number().int(),
  /**
   * When the page was read: a conversation created later was not counted in `total` (a live
   * notice of it adds one).
   */
  asOf: z.string(),
});
export type InboxListResponse = z.infer<typeof inboxListResponseSchema>;

/** Something that happened in a conversation, shown inline in its transcript. */
export const inboxEventSchema = z.object({
  /** One of the catalogue's transcript events (see conversation-events.ts). */
  name: z.enum(TRANSCRIPT_EVENTS),
  at: z.string(),
  /** The message it came after (0: before any). */
  afterSeq: z.number().int(),
  moduleId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type InboxEvent = z.infer<typeof inboxEventSchema>;

/**
 * A message as the team reads it: with, when the bot spoke the visitor's language, the same message
 * in the other language (a visitor's message as the bot read it; a bot's or an agent's as written).
 */
export const inboxMessageSchema = chatMessageSchema.extend({
  translation: z.object({ language: z.string(), text: z.string() }).optional(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxTranscriptSchema = z.object({
  conversation: inboxConversationSchema,
  messages: z.array(inboxMessageSchema),
  events: z.array(inboxEventSchema),
  variables: z.record(z.string(), z.json()),
  /** Where the events shown end: `afterEvent` of the next `…/changes` request. */
  eventCursor: z.number().int(),
});
export type InboxTranscript = z.infer<typeof inboxTranscriptSchema>;

/**
 * `GET /api/inbox/conversations/{id}/changes`: what a transcript already shown lacks, after a
 * notice said it changed (its messages after `afterSeq`, its events after `afterEvent`).
 */
export const inboxChangesQuerySchema = z.strictObject({
  companyId: z.uuid().optional(),
  afterSeq: z.coerce.number().pipe(messageSeqSchema),
  afterEvent: z.coerce.number().int().min(0),
});
export type InboxChangesQuery = z.input<typeof inboxChangesQuerySchema>;

/**
 * `POST /api/inbox/conversations/{id}/read`: the reader's transcript ends here; what it lacks comes
 * back with the read mark, so a reader who marks read sees everything it marked.
 */
export const readMarkRequestSchema = z.strictObject({
  afterSeq: messageSeqSchema,
  afterEvent: z.number().int().min(0),
});
export type ReadMarkRequest = z.infer<typeof readMarkRequestSchema>;

/** The conversation as it is now, and only the messages and events added since. */
export const inboxTranscriptChangesSchema = inboxTranscriptSchema;
export type InboxTranscriptChanges = z.infer<typeof inboxTranscriptChangesSchema>;

/**
 * `GET /api/inbox/conversations/{id}/place`: the company and bot a conversation belongs to, so a
 * link naming only the conversation opens it with the inbox's selectors on its company and bot.
 */
export const conversationPlaceSchema = z.object({ companyId: z.string(), botId: z.string() });
export type ConversationPlace = z.infer<typeof conversationPlaceSchema>;

export const passControlRequestSchema = z.strictObject({ to: z.enum(['agent', 'bot']) });
export type PassControlRequest = z.infer<typeof passControlRequestSchema>;

export const agentMessageRequestSchema = z.strictObject({
  text: z.string().trim().min(1).max(4000),
  /** Sent again with the same id, the reply is stored once (see clientMessageIdSchema). */
  clientMessageId: clientMessageIdSchema.optional(),
});
export type AgentMessageRequest = z.infer<typeof agentMessageRequestSchema>;
export const internalNoteRequestSchema = z.strictObject({ text: z.string().trim().min(1).max(4000) });

/** Parley staff acting on another company's conversation name it; everyone else acts on their own. */
export const companyQuerySchema = z.strictObject({ companyId: z.uuid().optional() });

export const inboxEventsQuerySchema = z.strictObject({
  companyId: z.uuid().optional(),
  botId: z.uuid().optional(),
});

/**
 * `event: conversation` on the inbox's stream: something changed in this conversation; `seq` is
 * the last message the change stored (0 when it stored none: a control change, a note, a read mark).
 * It carries the conversation's row as the list shows it, so the list is patched without a request.
 */
export const inboxNoticeSchema = z.object({
  conversationId: z.string(),
  botId: z.string(),
  seq: z.number().int(),
  /** Messages or events were added (false: only its row changed, e.g. a read mark). */
  transcriptChanged: z.boolean(),
  /**
   * The row now; null when the inbox no longer shows the conversation. Absent when it could not
   * be read: the list then reloads its first page.
   */
  conversation: inboxConversationSchema.nullable().optional(),
  /** Conversations waiting for an agent, of the stream's bot (or company) now. */
  waiting: z.number().int().optional(),
});
export type InboxNotice = z.infer<typeof inboxNoticeSchema>;
