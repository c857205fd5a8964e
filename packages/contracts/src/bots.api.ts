import { z } from 'zod';
import {
  botDetailSchema,
  botIdParamsSchema,
  botListSchema,
  createBotRequestSchema,
  listBotsQuerySchema,
  updateBotRequestSchema,
} from './bots';
import { defineRoute } from './define-route';

const tags = ['bots'];

/** The bots of a company: list, create, rename, copy, delete. */
export const botsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/bots',
    tags,
    summary: 'The company’s bots (without their flows), paged, searched by name and sorted',
    query: listBotsQuerySchema,
    response: botListSchema,
    errors: [400, 401, 403],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/bots',
    tags,
    summary: 'Create a bot; it starts with a welcome message',
    body: createBotRequestSchema,
    status: 201,
    response: botDetailSchema,
    errors: [400, 401, 403, 413],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/bots/:id',
    tags,
    summary: 'A bot with its draft flow',
    params: botIdParamsSchema,
    response: botDetailSchema,
    errors: [401, 403, 404],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/bots/:id',
    tags,
    summary: 'Rename a bot, change its language or its default goal value',
    params: botIdParamsSchema,
    body: updateBotRequestSchema,
    response: botDetailSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  duplicate: defineRoute({
    method: 'POST',
    path: '/api/bots/:id/duplicate',
    tags,
    summary: 'Copy a bot (its draft flow) under a new name',
    params: botIdParamsSchema,
    status: 201,
    response: botDetailSchema,
    errors: [401, 403, 404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/bots/:id',
    tags,
    summary: 'Delete a bot (its conversations stay for reports)',
    params: botIdParamsSchema,
    status: 204,
    response: z.null().describe('Deleted'),
    errors: [401, 403, 404],
  }),
};
