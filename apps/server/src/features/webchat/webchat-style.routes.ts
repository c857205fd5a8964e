import { botIdParamsSchema, webchatStyleSchema } from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import { saveStyle, styleOf } from './webchat-style.service';

const tags = ['web chat'];

export const webchatStyleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/api/bots/:id/webchat-style',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'How the bot’s web chat widget looks (defaults filled in)',
        params: botIdParamsSchema,
        response: { 200: webchatStyleSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => styleOf(db(), sessionOf(request), request.params.id),
  );

  app.put(
    '/api/bots/:id/webchat-style',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags,
        summary: 'Save the web chat style; every deployment of the bot shows it on the next page load',
        params: botIdParamsSchema,
        body: webchatStyleSchema,
        response: { 200: webchatStyleSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => saveStyle(db(), sessionOf(request), request.params.id, request.body),
  );
};
