import { botsApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { companyScope, sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as bots from './bots.service';

/** The bots of a company (contracts: botsApi). */
export const botsRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(
    app,
    botsApi.list,
    { config: { permission: 'signed-in', staffAcrossCompanies: true } },
    async (request) =>
      bots.listCompanyBots(app.ctx, companyScope(request, request.query.companyId), request.query),
  );
  routeFrom(app, botsApi.create, { config: { permission: 'bots:manage' } }, async (request) =>
    bots.createBot(app.ctx, sessionOf(request), request.body),
  );
  routeFrom(app, botsApi.get, { config: { permission: 'bots:view' } }, async (request) =>
    bots.getBot(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(app, botsApi.update, { config: { permission: 'bots:manage' } }, async (request) =>
    bots.renameOrRelanguageBot(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, botsApi.duplicate, { config: { permission: 'bots:manage' } }, async (request) =>
    bots.duplicateBot(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(app, botsApi.remove, { config: { permission: 'bots:manage' } }, async (request) => {
    await bots.deleteBot(app.ctx, sessionOf(request), request.params.id);
    return null;
  });
};
