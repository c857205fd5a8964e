import { translationApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as settings from './translation-settings.service';

/** The company's translation provider (contracts: translationApi). */
export const translationRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.ctx;

  routeFrom(app, translationApi.provider, { config: { permission: 'bots:view' } }, async (request) =>
    settings.companyProvider(ctx(), sessionOf(request)),
  );
  routeFrom(app, translationApi.saveKey, { config: { permission: 'company:manage' } }, async (request) =>
    settings.saveProviderKey(ctx(), sessionOf(request), request.body),
  );
  routeFrom(app, translationApi.removeKey, { config: { permission: 'company:manage' } }, async (request) =>
    settings.removeProviderKey(ctx(), sessionOf(request)),
  );
};
