import { type AuditAction, sunshineApi } from '@parley/contracts';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { connectSunshine, disconnectSunshine, sunshineStatus } from './sunshine-connect.service';
import { acceptSunshineWebhook } from './sunshine-inbound';

/** Connecting or disconnecting the suite changes where a bot runs: it is in the audit log. */
const channelChange = (action: AuditAction): FastifyContextConfig => ({
  permission: 'bots:publish',
  audit: { action, target: { type: 'deployment', param: 'id' } },
});

/** A deployment's messaging-suite channel, and the suite's webhook (contracts: sunshineApi). */
export const sunshineRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, sunshineApi.status, { config: { permission: 'bots:view' } }, async (request) =>
    sunshineStatus(app.ctx, sessionOf(request).companyId, request.params.id),
  );

  routeFrom(
    app,
    sunshineApi.connect,
    { config: channelChange('deployment.channel-connected') },
    async (request) =>
      connectSunshine(app.ctx, sessionOf(request).companyId, request.params.id, request.body),
  );

  routeFrom(
    app,
    sunshineApi.disconnect,
    { config: channelChange('deployment.channel-disconnected') },
    async (request) => {
      const { remoteFailures } = await disconnectSunshine(
        app.ctx,
        sessionOf(request).companyId,
        request.params.id,
      );
      if (remoteFailures.length > 0)
        request.log.warn(
          { failures: remoteFailures },
          'the messaging suite kept some of Parley’s integrations',
        );
      return null;
    },
  );

  // The suite proves it is the caller with the integration's shared secret: no user session.
  routeFrom(app, sunshineApi.webhook, { config: { auth: 'public' } }, async (request) => {
    const apiKey = request.headers['x-api-key'];
    return acceptSunshineWebhook(
      app.ctx,
      request.params.id,
      typeof apiKey === 'string' ? apiKey : undefined,
      request.body,
    );
  });
};
