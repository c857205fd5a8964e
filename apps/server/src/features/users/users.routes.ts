import { currentUserSchema, updateProfileRequestSchema } from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import { currentUser, updateProfile } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/frontend/user/me',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with their company and its sections',
        response: { 200: currentUserSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { companyId, userId } = sessionOf(request);
      return currentUser(app.ctx.database.db, companyId, userId);
    },
  );

  app.patch(
    '/api/frontend/user/me',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'Change the signed-in user’s own names',
        body: updateProfileRequestSchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => {
      const { companyId, userId } = sessionOf(request);
      return updateProfile(app.ctx.database.db, companyId, userId, request.body);
    },
  );
};
