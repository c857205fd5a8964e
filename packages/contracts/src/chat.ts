// The subpath, not the kit's root: the web chat widget bundles this file and must stay small.
import { botMessageSchema } from '@parley/kit/bot-messages';
import * as z from 'zod';

/** A visitor's language as browsers and pages name it (`es`, `pt-BR`). */
export const visitorLanguageSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'A language code such as es or pt-BR')
  .max(35);

/** The visitor picks another language in the widget's menu: the bot speaks it from the next message. */
export const setConversationLanguageRequestSchema = z.strictObject({ language: visitorLanguageSchema });
export type SetConversationLanguageRequest = z.infer<typeof setConversationLanguageRequestSchema>;

/** The language the conversation's bot speaks now, as the conversation keeps it (its base code). */
export const conversationLanguageSchema = z.object({ language: z.string() });

/** Who is chatting, as the embedding page knows them (all optional). */
export const chatUserSchema = z.strictObject({
  id: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
});

export const startConversationRequestSchema = z.strictObject({
  deploymentKey: z.string().min(1).max(100),
  user: chatUserSchema.optional(),
  /** Variables the page hands the bot at the start (e.g. the cart), and `sc` for messaging suites. */
  context: z.record(z.string(), z.json()).optional(),
  page: z.strictObject({ url: z.string().max(2048), domain: z.string().max(253) }).optional(),
  /** The visitor's language (the browser's, or the one the page or the SDK sets); the bot speaks it if it offers it. */
  language: visitorLanguageSchema.optional(),
});
export type StartConversationRequest = z.infer<typeof startConversationRequestSchema>;

/** One message of a conversation, in order (`seq`). */
export const chatMessageSchema = z.object({
  seq: z.number().int(),
  role: z.enum(['user', 'bot', 'agent']),
  message: botMessageSchema,
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const startConversationResponseSchema = z.object({
  conversationId: z.string(),
  /** Proves the caller is this conversation's visitor: send it as `Authorization: Bearer <token>`. */
  token: z.string(),
  messages: z.array(chatMessageSchema),
});
export type StartConversationResponse = z.infer<typeof startConversationResponseSchema>;

/**
 * Names a message once, however often it is sent: a retry with the same id (to any server) answers
 * what the first attempt did, and the turn runs once. The widget and the SDK send a random one.
 */
export const clientMessageIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Use 8 to 100 letters, digits, - or _');

export const sendMessageRequestSchema = z.union([
  z.strictObject({
    text: z.string().min(1, 'Say something').max(4000),
    clientMessageId: clientMessageIdSchema.optional(),
  }),
  z.strictObject({
    postback: z.string().min(1).max(1000),
    label: z.string().max(200).optional(),
    clientMessageId: clientMessageIdSchema.optional(),
  }),
]);
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const sendMessageResponseSchema = z.object({ messages: z.array(chatMessageSchema) });

export const conversationParamsSchema = z.strictObject({ id: z.string().max(100) });

/** The visitor saw the conversation up to this message (the widget showed it in an open chat). */
export const seenRequestSchema = z.strictObject({ seq: z.number().int().min(1).max(2_147_483_647) });

export const historyQuerySchema = z.strictObject({
  mode: z.enum(['messages', 'tags']).default('messages'),
  token: z.string().max(200).optional(),
});

/** `?mode=tags`: the modules the conversation went through, with their tags (spec §7). */
export const historyResponseSchema = z.union([
  z.object({ conversationId: z.string(), messages: z.array(chatMessageSchema) }),
  z.object({
    conversationId: z.string(),
    modules: z.array(z.object({ moduleId: z.string(), tags: z.array(z.string()), at: z.string() })),
  }),
]);

/** A message's number in its conversation (a 32-bit integer in the database), or 0 for none yet. */
export const messageSeqSchema = z.number().int().min(0).max(2_147_483_647);

export const eventsQuerySchema = z.strictObject({
  token: z.string().max(200).optional(),
  after: z.coerce.number().pipe(messageSeqSchema).optional(),
});
