import { frontendConfigSchema } from '@parley/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const frontendConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/frontend/config',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['frontend'],
        summary: 'Deployment settings the web app reads at start (links, agents API, telemetry)',
        security: [],
        response: { 200: frontendConfigSchema },
      },
    },
    async (_request, reply) => {
      const { config } = app.ctx;
      reply.header('cache-control', 'no-cache');
      return {
        statusPageUrl: config.statusPageUrl,
        supportUrl: config.supportUrl,
        agentsApiBaseUrl: config.agentsApiUrl,
        telemetry: { instrumentationKey: config.telemetryInstrumentationKey, endpointPath: '/telemetry' },
        llm: { configured: config.llm.apiKey !== undefined, defaultModel: config.llm.defaultModel },
        nlu: config.nlu.limits,
      };
    },
  );
};
