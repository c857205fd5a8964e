import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import { predictIntentRequestSchema, predictIntentResponseSchema } from './nlu';

/** The builder's intent tools. */
export const nluApi = {
  predict: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/nlu/predictions',
    tags: ['nlu'],
    summary:
      'Predict the intent of a message with the model of the draft’s intents (the builder’s try-it box); says when the model is still training',
    params: botIdParamsSchema,
    body: predictIntentRequestSchema,
    response: predictIntentResponseSchema,
    errors: [400, 401, 403, 404],
  }),
};
