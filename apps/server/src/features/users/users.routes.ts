import { usersApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { currentUser, updateProfile } from './users.service';

/** The signed-in user's own account (contracts: usersApi). */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, usersApi.me, { config: { permission: 'signed-in' } }, async (request) => {
    const { companyId, userId } = sessionOf(request);
    return currentUser(app.ctx, companyId, userId);
  });

  routeFrom(app, usersApi.updateProfile, { config: { permission: 'signed-in' } }, async (request) => {
    const { companyId, userId } = sessionOf(request);
    return updateProfile(app.ctx, companyId, userId, request.body);
  });
};
