import { sunshineApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { channelRouteConfig } from '../deployment-channel';
import { connectSunshine, disconnectSunshine, sunshineStatus } from './sunshine-connect.service';
import { acceptSunshineWebhook } from './sunshine-inbound';

/** A deployment's messaging-suite channel, and the suite's webhook (contracts: sunshineApi). */
export const sunshineRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, sunshineApi.status, { config: channelRouteConfig.status }, async (request) =>
    sunshineStatus(app.ctx, sessionOf(request).companyId, request.params.id),
  );

  routeFrom(app, sunshineApi.connect, { config: channelRouteConfig.connect }, async (request) =>
    connectSunshine(app.ctx, sessionOf(request).companyId, request.params.id, request.body),
  );

  routeFrom(app, sunshineApi.disconnect, { config: channelRouteConfig.disconnect }, async (request) => {
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
  });

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
