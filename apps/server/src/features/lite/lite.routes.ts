import { liteApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { botLimitOf } from '../../plugins/bot-access';
import { routeFrom } from '../../plugins/contract-route';
import { readsOf } from '../../plugins/read-your-writes';
import { plain } from '../audit/audit-trail';
import { acceptFileBodies } from '../knowledge/upload-body';
import * as lite from './lite.service';
import { draftAnswers } from './lite-drafts';
import { attachCatalogue, readLiteCsv } from './lite-knowledge';

/** The lite home, the guided bot form and lite settings (contracts: liteApi). */
export const liteRoutes: FastifyPluginAsync = async (app) => {
  acceptFileBodies(app);
  routeFrom(app, liteApi.home, { config: { permission: 'bots:view' } }, async (request) =>
    lite.liteHome(readsOf(request), sessionOf(request).companyId, Date.now(), botLimitOf(request)),
  );
  routeFrom(
    app,
    liteApi.create,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.created', target: { type: 'bot', fromAnswer: true } },
      },
    },
    async (request) => lite.createLiteBot(app.ctx, sessionOf(request), request.body),
  );
  routeFrom(app, liteApi.get, { config: { permission: 'bots:view' } }, async (request) =>
    lite.getLiteBot(app.ctx, sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    liteApi.save,
    {
      config: {
        permission: 'bots:manage',
        audit: { action: 'bot.saved', target: { type: 'bot', param: 'id' } },
      },
    },
    async (request) => lite.saveLiteBot(app.ctx, sessionOf(request), request.params.id, request.body),
  );
  // Reading a file stores nothing: whoever may build a bot may read one for the form.
  routeFrom(app, liteApi.readCsv, { config: { permission: 'bots:manage' } }, async (request) =>
    readLiteCsv(request, request.query),
  );
  routeFrom(
    app,
    liteApi.attachCatalogue,
    {
      config: {
        permission: 'bots:manage',
        audit: {
          action: 'knowledge.dataset-uploaded',
          target: { type: 'dataset', fromAnswer: true },
          details: ({ params, query }) => ({ bot_id: plain(params.id), file: plain(query.fileName) }),
        },
      },
    },
    async (request) =>
      attachCatalogue(app.ctx, sessionOf(request), request, {
        botId: request.params.id,
        fileName: request.query.fileName,
      }),
  );
  routeFrom(
    app,
    liteApi.draftAnswers,
    { config: { permission: 'bots:manage', rateLimit: { bucket: 'prompt-test' } } },
    async (request) => draftAnswers(app.ctx, sessionOf(request), request.body),
  );
};
