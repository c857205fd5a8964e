import { z } from 'zod';
import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import {
  connectSunshineRequestSchema,
  sunshineStatusSchema,
  sunshineWebhookResponseSchema,
} from './sunshine';

const tags = ['messaging suite'];

/** A deployment's messaging-suite channel (Sunshine Conversations), and the suite's webhook. */
export const sunshineApi = {
  status: defineRoute({
    method: 'GET',
    path: '/api/deployments/:id/sunshine',
    tags,
    summary: 'The deployment’s messaging-suite connection: ids, last event, last error',
    params: botIdParamsSchema,
    response: sunshineStatusSchema,
    errors: [401, 403, 404],
  }),
  connect: defineRoute({
    method: 'PUT',
    path: '/api/deployments/:id/sunshine',
    tags,
    summary:
      'Connect to a messaging-suite app: creates Parley’s webhook integration and switchboard integration there',
    params: botIdParamsSchema,
    body: connectSunshineRequestSchema,
    response: sunshineStatusSchema,
    errors: [400, 401, 403, 404, 409, 502],
  }),
  disconnect: defineRoute({
    method: 'DELETE',
    path: '/api/deployments/:id/sunshine',
    tags,
    summary: 'Disconnect: removes Parley’s integrations from the suite app and forgets the keys',
    params: botIdParamsSchema,
    status: 204,
    response: z.null().describe('Disconnected'),
    errors: [401, 403, 404],
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/api/channels/sunshine/deployments/:id/events',
    tags,
    summary:
      'The suite’s webhook: batched events, authenticated by the integration’s shared secret in X-API-Key',
    params: botIdParamsSchema,
    body: z.unknown(),
    response: sunshineWebhookResponseSchema,
    errors: [400, 401, 404, 413],
  }),
};
