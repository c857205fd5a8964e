import { type AuditAction, type AuditTargetType, broadcastsApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { companyScope, sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as audiences from '../audiences/audiences.service';
import * as broadcasts from './broadcasts.service';

/** Audiences and broadcasts (contracts: broadcastsApi). */
export const broadcastsRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.ctx.database.db;
  const config = { permission: 'bots:manage' } as const;
  const logged = (action: AuditAction, type: AuditTargetType, param?: string) =>
    ({
      ...config,
      audit: { action, target: param ? { type, param } : { type, fromAnswer: true as const } },
    }) as const;

  routeFrom(app, broadcastsApi.listAudiences, { config }, async (request) =>
    audiences.listAudiences(db(), companyScope(request)),
  );
  routeFrom(app, broadcastsApi.previewAudience, { config }, async (request) =>
    audiences.previewAudience(db(), companyScope(request), request.body.filter),
  );
  routeFrom(
    app,
    broadcastsApi.createAudience,
    { config: logged('broadcast.audience-created', 'audience') },
    async (request) =>
      audiences.createAudience(db(), companyScope(request), sessionOf(request).userId, request.body),
  );
  routeFrom(
    app,
    broadcastsApi.updateAudience,
    { config: logged('broadcast.audience-changed', 'audience', 'id') },
    async (request) => audiences.updateAudience(db(), companyScope(request), request.params.id, request.body),
  );
  routeFrom(
    app,
    broadcastsApi.duplicateAudience,
    { config: logged('broadcast.audience-duplicated', 'audience') },
    async (request) =>
      audiences.duplicateAudience(db(), companyScope(request), sessionOf(request).userId, request.params.id),
  );
  routeFrom(
    app,
    broadcastsApi.deleteAudience,
    { config: logged('broadcast.audience-deleted', 'audience', 'id') },
    async (request) => audiences.deleteAudience(db(), companyScope(request), request.params.id),
  );
  routeFrom(app, broadcastsApi.listBroadcasts, { config }, async (request) =>
    broadcasts.listBroadcasts(db(), companyScope(request)),
  );
  routeFrom(
    app,
    broadcastsApi.createBroadcast,
    { config: logged('broadcast.created', 'broadcast') },
    async (request) =>
      broadcasts.createBroadcast(app.ctx, companyScope(request), sessionOf(request).userId, request.body),
  );
  routeFrom(app, broadcastsApi.getBroadcast, { config }, async (request) =>
    broadcasts.getBroadcast(db(), companyScope(request), request.params.id),
  );
  routeFrom(
    app,
    broadcastsApi.pauseBroadcast,
    { config: logged('broadcast.paused', 'broadcast', 'id') },
    async (request) => broadcasts.actOnBroadcast(app.ctx, companyScope(request), request.params.id, 'pause'),
  );
  routeFrom(
    app,
    broadcastsApi.resumeBroadcast,
    { config: logged('broadcast.resumed', 'broadcast', 'id') },
    async (request) => broadcasts.actOnBroadcast(app.ctx, companyScope(request), request.params.id, 'resume'),
  );
  routeFrom(
    app,
    broadcastsApi.cancelBroadcast,
    { config: logged('broadcast.cancelled', 'broadcast', 'id') },
    async (request) => broadcasts.actOnBroadcast(app.ctx, companyScope(request), request.params.id, 'cancel'),
  );
  routeFrom(
    app,
    broadcastsApi.testBroadcast,
    { config: { ...config, audit: { action: 'broadcast.test-sent' } } },
    async (request) => broadcasts.testBroadcast(app.ctx, companyScope(request), request.body),
  );
  routeFrom(app, broadcastsApi.getSettings, { config }, async (request) =>
    broadcasts.getSettings(db(), companyScope(request)),
  );
  routeFrom(
    app,
    broadcastsApi.saveSettings,
    {
      config: {
        ...config,
        audit: { action: 'broadcast.settings-changed', target: { type: 'company', own: true } },
      },
    },
    async (request) => broadcasts.saveSettings(db(), companyScope(request), request.body),
  );
  // Public: the signed link is the proof of who calls (see unsubscribe-link.ts).
  routeFrom(app, broadcastsApi.unsubscribe, { config: { auth: 'public' } }, async (request) =>
    broadcasts.unsubscribe(app.ctx, request.body.token),
  );
};
