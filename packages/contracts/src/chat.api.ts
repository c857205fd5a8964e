import * as z from 'zod';
import {
  chatMessageSchema,
  conversationLanguageSchema,
  conversationParamsSchema,
  eventsQuerySchema,
  historyQuerySchema,
  historyResponseSchema,
  seenRequestSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  setConversationLanguageRequestSchema,
  startConversationRequestSchema,
  startConversationResponseSchema,
} from './chat';
import { defineEventStream, defineRoute } from './define-route';
import { webchatConfigSchema } from './webchat';

const tags = ['chat'];

/** An AI answer while it is written: the text so far (not stored; its stored message follows). */
export const chatDraftSchema = z.object({ moduleId: z.string(), text: z.string() });
export type ChatDraft = z.infer<typeof chatDraftSchema>;

/**
 * The public chat API: web chat, the SDK and the tester talk to bots through it. No user login: a
 * deployment key starts a conversation, its token (`Authorization: Bearer …`) continues it.
 */
export const chatApi = {
  deploymentConfig: defineRoute({
    method: 'GET',
    path: '/api/chat/deployments/:key/config',
    tags,
    summary: 'What the web chat widget of a deployment shows: the bot’s name, language and style',
    params: z.strictObject({ key: z.string().max(100) }),
    response: webchatConfigSchema,
    errors: [404],
  }),
  startConversation: defineRoute({
    method: 'POST',
    path: '/api/chat/conversations',
    tags,
    summary:
      'Start a conversation with the bot of a deployment; answers the bot’s first messages and the conversation token',
    body: startConversationRequestSchema,
    status: 201,
    response: startConversationResponseSchema,
    errors: [400, 403, 404, 413, 429],
  }),
  sendMessage: defineRoute({
    method: 'POST',
    path: '/api/chat/conversations/:id/messages',
    tags,
    summary: 'Send a message (text, or a button’s postback); answers what the bot says now',
    description: 'Replies that come later (delays, human agents) arrive on the events stream.',
    params: conversationParamsSchema,
    body: sendMessageRequestSchema,
    response: sendMessageResponseSchema,
    errors: [400, 401, 403, 404, 413, 429],
  }),
  setLanguage: defineRoute({
    method: 'PUT',
    path: '/api/chat/conversations/:id/language',
    tags,
    summary:
      'The visitor picks the language the bot speaks (one it offers, or its own) from the next message on',
    params: conversationParamsSchema,
    body: setConversationLanguageRequestSchema,
    response: conversationLanguageSchema,
    errors: [400, 401, 404, 413],
  }),
  seen: defineRoute({
    method: 'POST',
    path: '/api/chat/conversations/:id/seen',
    tags,
    summary:
      'The visitor saw the messages up to `seq` in an open chat (a broadcast among them counts as opened)',
    params: conversationParamsSchema,
    body: seenRequestSchema,
    status: 204,
    response: z.null(),
    errors: [400, 401, 404, 413],
  }),
  events: defineEventStream({
    method: 'GET',
    path: '/api/chat/conversations/:id/events',
    tags,
    summary: 'Server-Sent Events: every new message of the conversation, from whichever server ran the turn',
    description:
      'Each event is `event: message` with a ChatMessage as data and its seq as id; reconnect with Last-Event-ID (or ?after=) to resume. ' +
      'While an AI module writes its answer, `event: draft` carries `{ moduleId, text }` (the text so far, not stored); the stored message follows.',
    params: conversationParamsSchema,
    query: eventsQuerySchema,
    events: { message: chatMessageSchema, draft: chatDraftSchema },
    errors: [400, 401, 404],
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/chat/v3/conversations/:id/history',
    tags,
    summary: 'The conversation so far; `?mode=tags` lists the modules it went through, with their tags',
    params: conversationParamsSchema,
    query: historyQuerySchema,
    response: historyResponseSchema,
    errors: [400, 401, 404],
  }),
};
