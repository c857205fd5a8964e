import { botIdParamsSchema, promptTestRequestSchema, promptTestResponseSchema } from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import { testPrompt } from './ai.service';

export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bots/:id/llm/prompt-tests',
    {
      config: { rateLimit: { bucket: 'prompt-test' }, permission: 'bots:manage' },
      schema: {
        tags: ['ai'],
        summary:
          'Try an LLM module’s prompts, rendered with sample values, against the configured model provider (nothing is stored)',
        params: botIdParamsSchema,
        body: promptTestRequestSchema,
        response: {
          200: promptTestResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 429, 502, 503),
        },
      },
    },
    async (request) => testPrompt(app.ctx, sessionOf(request), request.params.id, request.body),
  );
};
