import {
  conversationParamsSchema,
  eventsQuerySchema,
  historyQuerySchema,
  historyResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  startConversationRequestSchema,
  startConversationResponseSchema,
  webchatConfigSchema,
} from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/openapi';
import { eventStreams } from '../../realtime/event-stream';
import { TrialGate } from '../companies/trial';
import { webchatConfig } from '../webchat/webchat-config.service';
import {
  assertVisitor,
  conversationMessages,
  conversationModules,
  sendMessage,
  startConversation,
} from './chat.service';
import { chatMessageLimits } from './chat-limits';

const tags = ['chat'];

/** Message numbers are 32-bit integers in the database. */
const MAX_SEQ = 2_147_483_647;

/** The visitor's conversation token: `Authorization: Bearer …`, or `?token=` where headers cannot be set (EventSource). */
function tokenOf(request: FastifyRequest, query?: { token?: string }): string | undefined {
  const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return header ?? query?.token;
}

/** Where a reconnecting stream resumes: Last-Event-ID, else `?after=`; a bad header resumes from the start. */
function resumeAfter(lastEventId: string | string[] | undefined, after: number | undefined): number {
  const seq = Number(typeof lastEventId === 'string' ? lastEventId : (after ?? 0));
  return Number.isInteger(seq) && seq >= 0 && seq <= MAX_SEQ ? seq : 0;
}

/**
 * The public chat API: web chat, the SDK and the tester talk to bots through it. No user login: a
 * deployment key starts a conversation, its token continues it. Open to every origin (plugins/public-cors).
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStream = eventStreams(app);
  const trials = new TrialGate(() => app.ctx.database.db);
  const limitMessages = chatMessageLimits(app.ctx.config.chatRateLimit);

  app.get(
    '/api/chat/deployments/:key/config',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'What the web chat widget of a deployment shows: the bot’s name, language and style',
        security: [],
        params: z.strictObject({ key: z.string().max(100) }),
        response: { 200: webchatConfigSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      // Pages fetch this on every load; a minute of caching spares the server without hiding a restyle for long.
      reply.header('cache-control', 'public, max-age=60');
      return webchatConfig(app.ctx, request.params.key);
    },
  );

  app.post(
    '/api/chat/conversations',
    {
      config: { auth: 'public', rateLimit: { bucket: 'chat-start' } },
      schema: {
        tags,
        summary:
          'Start a conversation with the bot of a deployment; answers the bot’s first messages and the conversation token',
        security: [],
        body: startConversationRequestSchema,
        response: { 201: startConversationResponseSchema, ...errorResponses(400, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      await trials.assertDeploymentMayChat(request.body.deploymentKey);
      const started = await startConversation(app.ctx, request.body);
      trials.noteConversation(started.conversationId, request.body.deploymentKey);
      return reply.code(201).send(started);
    },
  );

  app.post(
    '/api/chat/conversations/:id/messages',
    {
      config: { auth: 'public' },
      // Counted before anything else is done: a script sending too fast costs no turn.
      onRequest: limitMessages,
      schema: {
        tags,
        summary: 'Send a message (text, or a button’s postback); answers what the bot says now',
        description: 'Replies that come later (delays, human agents) arrive on the events stream.',
        security: [],
        params: conversationParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: sendMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request) => {
      await trials.assertConversationMayChat(request.params.id);
      return sendMessage(app.ctx, request.params.id, tokenOf(request), request.body);
    },
  );

  app.get(
    '/api/chat/conversations/:id/events',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'Server-Sent Events: every new message of the conversation, from whichever server ran the turn',
        description:
          'Each event is `event: message` with a ChatMessage as data and its seq as id; reconnect with Last-Event-ID (or ?after=) to resume. ' +
          'While an AI module writes its answer, `event: draft` carries `{ moduleId, text }` (the text so far, not stored); the stored message follows.',
        security: [],
        params: conversationParamsSchema,
        querystring: eventsQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await assertVisitor(app.ctx, id, tokenOf(request, request.query));
      let last = resumeAfter(request.headers['last-event-id'], request.query.after);
      // Each heartbeat also catches up, so a notice that never came (its sender stopped between
      // commit and notice) delays a message by one heartbeat at most, and loses nothing.
      const stream = openStream(reply, {
        headers: { 'access-control-allow-origin': '*' },
        onHeartbeat: () => flush(),
        onClose: () => unsubscribe(),
      });
      let sending = Promise.resolve();
      const flush = () => {
        sending = sending
          .then(async () => {
            for (const message of await conversationMessages(app.ctx, id, last)) {
              stream.send('message', message, message.seq);
              last = message.seq;
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'event stream could not send'));
      };
      const unsubscribe = app.ctx.conversations.bus.subscribe(id, (notice) => {
        // A draft has no id: reconnecting resumes from stored messages only.
        if ('draft' in notice) stream.send('draft', notice.draft);
        else if (notice.seq > last) flush();
      });
      flush();
    },
  );

  app.get(
    '/api/chat/v3/conversations/:id/history',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The conversation so far; `?mode=tags` lists the modules it went through, with their tags',
        security: [],
        params: conversationParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await assertVisitor(app.ctx, id, tokenOf(request, request.query));
      if (request.query.mode === 'tags')
        return { conversationId: id, modules: await conversationModules(app.ctx, id) };
      return { conversationId: id, messages: await conversationMessages(app.ctx, id, 0) };
    },
  );
};
