import { generativeApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { generativeTab, saveGenerative, testGenerative } from './generative.service';

/** The generative response tab and its test panel (contracts: generativeApi). */
export const generativeRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, generativeApi.settings, { config: { permission: 'signed-in' } }, async (request) =>
    generativeTab(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    generativeApi.save,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.generative-changed', target: { type: 'bot', param: 'id' } },
      },
    },
    async (request) => saveGenerative(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  routeFrom(
    app,
    generativeApi.test,
    { config: { rateLimit: { bucket: 'prompt-test' }, permission: 'bots:manage' } },
    async (request) => testGenerative(app.ctx, sessionOf(request), request.params.id, request.body),
  );
};
