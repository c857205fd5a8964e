import { usersApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { routeFrom } from '../../plugins/contract-route';

/** The deployment settings the web app starts with (contracts: usersApi.frontendConfig). */
export const frontendConfigRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, usersApi.frontendConfig, { config: { auth: 'public' } }, async (_request, reply) => {
    const { config } = app.ctx;
    reply.header('cache-control', 'no-cache');
    return {
      statusPageUrl: config.statusPageUrl,
      supportUrl: config.supportUrl,
      agentsApiBaseUrl: config.agentsApiUrl,
      telemetry: { instrumentationKey: config.telemetryInstrumentationKey, endpointPath: '/telemetry' },
      llm: { configured: config.llm.apiKey !== undefined, defaultModel: config.llm.defaultModel },
      nlu: config.nlu.limits,
      mail: { configured: config.smtpUrl !== undefined },
    };
  });
};
