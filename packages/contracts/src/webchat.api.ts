import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import { webchatOpeningSchema, webchatStyleSchema } from './webchat';

const tags = ['web chat'];

/** How a bot's web chat widget looks. */
export const webchatStyleApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/webchat-style',
    tags,
    summary: 'How the bot’s web chat widget looks (defaults filled in)',
    params: botIdParamsSchema,
    response: webchatStyleSchema,
    errors: [401, 403, 404],
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/bots/:id/webchat-style',
    tags,
    summary: 'Save the web chat style; every deployment of the bot shows it on the next page load',
    params: botIdParamsSchema,
    body: webchatStyleSchema,
    response: webchatStyleSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  opening: defineRoute({
    method: 'GET',
    path: '/api/bots/:id/webchat-style/opening',
    tags,
    summary:
      'What the bot’s draft says when a conversation starts, for the styling preview (nothing is stored; it stops before any outside call)',
    params: botIdParamsSchema,
    response: webchatOpeningSchema,
    errors: [401, 403, 404],
  }),
};
