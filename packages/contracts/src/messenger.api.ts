import { z } from 'zod';
import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import {
  connectMessengerRequestSchema,
  messengerHandshakeQuerySchema,
  messengerStatusSchema,
  messengerWebhookResponseSchema,
} from './messenger';

const tags = ['messenger'];

/** A deployment's Messenger channel (a Facebook Page through Graph), and Meta's webhook. */
export const messengerApi = {
  status: defineRoute({
    method: 'GET',
    path: '/api/deployments/:id/messenger',
    tags,
    summary: 'The deployment’s Messenger connection: the Page, the webhook to set up, last event, last error',
    params: botIdParamsSchema,
    response: messengerStatusSchema,
    errors: [401, 403, 404],
  }),
  connect: defineRoute({
    method: 'PUT',
    path: '/api/deployments/:id/messenger',
    tags,
    summary: 'Connect a Facebook Page (its token is checked with Graph), or replace its token and secret',
    params: botIdParamsSchema,
    body: connectMessengerRequestSchema,
    response: messengerStatusSchema,
    errors: [400, 401, 403, 404, 409, 502],
  }),
  disconnect: defineRoute({
    method: 'DELETE',
    path: '/api/deployments/:id/messenger',
    tags,
    summary: 'Disconnect the Page: forgets its token and secret',
    params: botIdParamsSchema,
    status: 204,
    response: z.null().describe('Disconnected'),
    errors: [401, 403, 404],
  }),
  handshake: defineRoute({
    method: 'GET',
    path: '/api/channels/messenger/deployments/:id/webhook',
    tags,
    summary: 'Meta’s webhook verification: answers `hub.challenge` as text when the verify token matches',
    params: botIdParamsSchema,
    query: messengerHandshakeQuerySchema,
    response: z.string().describe('The challenge, as plain text'),
    errors: [403, 404],
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/api/channels/messenger/deployments/:id/webhook',
    tags,
    summary:
      'Meta’s webhook: batched Page messaging events, signed with the app secret (X-Hub-Signature-256)',
    params: botIdParamsSchema,
    body: z.string().describe('The raw JSON body, as signed'),
    response: messengerWebhookResponseSchema,
    errors: [400, 401, 404, 413],
  }),
};
