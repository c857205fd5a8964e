import { webhooksApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { companyScope, sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as deliveries from './deliveries.service';
import * as webhooks from './webhooks.service';

/** The webhook marketplace: templates, and the company's instances (contracts: webhooksApi). */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.ctx.database.db;
  const config = { permission: 'bots:manage' } as const;

  routeFrom(app, webhooksApi.listTemplates, { config }, async (request) =>
    webhooks.listTemplates(db(), sessionOf(request), request.query),
  );
  routeFrom(app, webhooksApi.getTemplate, { config }, async (request) =>
    webhooks.getTemplate(db(), sessionOf(request), request.params.id),
  );
  routeFrom(app, webhooksApi.createTemplate, { config }, async (request) =>
    webhooks.createTemplate(db(), sessionOf(request), request.body),
  );
  routeFrom(app, webhooksApi.updateTemplate, { config }, async (request) =>
    webhooks.updateTemplate(db(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, webhooksApi.listInstances, { config }, async (request) =>
    webhooks.listInstances(app.ctx, companyScope(request), request.query),
  );
  routeFrom(app, webhooksApi.getInstance, { config }, async (request) =>
    webhooks.getInstance(app.ctx, companyScope(request), request.params.id),
  );
  routeFrom(app, webhooksApi.createInstance, { config }, async (request) =>
    webhooks.createInstance(app.ctx, sessionOf(request), request.body),
  );
  routeFrom(app, webhooksApi.updateInstance, { config }, async (request) =>
    webhooks.updateInstance(app.ctx, companyScope(request), request.params.id, request.body),
  );
  routeFrom(app, webhooksApi.deleteInstance, { config }, async (request) =>
    webhooks.deleteInstance(db(), companyScope(request), request.params.id),
  );
  routeFrom(app, webhooksApi.testInstance, { config }, async (request) =>
    webhooks.testInstance(app.ctx, companyScope(request), request.params.id, request.body),
  );
  routeFrom(app, webhooksApi.listDeliveries, { config }, async (request) =>
    deliveries.listDeliveries(db(), companyScope(request), request.query),
  );
  routeFrom(app, webhooksApi.getDelivery, { config }, async (request) =>
    deliveries.getDelivery(db(), companyScope(request), request.params.id),
  );
  routeFrom(app, webhooksApi.replayDelivery, { config }, async (request) =>
    deliveries.replayDelivery(app.ctx, companyScope(request), request.params.id),
  );
};
