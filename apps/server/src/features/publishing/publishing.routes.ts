import { publishingApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { assertTrialActive } from '../companies/trial';
import { prepareIntentModel } from '../nlu/nlu.service';
import * as publishing from './publishing.service';

/** A bot's draft, versions and deployments (contracts: publishingApi). */
export const publishingRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(
    app,
    publishingApi.saveDraft,
    // Flows of large bots are big documents.
    { config: { permission: 'bots:manage' }, bodyLimit: 8 * 1024 * 1024 },
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

  routeFrom(app, publishingApi.publish, { config: { permission: 'bots:publish' } }, async (request) => {
    const session = sessionOf(request);
    assertTrialActive(session.user.company_expiration_date);
    return publishing.publish(app.ctx, session, request.params.id);
  });

  routeFrom(app, publishingApi.versions, { config: { permission: 'bots:view' } }, async (request) =>
    publishing.versionsOf(app.ctx, sessionOf(request), request.params.id),
  );

  routeFrom(app, publishingApi.restoreVersion, { config: { permission: 'bots:manage' } }, async (request) =>
    publishing.restoreVersion(app.ctx, sessionOf(request), request.params.id, request.params.version),
  );

  routeFrom(app, publishingApi.deployments, { config: { permission: 'bots:view' } }, async (request) =>
    publishing.deploymentsOf(app.ctx, sessionOf(request), request.params.id),
  );

  routeFrom(
    app,
    publishingApi.createDeployment,
    { config: { permission: 'bots:publish' } },
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
    { config: { permission: 'bots:publish' } },
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
    { config: { permission: 'bots:publish' } },
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
