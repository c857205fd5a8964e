import { helpdeskApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import * as helpdesk from './helpdesk.service';
import { acceptZendeskWebhook } from './helpdesk-sync';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** The company's helpdesk (contracts: helpdeskApi), and Zendesk's webhook. */
export const helpdeskRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.ctx;
  const manageCompany = { permission: 'company:manage' } as const;
  const own = { type: 'company', own: true } as const;

  routeFrom(app, helpdeskApi.connection, { config: { permission: 'bots:view' } }, async (request) =>
    helpdesk.helpdeskConnection(ctx(), sessionOf(request)),
  );
  routeFrom(
    app,
    helpdeskApi.connect,
    { config: { ...manageCompany, audit: { action: 'company.helpdesk-connected', target: own } } },
    async (request) => helpdesk.connectHelpdesk(ctx(), sessionOf(request), request.body),
  );
  routeFrom(
    app,
    helpdeskApi.signingSecret,
    { config: { ...manageCompany, audit: { action: 'company.helpdesk-secret-changed', target: own } } },
    async (request) => helpdesk.setHelpdeskSigningSecret(ctx(), sessionOf(request), request.body),
  );
  routeFrom(
    app,
    helpdeskApi.disconnect,
    { config: { ...manageCompany, audit: { action: 'company.helpdesk-disconnected', target: own } } },
    async (request) => helpdesk.disconnectHelpdesk(ctx(), sessionOf(request)),
  );

  // The signature covers the body's exact bytes: this scope keeps it as it came.
  await app.register(async (signed) => {
    signed.removeContentTypeParser('application/json');
    signed.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    routeFrom(signed, helpdeskApi.webhook, { config: { auth: 'public' } }, async (request) =>
      acceptZendeskWebhook(
        app.ctx,
        request.params.id,
        {
          signature: header(request.headers['x-zendesk-webhook-signature']),
          timestamp: header(request.headers['x-zendesk-webhook-signature-timestamp']),
        },
        request.body,
      ),
    );
  });
};
