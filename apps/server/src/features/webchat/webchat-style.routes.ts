import { webchatStyleApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { openingOf } from './webchat-opening.service';
import { saveStyle, styleOf } from './webchat-style.service';

/** A bot's web chat style (contracts: webchatStyleApi). */
export const webchatStyleRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, webchatStyleApi.get, { config: { permission: 'bots:view' } }, async (request) =>
    styleOf(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    webchatStyleApi.save,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.styled', target: { type: 'bot', param: 'id' } },
      },
    },
    async (request) => saveStyle(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, webchatStyleApi.opening, { config: { permission: 'bots:view' } }, async (request) =>
    openingOf(app.ctx, sessionOf(request), request.params.id),
  );
};
