import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import {
  generativeTabSchema,
  generativeTestRequestSchema,
  generativeTestResponseSchema,
  saveGenerativeRequestSchema,
} from './generative';

const tags = ['knowledge'];

/** Generative answers: the bot answers from its knowledge when it does not understand. */
export const generativeApi = {
  settings: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/generative',
    tags,
    summary:
      'The draft’s generative answer settings, the sources they may use, and whether a model is set up',
    params: botIdParamsSchema,
    response: generativeTabSchema,
    errors: [401, 404],
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/bots/:id/generative',
    tags,
    summary: 'Save the draft’s generative answer settings (the website uses them once the bot is published)',
    params: botIdParamsSchema,
    body: saveGenerativeRequestSchema,
    response: generativeTabSchema,
    errors: [400, 401, 403, 404, 409],
  }),
  test: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/generative/test',
    tags,
    summary:
      'Ask a question under the given settings: the retrieved rows with scores, the prompt, the answer with citations (nothing is stored)',
    params: botIdParamsSchema,
    body: generativeTestRequestSchema,
    response: generativeTestResponseSchema,
    errors: [400, 401, 403, 404, 429, 502, 503],
  }),
};
