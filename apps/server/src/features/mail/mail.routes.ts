import { mailApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { readDevMailbox } from './dev-mailbox.service';

/** The development mailbox (contracts: mailApi); the service lets Parley staff only in. */
export const mailRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(app, mailApi.devMailbox, { config: { permission: 'signed-in' } }, async (request) =>
    readDevMailbox(app.ctx, sessionOf(request)),
  );
};
