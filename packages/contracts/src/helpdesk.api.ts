import { z } from 'zod';
import { botIdParamsSchema } from './bots';
import { defineRoute } from './define-route';
import {
  connectHelpdeskRequestSchema,
  helpdeskConnectionSchema,
  helpdeskSigningSecretRequestSchema,
  helpdeskWebhookResponseSchema,
} from './helpdesk';

const tags = ['helpdesk'];

/** The company's helpdesk (Zendesk Support) that handoffs open tickets in, and its webhook. */
export const helpdeskApi = {
  connection: defineRoute({
    method: 'GET',
    path: '/api/helpdesk/zendesk',
    tags,
    summary: 'The caller’s company’s Zendesk connection: subdomain, agent and hints, never the token',
    response: helpdeskConnectionSchema,
    errors: [401, 403],
  }),
  connect: defineRoute({
    method: 'PUT',
    path: '/api/helpdesk/zendesk',
    tags,
    summary:
      'Check a Zendesk email and API token with a call to the account and, if it answers, keep them sealed',
    description:
      'GET /api/v2/users/me.json proves the token (an agent’s). A refused token answers HelpdeskTokenRejectedException, an account that cannot be reached UpstreamException; nothing is saved then. A webhook signing secret set before is kept.',
    body: connectHelpdeskRequestSchema,
    response: helpdeskConnectionSchema,
    errors: [400, 401, 403, 413, 502],
  }),
  signingSecret: defineRoute({
    method: 'PUT',
    path: '/api/helpdesk/zendesk/signing-secret',
    tags,
    summary: 'Keep the Zendesk webhook’s signing secret (sealed): agents’ comments then come back',
    body: helpdeskSigningSecretRequestSchema,
    response: helpdeskConnectionSchema,
    errors: [400, 401, 403, 404, 413],
  }),
  disconnect: defineRoute({
    method: 'DELETE',
    path: '/api/helpdesk/zendesk',
    tags,
    summary: 'Forget the company’s Zendesk account, its token and secret; handoffs open no tickets',
    response: helpdeskConnectionSchema,
    errors: [401, 403],
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/api/channels/zendesk/companies/:id/webhook',
    tags,
    summary:
      'Zendesk’s webhook (a trigger on ticket updates): signed with the webhook’s secret (X-Zendesk-Webhook-Signature)',
    description:
      'The body names the ticket: `{ "ticket_id": "{{ticket.id}}" }` from a trigger, or an event webhook’s `detail.id`. Parley then reads the ticket and its comments from Zendesk, so the body carries nothing else it trusts.',
    params: botIdParamsSchema,
    body: z.string().describe('The raw JSON body, as signed'),
    response: helpdeskWebhookResponseSchema,
    errors: [400, 401, 404, 413],
  }),
};
