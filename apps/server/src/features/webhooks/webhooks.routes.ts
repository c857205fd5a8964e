import { type AuditAction, type AuditTargetType, webhooksApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { companyScope, sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as deliveries from './deliveries.service';
import * as webhooks from './webhooks.service';

/** The webhook marketplace: templates, and the company's instances (contracts: webhooksApi). */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.ctx.database.db;
  // The webhook marketplace is for full companies only (Lite companies get 403).
  const config = { permission: 'bots:manage', fullCompanyOnly: true } as const;
  /** A change logged in the audit log: to the thing named by a path parameter, or the one it creates. */
  const logged = (action: AuditAction, type: AuditTargetType, param?: string) =>
    ({
      ...config,
      audit: { action, target: param ? { type, param } : { type, fromAnswer: true as const } },
    }) as const;

  routeFrom(app, webhooksApi.listTemplates, { config }, async (request) =>
    webhooks.listTemplates(db(), sessionOf(request), request.query),
  );
  routeFrom(app, webhooksApi.getTemplate, { config }, async (request) =>
    webhooks.getTemplate(db(), sessionOf(request), request.params.id, request.query.language),
  );
  routeFrom(
    app,
    webhooksApi.createTemplate,
    { config: logged('webhook.template-created', 'webhook-template') },
    async (request) => webhooks.createTemplate(db(), sessionOf(request), request.body),
  );
  routeFrom(
    app,
    webhooksApi.updateTemplate,
    { config: logged('webhook.template-changed', 'webhook-template', 'id') },
    async (request) => webhooks.updateTemplate(db(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, webhooksApi.listInstances, { config }, async (request) =>
    webhooks.listInstances(app.ctx, companyScope(request), request.query),
  );
  routeFrom(app, webhooksApi.getInstance, { config }, async (request) =>
    webhooks.getInstance(app.ctx, companyScope(request), request.params.id),
  );
  routeFrom(
    app,
    webhooksApi.createInstance,
    { config: logged('webhook.installed', 'webhook') },
    async (request) => webhooks.createInstance(app.ctx, sessionOf(request), request.body),
  );
  routeFrom(
    app,
    webhooksApi.updateInstance,
    { config: logged('webhook.changed', 'webhook', 'id') },
    async (request) =>
      webhooks.updateInstance(app.ctx, companyScope(request), request.params.id, request.body),
  );
  routeFrom(
    app,
    webhooksApi.deleteInstance,
    { config: logged('webhook.removed', 'webhook', 'id') },
    async (request) => webhooks.deleteInstance(db(), companyScope(request), request.params.id),
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
  routeFrom(
    app,
    webhooksApi.replayDelivery,
    { config: logged('webhook.delivery-replayed', 'webhook-delivery', 'id') },
    async (request) => deliveries.replayDelivery(app.ctx, companyScope(request), request.params.id),
  );
};
