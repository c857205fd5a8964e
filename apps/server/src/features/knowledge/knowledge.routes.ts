import { knowledgeApi } from '@parley/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import {
  datasetPreview,
  deleteDataset,
  knowledgeOverview,
  updateDataset,
  uploadDatasetFile,
} from './knowledge.service';
import { searchKnowledge } from './knowledge-search';
import { acceptFileBodies } from './upload-body';

/** A bot's knowledge: CSV datasets and search over them (contracts: knowledgeApi). */
export const knowledgeRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.ctx;
  acceptFileBodies(app);

  routeFrom(app, knowledgeApi.overview, { config: { permission: 'bots:view' } }, async (request) =>
    knowledgeOverview(ctx(), sessionOf(request), request.params.id),
  );
  routeFrom(app, knowledgeApi.uploadDataset, { config: { permission: 'bots:manage' } }, async (request) =>
    uploadDatasetFile(ctx(), sessionOf(request), request, {
      botId: request.params.id,
      fileName: request.query.fileName,
    }),
  );
  routeFrom(app, knowledgeApi.replaceDataset, { config: { permission: 'bots:manage' } }, async (request) =>
    uploadDatasetFile(ctx(), sessionOf(request), request, {
      botId: request.params.id,
      sourceId: request.params.sourceId,
      fileName: request.query.fileName,
    }),
  );
  routeFrom(app, knowledgeApi.dataset, { config: { permission: 'bots:view' } }, async (request) =>
    datasetPreview(ctx(), sessionOf(request), request.params.id, request.params.sourceId),
  );
  routeFrom(app, knowledgeApi.updateDataset, { config: { permission: 'bots:manage' } }, async (request) =>
    updateDataset(ctx(), sessionOf(request), request.params.id, request.params.sourceId, request.body),
  );
  routeFrom(app, knowledgeApi.deleteDataset, { config: { permission: 'bots:manage' } }, async (request) => {
    await deleteDataset(ctx(), sessionOf(request), request.params.id, request.params.sourceId);
    return null;
  });
  routeFrom(app, knowledgeApi.search, { config: { permission: 'bots:manage' } }, async (request) =>
    searchKnowledge(ctx().database.db, sessionOf(request).companyId, request.params.id, request.body),
  );
};
