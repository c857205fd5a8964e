import {
  botIdParamsSchema,
  predictIntentRequestSchema,
  predictIntentResponseSchema,
} from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import { predictWithDraft } from './nlu.service';

/** The builder's intent tools. */
export const nluRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bots/:id/nlu/predictions',
    {
      // What the draft understands is the builder's to try, as the debugger is.
      config: { permission: 'bots:manage' },
      schema: {
        tags: ['nlu'],
        summary:
          'Predict the intent of a message with the model of the draft’s intents (the builder’s try-it box); says when the model is still training',
        params: botIdParamsSchema,
        body: predictIntentRequestSchema,
        response: { 200: predictIntentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => predictWithDraft(app.ctx, sessionOf(request), request.params.id, request.body.text),
  );
};
