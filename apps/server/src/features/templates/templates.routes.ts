import { renderTemplateRequestSchema, renderTemplateResponseSchema } from '@parley/contracts';
import { renderTemplate, TemplateError } from '@parley/engine/templating';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/openapi';

/** Previews render with tighter limits than live conversations: a person is waiting on each keystroke. */
const previewLimits = { maxOutput: 200_000, maxSteps: 500_000 };

export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/templates/render',
    {
      schema: {
        tags: ['templates'],
        summary: 'Render a Jinja template (the builder’s editor preview), in the same sandbox bots use',
        body: renderTemplateRequestSchema,
        response: { 200: renderTemplateResponseSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => {
      try {
        return {
          output: renderTemplate(request.body.template, request.body.variables, { limits: previewLimits }),
        };
      } catch (error) {
        if (error instanceof TemplateError) {
          throw new AppError('TemplateException', error.message, { line: error.line ?? null });
        }
        throw error;
      }
    },
  );
};
