import { promptTestRequestSchema, promptTestResponseSchema } from './ai';
import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';

/** The builder's AI Manager. */
export const aiApi = {
  testPrompt: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/llm/prompt-tests',
    tags: ['ai'],
    summary:
      'Try an LLM module’s prompts, rendered with sample values, against the configured model provider (nothing is stored)',
    params: botIdParamsSchema,
    body: promptTestRequestSchema,
    response: promptTestResponseSchema,
    errors: [400, 401, 403, 404, 413, 429, 502, 503],
  }),
};
