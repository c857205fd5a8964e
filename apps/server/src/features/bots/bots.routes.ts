import {
  botDetailSchema,
  botIdParamsSchema,
  botListSchema,
  createBotRequestSchema,
  listBotsQuerySchema,
  updateBotRequestSchema,
} from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyScope, sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import * as bots from './bots.service';

const tags = ['bots'];

export const botsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/api/bots',
    {
      config: { permission: 'signed-in', staffAcrossCompanies: true },
      schema: {
        tags,
        summary: 'The company’s bots (without their flows), paged, searched by name and sorted',
        querystring: listBotsQuerySchema,
        response: { 200: botListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      bots.listCompanyBots(db(), companyScope(request, request.query.companyId), request.query),
  );

  app.post(
    '/api/bots',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags,
        summary: 'Create a bot; it starts with a welcome message',
        body: createBotRequestSchema,
        response: { 201: botDetailSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bots.createBot(db(), sessionOf(request), request.body)),
  );

  app.get(
    '/api/bots/:id',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'A bot with its draft flow',
        params: botIdParamsSchema,
        response: { 200: botDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => bots.getBot(db(), sessionOf(request), request.params.id),
  );

  app.patch(
    '/api/bots/:id',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags,
        summary: 'Rename a bot, change its language or its default goal value',
        params: botIdParamsSchema,
        body: updateBotRequestSchema,
        response: { 200: botDetailSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => bots.renameOrRelanguageBot(db(), sessionOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/bots/:id/duplicate',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags,
        summary: 'Copy a bot (its draft flow) under a new name',
        params: botIdParamsSchema,
        response: { 201: botDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bots.duplicateBot(db(), sessionOf(request), request.params.id)),
  );

  app.delete(
    '/api/bots/:id',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags,
        summary: 'Delete a bot (its conversations stay for reports)',
        params: botIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await bots.deleteBot(db(), sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
