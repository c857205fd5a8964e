import { debuggerApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { debugMessage, moduleFailures, startDebugging } from './debugger.service';

/** The builder's debugger (contracts: debuggerApi): conversations with the draft that report every step. */
export const debuggerRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(
    app,
    debuggerApi.start,
    { config: { permission: 'bots:manage', fullCompanyOnly: true } },
    async (request) => startDebugging(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  routeFrom(
    app,
    debuggerApi.sendMessage,
    { config: { permission: 'bots:manage', fullCompanyOnly: true } },
    async (request) =>
      debugMessage(
        app.ctx,
        sessionOf(request),
        request.params.id,
        request.params.conversationId,
        request.body,
      ),
  );
  routeFrom(app, debuggerApi.moduleFailures, { config: { permission: 'bots:manage' } }, async (request) =>
    moduleFailures(app.ctx, sessionOf(request), request.params.id),
  );
};
