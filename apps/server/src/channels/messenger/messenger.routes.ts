import { messengerApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { channelRouteConfig } from '../deployment-channel';
import {
  answerHandshake,
  connectMessenger,
  disconnectMessenger,
  messengerStatus,
} from './messenger-connect.service';
import { acceptMessengerWebhook } from './messenger-inbound';

/** A deployment's Messenger channel, and Meta's webhook (contracts: messengerApi). */
export const messengerRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, messengerApi.status, { config: channelRouteConfig.status }, async (request) =>
    messengerStatus(app.ctx, sessionOf(request).companyId, request.params.id),
  );

  routeFrom(app, messengerApi.connect, { config: channelRouteConfig.connect }, async (request) =>
    connectMessenger(app.ctx, sessionOf(request).companyId, request.params.id, request.body),
  );

  routeFrom(app, messengerApi.disconnect, { config: channelRouteConfig.disconnect }, async (request) => {
    await disconnectMessenger(app.ctx, sessionOf(request).companyId, request.params.id);
    return null;
  });

  // Meta proves it is the caller by the verify token the connection shows: no user session.
  routeFrom(app, messengerApi.handshake, { config: { auth: 'public' } }, async (request, reply) => {
    const challenge = await answerHandshake(app.ctx, request.params.id, request.query);
    // Meta compares the body with its challenge: plain text, not a JSON string.
    reply.type('text/plain; charset=utf-8').serializer((payload) => String(payload));
    return challenge;
  });

  // The signature covers the body's exact bytes: this scope keeps it as it came.
  await app.register(async (signed) => {
    signed.removeContentTypeParser('application/json');
    signed.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    routeFrom(signed, messengerApi.webhook, { config: { auth: 'public' } }, async (request) => {
      const signature = request.headers['x-hub-signature-256'];
      return acceptMessengerWebhook(
        app.ctx,
        request.params.id,
        typeof signature === 'string' ? signature : undefined,
        request.body,
      );
    });
  });
};
