import { type AuditAction, knowledgeApi } from '@parley/contracts';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';
import { routeFrom } from '../../plugins/contract-route';
import { plain } from '../audit/audit-trail';
import {
  createQaDocument,
  datasetPreview,
  deleteDataset,
  deleteDocstore,
  deleteDocument,
  documentPreview,
  knowledgeOverview,
  publishDocstore,
  updateDataset,
  uploadDatasetFile,
  uploadDocumentFile,
} from './knowledge.service';
import { searchKnowledge } from './knowledge-search';
import { acceptFileBodies } from './upload-body';

/** A change to a dataset of a bot, logged with the bot it belongs to. */
const dataset = (action: AuditAction, created = false): FastifyContextConfig => ({
  permission: 'bots:manage',
  audit: {
    action,
    target: created ? { type: 'dataset', fromAnswer: true } : { type: 'dataset', param: 'sourceId' },
    details: ({ params, query }) => ({ bot_id: plain(params.id), file: plain(query.fileName) }),
  },
});

/** A bot's knowledge: CSV datasets, documents, search over them and the published store (contracts: knowledgeApi). */
export const knowledgeRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.ctx;
  acceptFileBodies(app);

  routeFrom(app, knowledgeApi.overview, { config: { permission: 'bots:view' } }, async (request) =>
    knowledgeOverview(ctx(), sessionOf(request), request.params.id),
  );
  routeFrom(
    app,
    knowledgeApi.uploadDataset,
    { config: dataset('knowledge.dataset-uploaded', true) },
    async (request) =>
      uploadDatasetFile(ctx(), sessionOf(request), request, {
        botId: request.params.id,
        fileName: request.query.fileName,
      }),
  );
  routeFrom(
    app,
    knowledgeApi.replaceDataset,
    { config: dataset('knowledge.dataset-replaced') },
    async (request) =>
      uploadDatasetFile(ctx(), sessionOf(request), request, {
        botId: request.params.id,
        sourceId: request.params.sourceId,
        fileName: request.query.fileName,
      }),
  );
  routeFrom(app, knowledgeApi.dataset, { config: { permission: 'bots:view' } }, async (request) =>
    datasetPreview(ctx(), sessionOf(request), request.params.id, request.params.sourceId),
  );
  routeFrom(
    app,
    knowledgeApi.updateDataset,
    { config: dataset('knowledge.dataset-changed') },
    async (request) =>
      updateDataset(ctx(), sessionOf(request), request.params.id, request.params.sourceId, request.body),
  );
  routeFrom(
    app,
    knowledgeApi.deleteDataset,
    { config: dataset('knowledge.dataset-deleted') },
    async (request) => {
      await deleteDataset(ctx(), sessionOf(request), request.params.id, request.params.sourceId);
      return null;
    },
  );
  routeFrom(app, knowledgeApi.search, { config: { permission: 'bots:manage' } }, async (request) =>
    searchKnowledge(ctx().database.db, sessionOf(request).companyId, request.params.id, request.body),
  );
  routeFrom(app, knowledgeApi.uploadDocument, { config: { permission: 'bots:manage' } }, async (request) =>
    uploadDocumentFile(ctx(), sessionOf(request), request, {
      botId: request.params.id,
      fileName: request.query.fileName,
    }),
  );
  routeFrom(app, knowledgeApi.createQaDocument, { config: { permission: 'bots:manage' } }, async (request) =>
    createQaDocument(ctx(), sessionOf(request), request.params.id, request.body),
  );
  routeFrom(app, knowledgeApi.replaceDocument, { config: { permission: 'bots:manage' } }, async (request) =>
    uploadDocumentFile(ctx(), sessionOf(request), request, {
      botId: request.params.id,
      sourceId: request.params.sourceId,
      fileName: request.query.fileName,
    }),
  );
  routeFrom(app, knowledgeApi.document, { config: { permission: 'bots:view' } }, async (request) =>
    documentPreview(ctx(), sessionOf(request), request.params.id, request.params.sourceId),
  );
  routeFrom(app, knowledgeApi.deleteDocument, { config: { permission: 'bots:manage' } }, async (request) => {
    await deleteDocument(ctx(), sessionOf(request), request.params.id, request.params.sourceId);
    return null;
  });
  routeFrom(app, knowledgeApi.publishDocstore, { config: { permission: 'bots:publish' } }, async (request) =>
    publishDocstore(ctx(), sessionOf(request), request.params.id),
  );
  routeFrom(app, knowledgeApi.deleteDocstore, { config: { permission: 'bots:publish' } }, async (request) =>
    deleteDocstore(ctx(), sessionOf(request), request.params.id),
  );
};
