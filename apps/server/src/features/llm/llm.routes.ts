import { aiApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { complete } from './completions.service';

/** The language-model completion endpoint (contracts: aiApi.completion). */
export const llmRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, aiApi.completion, { config: { permission: 'signed-in' } }, async (request) =>
    complete(app.ctx, sessionOf(request), request.body),
  );
};
