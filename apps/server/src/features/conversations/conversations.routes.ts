import { conversationParamsSchema } from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import { requestDelayedMove } from './server-turns';

/** Conversation operations for the company's own staff and integrations (signed in). */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/conversations/:id/delayed-move',
    {
      config: { permission: 'inbox:use' },
      schema: {
        tags: ['conversations'],
        summary: 'Trigger a delayed response: move the conversation to a module after some seconds',
        params: conversationParamsSchema,
        body: z.strictObject({
          moduleId: z.string().min(1).max(64),
          delaySeconds: z
            .number()
            .int()
            .min(0)
            .max(7 * 24 * 3600),
        }),
        response: { 202: z.object({ dueAt: z.string() }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const dueAt = await requestDelayedMove(
        app.ctx,
        sessionOf(request).companyId,
        request.params.id,
        request.body.moduleId,
        request.body.delaySeconds,
      );
      return reply.code(202).send({ dueAt: dueAt.toISOString() });
    },
  );
};
