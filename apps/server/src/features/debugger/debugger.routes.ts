import {
  botIdParamsSchema,
  debugConversationParamsSchema,
  debugConversationSchema,
  debugMessageRequestSchema,
  debugTurnSchema,
  startDebugRequestSchema,
} from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import { debugMessage, startDebugging } from './debugger.service';

const tags = ['debugger'];

/** The builder's debugger: conversations with the draft that report every step they take. */
export const debuggerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bots/:id/debugger/conversations',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags,
        summary:
          'Start a conversation with the draft (test deployment), at the start module or any module; answers the steps taken with the variables after each',
        params: botIdParamsSchema,
        body: startDebugRequestSchema,
        response: { 201: debugConversationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await startDebugging(app.ctx, sessionOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/bots/:id/debugger/conversations/:conversationId/messages',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags,
        summary: 'Send a message in a debugged conversation; answers the replies and the steps taken',
        params: debugConversationParamsSchema,
        body: debugMessageRequestSchema,
        response: { 200: debugTurnSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) =>
      debugMessage(
        app.ctx,
        sessionOf(request),
        request.params.id,
        request.params.conversationId,
        request.body,
      ),
  );
};
