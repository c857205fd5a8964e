import { nluApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { predictWithDraft } from './nlu.service';

/** The builder's intent tools (contracts: nluApi). */
export const nluRoutes: FastifyPluginAsync = async (app) => {
  // What the draft understands is the builder's to try, as the debugger is.
  routeFrom(
    app,
    nluApi.predict,
    { config: { permission: 'bots:manage', fullCompanyOnly: true } },
    async (request) => predictWithDraft(app.ctx, sessionOf(request), request.params.id, request.body.text),
  );
};
