import { conversationsApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { requestDelayedMove } from './server-turns';

/** Conversation operations for the company's own staff and integrations (contracts: conversationsApi). */
export const conversationsRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, conversationsApi.delayedMove, { config: { permission: 'inbox:use' } }, async (request) => {
    const dueAt = await requestDelayedMove(
      app.ctx,
      sessionOf(request).companyId,
      request.params.id,
      request.body.moduleId,
      request.body.delaySeconds,
    );
    return { dueAt: dueAt.toISOString() };
  });
};
