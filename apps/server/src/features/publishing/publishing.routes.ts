import { type AuditAction, publishingApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { plain } from '../audit/audit-trail';
import { assertTrialActive } from '../companies/trial';
import { prepareIntentModel } from '../nlu/nlu.service';
import * as publishing from './publishing.service';

const onBot = (action: AuditAction) => ({ action, target: { type: 'bot', param: 'id' } }) as const;

/** A bot's draft, versions and deployments (contracts: publishingApi). */
export const publishingRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(
    app,
    publishingApi.saveDraft,
    // Flows of large bots are big documents.
    { config: { permission: 'bots:manage', audit: onBot('bot.saved') }, bodyLimit: 8 * 1024 * 1024 },
    async (request) => {
      const saved = await publishing.saveDraft(
        app.ctx,
        sessionOf(request),
        request.params.id,
        request.body.flow,
        request.body.baseRevision,
      );
      prepareIntentModel(app.ctx, request.params.id, request.body.flow, request.log);
      return saved;
    },
  );

  routeFrom(
    app,
    publishingApi.publish,
    {
      config: {
        permission: 'bots:publish',
        audit: {
          ...onBot('bot.published'),
          details: ({ answer }) => ({
            version: plain((answer.version as { version?: unknown } | undefined)?.version),
          }),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      assertTrialActive(session.user.company_expiration_date);
      return publishing.publish(app.ctx, session, request.params.id);
    },
  );

  routeFrom(app, publishingApi.versions, { config: { permission: 'bots:view' } }, async (request) =>
    publishing.versionsOf(app.ctx, sessionOf(request), request.params.id),
  );

  routeFrom(
    app,
    publishingApi.restoreVersion,
    {
      config: {
        permission: 'bots:manage',
        audit: { ...onBot('bot.restored'), details: ({ params }) => ({ version: Number(params.version) }) },
      },
    },
    async (request) =>
      publishing.restoreVersion(app.ctx, sessionOf(request), request.params.id, request.params.version),
  );

  routeFrom(app, publishingApi.deployments, { config: { permission: 'bots:view' } }, async (request) =>
    publishing.deploymentsOf(app.ctx, sessionOf(request), request.params.id),
  );

  routeFrom(
    app,
    publishingApi.createDeployment,
    {
      config: {
        permission: 'bots:publish',
        audit: {
          action: 'deployment.created',
          target: { type: 'deployment', fromAnswer: true },
          details: ({ answer }) => ({ version: plain(answer.version), bot_id: plain(answer.bot_id) }),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      assertTrialActive(session.user.company_expiration_date);
      return publishing.createWebchatDeployment(app.ctx, session, request.params.id, request.body.version);
    },
  );

  routeFrom(app, publishingApi.testDeployment, { config: { permission: 'bots:manage' } }, async (request) =>
    publishing.testDeployment(app.ctx, sessionOf(request), request.params.id),
  );

  routeFrom(app, publishingApi.deployment, { config: { permission: 'bots:view' } }, async (request) =>
    publishing.deploymentOf(app.ctx, sessionOf(request), request.params.id),
  );

  routeFrom(
    app,
    publishingApi.updateDeployment,
    {
      config: {
        permission: 'bots:publish',
        audit: {
          action: 'deployment.changed',
          target: { type: 'deployment', param: 'id' },
          details: ({ body }) => ({ version: plain(body.version) }),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      // Pinning another version publishes it on the site.
      if (request.body.version !== undefined) assertTrialActive(session.user.company_expiration_date);
      return publishing.changeDeployment(app.ctx, session, request.params.id, request.body);
    },
  );

  routeFrom(
    app,
    publishingApi.removeDeployment,
    {
      config: {
        permission: 'bots:publish',
        audit: { action: 'deployment.removed', target: { type: 'deployment', param: 'id' } },
      },
    },
    async (request) => {
      await publishing.removeDeployment(app.ctx, sessionOf(request), request.params.id);
      return null;
    },
  );

  routeFrom(
    app,
    publishingApi.removeDeploymentNotice,
    { config: { permission: 'bots:publish' } },
    async (request) => {
      request.log.info(
        { companyId: sessionOf(request).companyId, payload: request.body },
        'remove-deployment received',
      );
      return { status: 'logged' as const };
    },
  );
};
