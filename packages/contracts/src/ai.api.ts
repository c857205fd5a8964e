import {
  completionRequestSchema,
  completionResponseSchema,
  promptTestRequestSchema,
  promptTestResponseSchema,
} from './ai';
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
  completion: defineRoute({
    method: 'POST',
    path: '/api/llm/completions',
    tags: ['ai'],
    summary:
      'Complete a prompt with the configured language model, for the signed-in user’s company (rate limited per company; tokens counted per company and bot)',
    body: completionRequestSchema,
    response: completionResponseSchema,
    errors: [400, 401, 403, 404, 429, 502, 503],
  }),
};
