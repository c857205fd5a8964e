import { type AuditAction, type AuditDetails, botsApi } from '@parley/contracts';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import { companyScope, sessionOf } from '../../plugins/authenticate';
import { botLimitOf } from '../../plugins/bot-access';
import { routeFrom } from '../../plugins/contract-route';
import { plain } from '../audit/audit-trail';
import * as bots from './bots.service';

const botChange = (action: AuditAction): FastifyContextConfig => ({
  permission: 'bots:manage',
  audit: { action, target: { type: 'bot', param: 'id' } },
});
const createdBot = (action: AuditAction): FastifyContextConfig => ({
  permission: 'bots:manage',
  // A duplicate names the bot it copies.
  audit: {
    action,
    target: { type: 'bot', fromAnswer: true },
    details: ({ params }): AuditDetails => (params.id ? { copy_of: plain(params.id) } : {}),
  },
});

/** The bots of a company (contracts: botsApi). */
export const botsRoutes: FastifyPluginAsync = async (app) => {
  routeFrom(
    app,
    botsApi.list,
    { config: { permission: 'signed-in', staffAcrossCompanies: true } },
    async (request) =>
      bots.listCompanyBots(
        app.ctx,
        companyScope(request, request.query.companyId),
        request.query,
        botLimitOf(request),
      ),
  );
  // Lite companies create bots with the guided form (the lite routes), which builds a lite shape.
  routeFrom(
    app,
    botsApi.create,
    { config: { ...createdBot('bot.created'), fullCompanyOnly: true } },
    async (request) => bots.createBot(app.ctx, sessionOf(request), request.body),
  );
  routeFrom(app, botsApi.get, { config: { permission: 'bots:view' } }, async (request) =>
    bots.getBot(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(app, botsApi.update, { config: botChange('bot.renamed') }, async (request) =>
    bots.renameOrRelanguageBot(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, botsApi.duplicate, { config: createdBot('bot.duplicated') }, async (request) =>
    bots.duplicateBot(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(app, botsApi.remove, { config: botChange('bot.deleted') }, async (request) => {
    await bots.deleteBot(app.ctx, sessionOf(request), request.params.id);
    return null;
  });
};
