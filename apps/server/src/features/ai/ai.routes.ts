import { aiApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { testPrompt } from './ai.service';

/** The builder's AI Manager (contracts: aiApi). */
export const aiRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(
    app,
    aiApi.testPrompt,
    { config: { rateLimit: { bucket: 'prompt-test' }, permission: 'bots:manage', fullCompanyOnly: true } },
    async (request) => testPrompt(app.ctx, sessionOf(request), request.params.id, request.body),
  );
};
