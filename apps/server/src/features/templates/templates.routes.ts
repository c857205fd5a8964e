import { renderTemplateRequestSchema, renderTemplateResponseSchema } from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi';
import { renderPreview } from './preview';

export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/templates/render',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags: ['templates'],
        summary: 'Render a Jinja template (the builder’s editor preview), in the same sandbox bots use',
        body: renderTemplateRequestSchema,
        response: { 200: renderTemplateResponseSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => ({ output: renderPreview(request.body.template, request.body.variables) }),
  );
};
