import * as z from 'zod';
import { conversationParamsSchema, sendMessageResponseSchema } from './chat';
import { defineEventStream, defineRoute } from './define-route';
import { errorBodySchema } from './errors';
import {
  agentMessageRequestSchema,
  companyQuerySchema,
  conversationPlaceSchema,
  inboxChangesQuerySchema,
  inboxConversationSchema,
  inboxEventsQuerySchema,
  inboxListResponseSchema,
  inboxNoticeSchema,
  inboxQuerySchema,
  inboxTranscriptChangesSchema,
  inboxTranscriptSchema,
  internalNoteRequestSchema,
  passControlRequestSchema,
  readMarkRequestSchema,
} from './inbox';

const tags = ['inbox'];

/** The team's inbox: conversations, transcripts, and taking over from the bot. */
export const inboxApi = {
  events: defineEventStream({
    method: 'GET',
    path: '/api/inbox/events',
    tags,
    summary:
      'Server-Sent Events: `event: conversation` whenever a conversation of the company (or bot) changes',
    description:
      'Data: `{ conversationId, botId, seq, transcriptChanged, conversation, waiting }` (seq: the last message the change stored, 0 if none; conversation: its row as the list shows it, null once the inbox no longer shows it; waiting: conversations of the bot, or company, waiting for an agent). New conversations, messages, control changes, notes and read marks, from whichever server process stored them. A transcript already shown gets what changed from `GET /api/inbox/conversations/{id}/changes` (or, when its reader marks it read, from the read mark). `event: session-ended` says the sign-in ended (password changed, account disabled, expired), and the stream closes.',
    query: inboxEventsQuerySchema,
    events: { conversation: inboxNoticeSchema, 'session-ended': errorBodySchema },
    errors: [400, 401, 403],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/inbox',
    tags,
    summary: 'Conversations, newest activity first, filtered; without transcripts (reduced payload)',
    query: inboxQuerySchema,
    response: inboxListResponseSchema,
    errors: [400, 401, 403],
  }),
  transcript: defineRoute({
    method: 'GET',
    path: '/api/inbox/conversations/:id',
    tags,
    summary:
      'One conversation: its messages, the events among them (handoffs, webhooks, notes), its variables',
    params: conversationParamsSchema,
    query: companyQuerySchema,
    response: inboxTranscriptSchema,
    errors: [401, 403, 404],
  }),
  changes: defineRoute({
    method: 'GET',
    path: '/api/inbox/conversations/:id/changes',
    tags,
    summary:
      'What a transcript already shown lacks: the conversation now, with only the newer messages and events',
    description:
      'After a stream notice with `transcriptChanged`: `afterSeq` is the last message shown, `afterEvent` the `eventCursor` of the transcript (or of the previous changes).',
    params: conversationParamsSchema,
    query: inboxChangesQuerySchema,
    response: inboxTranscriptChangesSchema,
    errors: [400, 401, 403, 404],
  }),
  place: defineRoute({
    method: 'GET',
    path: '/api/inbox/conversations/:id/place',
    tags,
    summary: 'The company and bot a conversation belongs to (Parley staff: in any company)',
    description:
      'A link that names only a conversation opens it with the inbox on its company and bot. Others than Parley staff find only conversations of their own company (404 otherwise).',
    params: conversationParamsSchema,
    response: conversationPlaceSchema,
    errors: [401, 403, 404],
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/inbox/conversations/:id/read',
    tags,
    summary:
      'The team has read the conversation up to its latest message; answers what the reader’s transcript lacks',
    description:
      'The body says where the reader’s transcript ends (as for `…/changes`); the answer is the conversation now, read, with the messages and events after that, so what was marked read is what the reader sees. A transcript on screen catches up and marks read in this one request.',
    params: conversationParamsSchema,
    query: companyQuerySchema,
    body: readMarkRequestSchema,
    response: inboxTranscriptChangesSchema,
    errors: [400, 401, 403, 404],
  }),
  passControl: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/pass-control',
    tags,
    summary: 'Give control to the calling agent (the bot falls silent) or back to the bot',
    params: conversationParamsSchema,
    query: companyQuerySchema,
    body: passControlRequestSchema,
    response: inboxConversationSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  agentMessage: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/agent-messages',
    tags,
    summary: 'Reply to the user as the agent who has control',
    params: conversationParamsSchema,
    query: companyQuerySchema,
    body: agentMessageRequestSchema,
    response: sendMessageResponseSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  note: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/notes',
    tags,
    summary: 'Add a note for the team to the transcript (the user never sees it)',
    params: conversationParamsSchema,
    query: companyQuerySchema,
    body: internalNoteRequestSchema,
    status: 204,
    response: z.null().describe('Added'),
    errors: [400, 401, 403, 404],
  }),
};
