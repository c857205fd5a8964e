import {
  agentMessageRequestSchema,
  companyQuerySchema,
  conversationParamsSchema,
  conversationPlaceSchema,
  type InboxNotice,
  inboxChangesQuerySchema,
  inboxConversationSchema,
  inboxEventsQuerySchema,
  inboxListResponseSchema,
  inboxQuerySchema,
  inboxTranscriptChangesSchema,
  inboxTranscriptSchema,
  internalNoteRequestSchema,
  passControlRequestSchema,
  sendMessageResponseSchema,
} from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyScope, lookupReach, sessionOf, sessionStillValid } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import { eventStreams } from '../../realtime/event-stream';
import * as inbox from './inbox.service';
import { InboxFeed } from './inbox-feed';

const tags = ['inbox'];

/** The team's inbox: conversations, transcripts, and taking over from the bot. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStream = eventStreams(app);
  const feed = new InboxFeed(app.ctx, app.log);

  app.get(
    '/api/inbox/events',
    {
      config: { permission: 'inbox:use', staffAcrossCompanies: true },
      schema: {
        tags,
        summary:
          'Server-Sent Events: `event: conversation` whenever a conversation of the company (or bot) changes',
        description:
          'Data: `{ conversationId, botId, seq, transcriptChanged, conversation, waiting }` (seq: the last message the change stored, 0 if none; conversation: its row as the list shows it, null once the inbox no longer shows it; waiting: conversations of the bot, or company, waiting for an agent). New conversations, messages, control changes, notes and read marks, from whichever server process stored them. A transcript already shown gets what changed from `GET /api/inbox/conversations/{id}/changes`.',
        querystring: inboxEventsQuerySchema,
        response: errorResponses(401, 403),
      },
    },
    async (request, reply) => {
      const companyId = companyScope(request, request.query.companyId);
      const { botId } = request.query;
      // A session that ends (password changed, account disabled, expired) ends its stream too.
      const checkSession = async () => {
        const ended = await sessionStillValid(app, request);
        if (!ended) return;
        stream.send('session-ended', { name: ended.name, message: ended.message, details: ended.details });
        stream.end();
      };
      const stream = openStream(reply, {
        onHeartbeat: () => {
          checkSession().catch((error: unknown) => request.log.warn({ err: error }, 'session check failed'));
        },
        onClose: () => unsubscribe(),
      });
      const unsubscribe = feed.subscribe(companyId, ({ waiting, ...notice }) => {
        if (botId && notice.botId !== botId) return;
        const sent: InboxNotice = {
          ...notice,
          ...(waiting ? { waiting: botId ? waiting.bot : waiting.company } : {}),
        };
        stream.send('conversation', sent);
      });
    },
  );
  app.get(
    '/api/inbox',
    {
      config: { permission: 'inbox:use', staffAcrossCompanies: true },
      schema: {
        tags,
        summary: 'Conversations, newest activity first, filtered; without transcripts (reduced payload)',
        querystring: inboxQuerySchema,
        response: { 200: inboxListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      inbox.listInbox(app.ctx, companyScope(request, request.query.companyId), request.query),
  );

  app.get(
    '/api/inbox/conversations/:id',
    {
      config: { permission: 'inbox:use', staffAcrossCompanies: true },
      schema: {
        tags,
        summary:
          'One conversation: its messages, the events among them (handoffs, webhooks, notes), its variables',
        params: conversationParamsSchema,
        querystring: companyQuerySchema,
        response: { 200: inboxTranscriptSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      inbox.inboxTranscript(app.ctx, companyScope(request, request.query.companyId), request.params.id),
  );

  app.get(
    '/api/inbox/conversations/:id/changes',
    {
      config: { permission: 'inbox:use', staffAcrossCompanies: true },
      schema: {
        tags,
        summary:
          'What a transcript already shown lacks: the conversation now, with only the newer messages and events',
        description:
          'After a stream notice with `transcriptChanged`: `afterSeq` is the last message shown, `afterEvent` the `eventCursor` of the transcript (or of the previous changes).',
        params: conversationParamsSchema,
        querystring: inboxChangesQuerySchema,
        response: { 200: inboxTranscriptChangesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      inbox.transcriptSince(
        app.ctx,
        companyScope(request, request.query.companyId),
        request.params.id,
        request.query,
      ),
  );

  app.get(
    '/api/inbox/conversations/:id/place',
    {
      config: { permission: 'inbox:use', staffAcrossCompanies: true },
      schema: {
        tags,
        summary: 'The company and bot a conversation belongs to (Parley staff: in any company)',
        description:
          'A link that names only a conversation opens it with the inbox on its company and bot. Others than Parley staff find only conversations of their own company (404 otherwise).',
        params: conversationParamsSchema,
        response: { 200: conversationPlaceSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => inbox.conversationPlace(app.ctx, lookupReach(request), request.params.id),
  );

  app.post(
    '/api/inbox/conversations/:id/read',
    {
      config: { permission: 'inbox:use' },
      schema: {
        tags,
        summary: 'The team has read the conversation up to its latest message',
        params: conversationParamsSchema,
        querystring: companyQuerySchema,
        response: { 204: z.null().describe('Read'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await inbox.markConversationRead(
        app.ctx,
        companyScope(request, request.query.companyId),
        request.params.id,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/conversations/:id/pass-control',
    {
      config: { permission: 'inbox:use' },
      schema: {
        tags,
        summary: 'Give control to the calling agent (the bot falls silent) or back to the bot',
        params: conversationParamsSchema,
        querystring: companyQuerySchema,
        body: passControlRequestSchema,
        response: { 200: inboxConversationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      inbox.passCompanyControl(
        app.ctx,
        sessionOf(request),
        companyScope(request, request.query.companyId),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/api/conversations/:id/agent-messages',
    {
      config: { permission: 'inbox:use' },
      schema: {
        tags,
        summary: 'Reply to the user as the agent who has control',
        params: conversationParamsSchema,
        querystring: companyQuerySchema,
        body: agentMessageRequestSchema,
        response: { 200: sendMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      inbox.replyAsAgent(
        app.ctx,
        sessionOf(request),
        companyScope(request, request.query.companyId),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/api/conversations/:id/notes',
    {
      config: { permission: 'inbox:use', staffAcrossCompanies: true },
      schema: {
        tags,
        summary: 'Add a note for the team to the transcript (the user never sees it)',
        params: conversationParamsSchema,
        querystring: companyQuerySchema,
        body: internalNoteRequestSchema,
        response: { 204: z.null().describe('Added'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await inbox.addInternalNote(
        app.ctx,
        sessionOf(request),
        companyScope(request, request.query.companyId),
        request.params.id,
        request.body.text,
      );
      return reply.code(204).send(null);
    },
  );
};
