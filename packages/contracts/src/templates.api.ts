import { defineRoute } from './define-route';
import { renderTemplateRequestSchema, renderTemplateResponseSchema } from './templates';

/** The builder's Jinja editor. */
export const templatesApi = {
  render: defineRoute({
    method: 'POST',
    path: '/api/templates/render',
    tags: ['templates'],
    summary: 'Render a Jinja template (the builder’s editor preview), in the same sandbox bots use',
    body: renderTemplateRequestSchema,
    response: renderTemplateResponseSchema,
    errors: [400, 401, 403, 413],
  }),
};
