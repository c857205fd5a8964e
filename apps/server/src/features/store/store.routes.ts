import { storeApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as store from './store.service';

/** The company's connected store (contracts: storeApi). */
export const storeRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.ctx;
  const manageCompany = { permission: 'company:manage' } as const;
  const own = { type: 'company', own: true } as const;

  routeFrom(app, storeApi.connection, { config: { permission: 'bots:view' } }, async (request) =>
    store.storeConnection(ctx(), sessionOf(request)),
  );
  routeFrom(
    app,
    storeApi.connect,
    { config: { ...manageCompany, audit: { action: 'company.store-connected', target: own } } },
    async (request) => store.connectStore(ctx(), sessionOf(request), request.body),
  );
  routeFrom(
    app,
    storeApi.check,
    { config: { ...manageCompany, audit: { action: 'company.store-checked', target: own } } },
    async (request) => store.checkStore(ctx(), sessionOf(request)),
  );
  routeFrom(
    app,
    storeApi.disconnect,
    { config: { ...manageCompany, audit: { action: 'company.store-disconnected', target: own } } },
    async (request) => store.disconnectStore(ctx(), sessionOf(request)),
  );
};
