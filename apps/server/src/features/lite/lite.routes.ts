import { liteApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { botLimitOf } from '../../plugins/bot-access';
import { routeFrom } from '../../plugins/contract-route';
import { readsOf } from '../../plugins/read-your-writes';
import * as lite from './lite.service';

/** The lite home, the guided bot form and lite settings (contracts: liteApi). */
export const liteRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, liteApi.home, { config: { permission: 'bots:view' } }, async (request) =>
    lite.liteHome(readsOf(request), sessionOf(request).companyId, Date.now(), botLimitOf(request)),
  );
  routeFrom(
    app,
    liteApi.create,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.created', target: { type: 'bot', fromAnswer: true } },
      },
    },
    async (request) => lite.createLiteBot(app.ctx, sessionOf(request), request.body),
  );
  routeFrom(app, liteApi.get, { config: { permission: 'bots:view' } }, async (request) =>
    lite.getLiteBot(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    liteApi.save,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.saved', target: { type: 'bot', param: 'id' } },
      },
    },
    async (request) => lite.saveLiteBot(app.ctx, sessionOf(request), request.params.id, request.body),
  );
};
