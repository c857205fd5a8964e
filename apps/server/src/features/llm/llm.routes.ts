import { aiApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { complete } from './completions.service';

/**
 * The language-model completion endpoint (contracts: aiApi.completion). It spends the company's
 * model budget, a tool of the people who build bots: viewers, analysts and agents may not call it.
 */
export const llmRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, aiApi.completion, { config: { permission: 'bots:manage' } }, async (request) =>
    complete(app.ctx, sessionOf(request), request.body),
  );
};
