import {
  botDetailSchema,
  botIdParamsSchema,
  botVersionSchema,
  createDeploymentRequestSchema,
  deploymentSchema,
  publishResponseSchema,
  removeDeploymentRequestSchema,
  saveFlowRequestSchema,
  saveFlowResponseSchema,
  updateDeploymentRequestSchema,
} from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../plugins/authenticate';
import { errorResponses } from '../../plugins/openapi';
import { assertTrialActive } from '../companies/trial';
import { prepareIntentModel } from '../nlu/nlu.service';
import * as publishing from './publishing.service';

const tags = ['publishing'];

export const publishingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.put(
    '/api/bots/:id/flow',
    {
      config: { permission: 'bots:manage' },
      // Flows of large bots are big documents.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Save the draft flow; answers the validator’s findings (saving never waits for a clean flow)',
        params: botIdParamsSchema,
        body: saveFlowRequestSchema,
        response: { 200: saveFlowResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const saved = await publishing.saveDraft(
        db(),
        sessionOf(request),
        request.params.id,
        request.body.flow,
        app.ctx.config.nlu.limits,
        request.body.baseRevision,
      );
      prepareIntentModel(app.ctx, request.params.id, request.body.flow, request.log);
      return saved;
    },
  );

  app.post(
    '/api/bots/:id/publish',
    {
      config: { permission: 'bots:publish' },
      schema: {
        tags,
        summary:
          'Freeze the draft as the next version and serve it on web chat; refused while the flow has errors',
        params: botIdParamsSchema,
        response: { 201: publishResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      assertTrialActive(session.user.company_expiration_date);
      return reply
        .code(201)
        .send(await publishing.publish(db(), session, request.params.id, app.ctx.config.nlu.limits));
    },
  );

  app.get(
    '/api/bots/:id/versions',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'Published versions, newest first',
        params: botIdParamsSchema,
        response: { 200: z.array(botVersionSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => publishing.versionsOf(db(), sessionOf(request), request.params.id),
  );

  app.post(
    '/api/bots/:id/versions/:version/restore',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags,
        summary: 'Make a published version the draft again',
        params: z.strictObject({
          id: z.string().max(100),
          version: z.coerce.number().int().min(1).max(2_147_483_647),
        }),
        response: { 200: botDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      publishing.restoreVersion(db(), sessionOf(request), request.params.id, request.params.version),
  );

  app.get(
    '/api/bots/:id/deployments',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'Where the bot runs',
        params: botIdParamsSchema,
        response: { 200: z.array(deploymentSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => publishing.deploymentsOf(db(), sessionOf(request), request.params.id),
  );

  app.post(
    '/api/bots/:id/deployments',
    {
      config: { permission: 'bots:publish' },
      schema: {
        tags,
        summary: 'Put a published version on web chat (the latest by default)',
        params: botIdParamsSchema,
        body: createDeploymentRequestSchema,
        response: { 201: deploymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      assertTrialActive(session.user.company_expiration_date);
      const deployment = await publishing.createWebchatDeployment(
        db(),
        session,
        request.params.id,
        request.body.version,
      );
      return reply.code(201).send(deployment);
    },
  );

  app.get(
    '/api/bots/:id/test-deployment',
    {
      config: { permission: 'bots:manage' },
      schema: {
        tags,
        summary: 'The deployment the tester uses: it runs the draft',
        params: botIdParamsSchema,
        response: { 200: deploymentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => publishing.testDeployment(db(), sessionOf(request), request.params.id),
  );

  app.get(
    '/api/deployments/:id',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags,
        summary: 'One deployment of the company (its key, channel and version)',
        params: botIdParamsSchema,
        response: { 200: deploymentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => publishing.deploymentOf(db(), sessionOf(request), request.params.id),
  );

  app.patch(
    '/api/deployments/:id',
    {
      config: { permission: 'bots:publish' },
      schema: {
        tags,
        summary: 'Pin a version or set the messaging-suite fields',
        params: botIdParamsSchema,
        body: updateDeploymentRequestSchema,
        response: { 200: deploymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      // Pinning another version publishes it on the site.
      if (request.body.version !== undefined) assertTrialActive(session.user.company_expiration_date);
      return publishing.changeDeployment(db(), session, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/deployments/:id',
    {
      config: { permission: 'bots:publish' },
      schema: {
        tags,
        summary: 'Take a deployment down',
        params: botIdParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await publishing.removeDeployment(db(), sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/remove-deployment',
    {
      config: { permission: 'bots:publish' },
      schema: {
        tags,
        summary:
          'Messaging-suite notice that a deployment was removed: recorded in the server log only (spec §7)',
        body: removeDeploymentRequestSchema,
        response: { 202: z.object({ status: z.literal('logged') }), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      request.log.info(
        { companyId: sessionOf(request).companyId, payload: request.body },
        'remove-deployment received',
      );
      return reply.code(202).send({ status: 'logged' as const });
    },
  );
};
